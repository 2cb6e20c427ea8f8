import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** Sends the webhook a `ping`; its delivery shows in the webhook's deliveries. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => unwrap(api.POST('/api/v1/webhook/test', { body: { webhookId } })),
    onSuccess: (_, webhookId) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
