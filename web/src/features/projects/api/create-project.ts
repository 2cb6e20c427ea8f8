import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { projectKeys } from './query-keys';

export type CreateProjectBody = JsonBody<'postProjectCreate'>;

/** POST /project/create (User); the org's lists refetch. A duplicate name is a 409 ApiError. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => unwrap(api.POST('/api/v1/project/create', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all() }),
  });
}
