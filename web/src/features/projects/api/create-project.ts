import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import type { JsonBody } from '../../../lib/json-body';
import { projectKeys } from './query-keys';

export type CreateProjectBody = JsonBody<'postProjectCreate'>;

/**
 * POST /project/create (User), once per submission (Idempotency-Key: a repeat answers the first
 * create, not 409); the org's lists refetch. A duplicate name is a 409 ApiError.
 */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: CreateProjectBody, key: string) =>
      unwrap(api.POST('/api/v1/project/create', { body, headers: { 'Idempotency-Key': key } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all() }),
  });
}
