import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '../../../lib/api';
import { testKeys } from './query-keys';

/**
 * A test's status changes across all runs of its project, newest first: a page of
 * up to 1000 (the API's default), then older pages by cursor when asked for.
 */
export const testStatusHistoryQueryOptions = (projectId: number, testId: number) =>
  infiniteQueryOptions({
    queryKey: testKeys.statusHistory(projectId, testId),
    queryFn: ({ pageParam }) =>
      unwrapPage(api.GET('/api/v1/test/status-history', { params: { query: { projectId, testId, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useTestStatusHistory = (projectId: number, testId: number) =>
  useInfiniteQuery(testStatusHistoryQueryOptions(projectId, testId));
