import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { projectKeys } from './query-keys';

export type ProjectStatusBody = JsonBody<'putProjectUpdateStatus'>;

/** PUT /project/update-status (User): the project moves between the active and inactive lists. */
export function useUpdateProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectStatusBody) => unwrap(api.PUT('/api/v1/project/update-status', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all() }),
  });
}
