import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { webhookKeys } from './query-keys';

export const DELIVERIES_PAGE_SIZE = 25;

/** One page of a webhook's delivery attempts, newest first, with the bodies sent and answered. */
export const deliveriesQueryOptions = (webhookId: number, offset: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveriesPage(webhookId, offset),
    queryFn: () => unwrap(api.GET('/api/v1/webhook/deliveries', { params: { query: { webhookId, limit: DELIVERIES_PAGE_SIZE, offset } } })),
  });

// Deliveries are made by the job queue after the request that caused them: the page looks again
// every few seconds while it is on screen, and keeps the previous page while the next loads.
export const useDeliveries = (webhookId: number, offset: number) =>
  useQuery({ ...deliveriesQueryOptions(webhookId, offset), placeholderData: keepPreviousData, refetchInterval: 3000 });

export type Delivery = NonNullable<ReturnType<typeof useDeliveries>['data']>['deliveries'][number];
