import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

/** An organization's webhooks (Admin), without their secrets: state, events, format, and why one was disabled. */
export const webhooksQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: webhookKeys.list(orgId),
    queryFn: () => unwrap(api.GET('/api/v1/webhooks', { params: { query: { orgId } } })),
  });

export const useWebhooks = (orgId: number) => useQuery(webhooksQueryOptions(orgId));

export type Webhook = Awaited<ReturnType<NonNullable<ReturnType<typeof webhooksQueryOptions>['queryFn']>>>['webhooks'][number];

/** One webhook found among the lists of the organizations given (the caller's, as Admin): the deliveries page knows only its id. */
export function useWebhookAmong(orgIds: number[], webhookId: number): { webhook?: Webhook; pending: boolean; error: unknown } {
  const lists = useQueries({ queries: orgIds.map(webhooksQueryOptions) });
  const webhook = lists.flatMap((l) => l.data?.webhooks ?? []).find((w) => w.webhookId === webhookId);
  return { webhook, pending: !webhook && lists.some((l) => l.isPending), error: lists.find((l) => l.error)?.error };
}
