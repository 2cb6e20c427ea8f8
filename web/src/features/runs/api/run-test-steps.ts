import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { paths } from '../../../lib/api-types';
import type { TestStatus } from '../run-execution';
import { runKeys } from './query-keys';

// One test as it stands in the run (GET /run/test-detail): its steps numbered, each with its result,
// and whether the test case changed since the run took it; and the results of single steps.

export type RunTestDetail = paths['/api/v1/run/test-detail']['get']['responses'][200]['content']['application/json']['data'];
/** A step as GET /run/test-detail numbers it, with its result in the run. */
export interface ExecutionStep {
  index: number;
  action: string;
  expected: string | null;
  data: string | null;
  sharedSteps: { sharedStepsId: number; name: string } | null;
  result: { status: TestStatus; comment: string | null } | null;
}

export const runTestDetailQueryOptions = (projectId: number, runId: number, testId: number) =>
  queryOptions({
    queryKey: runKeys.testDetail(projectId, runId, testId),
    queryFn: () => unwrap(api.GET('/api/v1/run/test-detail', { params: { query: { projectId, runId, testId } } })),
  });

export const useRunTestDetail = (projectId: number, runId: number, testId: number | undefined) =>
  useQuery({ ...runTestDetailQueryOptions(projectId, runId, testId ?? 0), enabled: testId !== undefined });

/**
 * PUT /run/update-test-status with the result of one step and no status: the server merges it with
 * the other steps' results and sets the test's status from them (a failed step fails it). The run
 * is read again: its rows, counts and this test's steps.
 */
export function useSetStepResult(projectId: number, runId: number, testId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ index, status }: { index: number; status: TestStatus }) =>
      unwrap(
        api.PUT('/api/v1/run/update-test-status', {
          body: { runId, projectId, testResults: [{ testId, stepResults: [{ index, status }] }] },
        }),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: runKeys.run(projectId, runId) }),
  });
}
