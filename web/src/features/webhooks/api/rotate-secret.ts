import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** Replaces a webhook's signing secret; the new one is in this answer only (the old one stops signing at once). */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => unwrap(api.PUT('/api/v1/webhook/rotate-secret', { body: { webhookId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}
