import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/**
 * Deletes a webhook with its deliveries. The list is refreshed without waiting: waiting would
 * remove the card, and the caller's callbacks with it, before they run.
 */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => unwrap(api.DELETE('/api/v1/webhook/delete', { body: { webhookId } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all() });
    },
  });
}
