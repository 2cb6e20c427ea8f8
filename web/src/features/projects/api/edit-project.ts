import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { projectKeys } from './query-keys';

export type EditProjectBody = JsonBody<'putProjectEdit'>;

/** PUT /project/edit (User): name and description; lists and the detail (header) refetch. */
export function useEditProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditProjectBody) => unwrap(api.PUT('/api/v1/project/edit', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all() }),
  });
}
