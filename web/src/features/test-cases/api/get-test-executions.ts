import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { testKeys } from './query-keys';

/** How many of a test's last executions its page shows. */
export const EXECUTIONS_SHOWN = 30;

/** The test's last EXECUTIONS_SHOWN executions, newest first: one per run in which it has a result other than untested. */
export const testExecutionsQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: testKeys.executions(projectId, testId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/v1/test/executions', { params: { query: { projectId, testId, limit: EXECUTIONS_SHOWN } }, signal })),
  });

export const useTestExecutions = (projectId: number, testId: number) => useQuery(testExecutionsQueryOptions(projectId, testId));
