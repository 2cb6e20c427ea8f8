import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { userKeys } from './query-keys';

/** Withdraws a pending invitation of the organization; its list refreshes. */
export function useRevokeInvitation(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => unwrap(api.DELETE('/api/v1/invitation/revoke', { body: { invitationId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.invitations(orgId) }),
  });
}
