import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import type { JsonBody } from '../../../lib/json-body';

type InviteBody = JsonBody<'postUserInvite'>;

/**
 * Invites an email into an organization, once per submission (Idempotency-Key); the invitee joins
 * at first sign-in, so the members list is unchanged.
 */
export const useInviteUser = () =>
  useIdempotentMutation({
    mutationFn: (body: InviteBody, key: string) => unwrap(api.POST('/api/v1/user/invite', { body, headers: { 'Idempotency-Key': key } })),
  });
