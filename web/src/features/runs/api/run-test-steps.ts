import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import { runKeys } from './query-keys';

// One test as it stands in the run (GET /run/test-detail): its steps numbered, each with its result,
// and whether the test case changed since the run took it. The results of single steps go through
// the outbox (outbox.ts) with the rest of the tester's marks.

export type RunTestDetail = paths['/api/v1/run/test-detail']['get']['responses'][200]['content']['application/json']['data'];

export const runTestDetailQueryOptions = (projectId: number, runId: number, testId: number) =>
  queryOptions({
    queryKey: runKeys.testDetail(projectId, runId, testId),
    queryFn: () => unwrap(api.GET('/api/v1/run/test-detail', { params: { query: { projectId, runId, testId } } })),
  });

export const useRunTestDetail = (projectId: number, runId: number, testId: number | undefined) =>
  useQuery({ ...runTestDetailQueryOptions(projectId, runId, testId ?? 0), enabled: testId !== undefined });
