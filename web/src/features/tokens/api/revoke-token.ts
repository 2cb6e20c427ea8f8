import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { tokenKeys } from './query-keys';

/** Revokes one of the caller's tokens; the list shows it revoked afterwards. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => unwrap(api.DELETE('/api/v1/token/delete', { body: { tokenId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all() }),
  });
}
