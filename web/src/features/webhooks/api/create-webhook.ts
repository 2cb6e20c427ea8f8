import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation';
import type { JsonBody } from '../../../lib/json-body';
import { webhookKeys } from './query-keys';

export type CreateWebhookBody = JsonBody<'postWebhookCreate'>;

/**
 * Adds a webhook; its signing secret is in this answer only, so the caller keeps it in memory,
 * never in the cache. No Idempotency-Key, as for tokens: the server would keep the answer, secret
 * and all, to replay it; the in-flight guard stops a double click.
 */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: CreateWebhookBody) => unwrap(api.POST('/api/v1/webhook/create', { body })),
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: webhookKeys.list(body.orgId) }),
  });
}
