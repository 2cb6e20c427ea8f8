import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';

type InviteBody = JsonBody<'postUserInvite'>;

/** Invites an email into an organization; the invitee joins at first sign-in, so the members list is unchanged. */
export const useInviteUser = () => useMutation({ mutationFn: (body: InviteBody) => unwrap(api.POST('/api/v1/user/invite', { body })) });
