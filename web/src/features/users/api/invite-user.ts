import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import type { JsonBody } from '../../../lib/json-body';
import { userKeys } from './query-keys';

type InviteBody = JsonBody<'postUserInvite'>;

/**
 * Invites an email into an organization, once per submission (Idempotency-Key); the invitee joins
 * at first sign-in, so only the pending invitations change.
 */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: InviteBody, key: string) => unwrap(api.POST('/api/v1/user/invite', { body, headers: { 'Idempotency-Key': key } })),
    onSuccess: (_invitation, body) => queryClient.invalidateQueries({ queryKey: userKeys.invitations(body.orgId) }),
  });
}
