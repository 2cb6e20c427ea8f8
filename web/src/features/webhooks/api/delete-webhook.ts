import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** Deletes a webhook with its deliveries. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => unwrap(api.DELETE('/api/v1/webhook/delete', { body: { webhookId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}
