import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** Sends a delivery's event again, as a new delivery (its attempts start again at 1). */
export function useRedeliver(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => unwrap(api.POST('/api/v1/webhook/redeliver', { body: { deliveryId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
