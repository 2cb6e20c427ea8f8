import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrapPage } from '../../../lib/api';
import { runKeys } from './query-keys';

/**
 * One test's status changes in one run, newest first: a page of up to 1000 (the
 * API's default), then older pages by cursor when asked for.
 */
export const runTestHistoryQueryOptions = (projectId: number, runId: number, testId: number) =>
  infiniteQueryOptions({
    queryKey: runKeys.history(projectId, runId, testId),
    queryFn: ({ pageParam }) =>
      unwrapPage(api.GET('/api/v1/run/test-status-history', { params: { query: { runId, testId, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useRunTestHistory = (projectId: number, runId: number, testId: number | undefined) =>
  useInfiniteQuery({ ...runTestHistoryQueryOptions(projectId, runId, testId ?? 0), enabled: testId !== undefined });
