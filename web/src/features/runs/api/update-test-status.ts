import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../lib/api';
import { applyToCounts, applyToTests, undoResults, type Result, type TestStatus } from '../run-execution';
import { runStateQueryOptions } from './get-run-state';
import { runTestsQueryOptions } from './get-run-tests';
import { runKeys } from './query-keys';

/** Writes results into the cached rows and counts at once, as if the server had answered (or as another tester's live marks say). */
export function applyToCache(qc: QueryClient, projectId: number, runId: number, results: Result[]) {
  const testsKey = runTestsQueryOptions(projectId, runId).queryKey;
  const current = new Map<number, TestStatus>((qc.getQueryData(testsKey) ?? []).map((t) => [t.testId, t.status]));
  qc.setQueryData(runStateQueryOptions(projectId, runId).queryKey, (state) => state && applyToCounts(state, current, results));
  qc.setQueryData(testsKey, (tests) => tests && applyToTests(tests, results));
}

/**
 * PUT /run/update-test-status for one or several tests (the comment goes to each). The row and
 * the counts change before the server answers, nothing is fetched again; a refusal puts back
 * what those tests were and leaves the error (e.g. 423 Run is locked) on the mutation.
 */
export function useUpdateTestStatus(projectId: number, runId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (results: Result[]) =>
      unwrap(
        api.PUT('/api/v1/run/update-test-status', {
          body: { runId, projectId, testResults: results.map((r) => ({ testId: r.testId, status: r.status, comment: r.comment })) },
        }),
      ),
    onMutate: async (results) => {
      // A fetch in flight would overwrite the optimistic rows with what it read before.
      await qc.cancelQueries({ queryKey: runKeys.run(projectId, runId) });
      const tests = qc.getQueryData(runTestsQueryOptions(projectId, runId).queryKey) ?? [];
      const undo = undoResults(
        tests,
        results.map((r) => r.testId),
      );
      applyToCache(qc, projectId, runId, results);
      return { undo };
    },
    onError: (error, _results, context) => {
      // Undo only these tests (not a whole earlier snapshot), so other marks in flight survive.
      if (context) applyToCache(qc, projectId, runId, context.undo);
      // Locked behind our back: learn it, so the banner shows and the keys stop.
      if (error instanceof ApiError && error.code === 'run_locked') {
        void qc.invalidateQueries({ queryKey: runKeys.detail(projectId, runId) });
        void qc.invalidateQueries({ queryKey: runKeys.state(projectId, runId) });
      }
    },
    onSuccess: (_data, results) => {
      for (const r of results) void qc.invalidateQueries({ queryKey: runKeys.history(projectId, runId, r.testId) });
    },
  });
}
