import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { userKeys } from './query-keys';

type InviteBody = JsonBody<'postUserInvite'>;

/** Invites an email into an organization; the invitee joins at first sign-in, so only the pending invitations change. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => unwrap(api.POST('/api/v1/user/invite', { body })),
    onSuccess: (_invitation, body) => queryClient.invalidateQueries({ queryKey: userKeys.invitations(body.orgId) }),
  });
}
