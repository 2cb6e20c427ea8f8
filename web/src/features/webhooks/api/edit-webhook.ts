import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { JsonBody } from '../../../lib/json-body';
import { webhookKeys } from './query-keys';

export type EditWebhookBody = JsonBody<'putWebhookEdit'>;

/** Changes a webhook's address, project, events, format or active state (turning one on again clears a disabled state). */
export function useEditWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditWebhookBody) => unwrap(api.PUT('/api/v1/webhook/edit', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}
