import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** One test's status changes in one run, newest first. */
export const runTestHistoryQueryOptions = (projectId: number, runId: number, testId: number) =>
  queryOptions({
    queryKey: ['runs', projectId, runId, 'history', testId],
    queryFn: () => unwrap(api.GET('/api/v1/run/test-status-history', { params: { query: { runId, testId } } })),
  });

export const useRunTestHistory = (projectId: number, runId: number, testId: number | undefined) =>
  useQuery({ ...runTestHistoryQueryOptions(projectId, runId, testId ?? 0), enabled: testId !== undefined });
