import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { authKeys } from '../../auth';
import { userKeys } from './query-keys';

type UpdateRoleBody = JsonBody<'putUserUpdateRole'>;

/** Changes a member's role in one organization; refreshes `me` too, as it may be the caller's own (the nav follows). */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRoleBody) => unwrap(api.PUT('/api/v1/user/update-role', { body })),
    onSuccess: async (_user, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: body.orgId === undefined ? userKeys.all() : userKeys.org(body.orgId) }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
