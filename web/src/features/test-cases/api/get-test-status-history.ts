import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** A test's status changes across all runs of its project, newest first. */
export const testStatusHistoryQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: ['test-status-history', projectId, testId],
    queryFn: () => unwrap(api.GET('/api/v1/test/status-history', { params: { query: { projectId, testId } } })),
  });

export const useTestStatusHistory = (projectId: number, testId: number) => useQuery(testStatusHistoryQueryOptions(projectId, testId));
