import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import type { Batch } from '../pending-results';
import { withStepResults } from '../pending-steps';
import { applyToTests, type Result } from '../run-execution';
import { runTestsQueryOptions } from './get-run-tests';
import { runKeys } from './query-keys';
import { runTestDetailQueryOptions } from './run-test-steps';

/**
 * PUT /run/update-test-status for one batch of waiting marks (outbox.ts), under the batch's
 * Idempotency-Key: a retry of a request whose answer was lost is answered from the first one,
 * not applied twice.
 */
export const sendResults = (batch: Batch) =>
  unwrap(
    api.PUT('/api/v1/run/update-test-status', {
      body: {
        runId: batch.runId,
        projectId: batch.projectId,
        testResults: batch.results.map(({ defects, stepResults, status, ...r }) => ({
          ...r,
          // A step's result goes without the status: the server takes it from the test's steps.
          ...(stepResults ? { stepResults } : { status }),
          // Defects go as ids: their links are the server's to make.
          ...(defects?.length ? { defects: defects.map((d) => d.id) } : {}),
        })),
      },
      headers: { 'Idempotency-Key': batch.key },
    }),
  );

/**
 * Writes results into the cached rows at once, as if the server had answered (or as another
 * tester's live marks say); the page counts its rows (countStatuses), so the counts follow.
 */
export function applyToCache(qc: QueryClient, projectId: number, runId: number, results: Result[]) {
  qc.setQueryData(runTestsQueryOptions(projectId, runId).queryKey, (tests) => tests && applyToTests(tests, results));
}

/**
 * The server has the batch: its results go into the cached rows (nothing is fetched
 * again unless a read was in flight), and the tests' histories are read afresh when next shown.
 * Step results go into the cached steps of their tests, which are read again: the server merged
 * them with the steps' other results (perhaps another tester's).
 */
export function applySent({ projectId, runId, results }: Batch) {
  applyToCache(queryClient, projectId, runId, results);
  const stepped = results.filter((r) => r.stepResults);
  for (const { testId, stepResults } of stepped)
    queryClient.setQueryData(runTestDetailQueryOptions(projectId, runId, testId).queryKey, (d) =>
      d && Array.isArray(d.steps) ? { ...d, steps: withStepResults(d.steps, stepResults!) } : d,
    );
  for (const { testId } of stepped) readAfterWrite(runKeys.testDetail(projectId, runId, testId));
  // A read of the rows still in flight (a page just opened, say after signing in again) may have
  // started before this write and would put the old statuses back: read them again after it.
  // A defect added here has no link yet (the server makes it from the project's template): read the rows for it.
  const rows = runKeys.tests(projectId, runId);
  const stale = queryClient.getQueryData(rows) === undefined || results.some((r) => r.defects?.length);
  if (stale || queryClient.isFetching({ queryKey: rows }) > 0) readAfterWrite(rows);
  for (const r of results) void queryClient.invalidateQueries({ queryKey: runKeys.history(projectId, runId, r.testId) });
}

/** Reads a query again, after a write the server has. */
function readAfterWrite(queryKey: readonly unknown[]) {
  const inFlight = queryClient.isFetching({ queryKey }) > 0;
  const read = queryClient.invalidateQueries({ queryKey });
  // A first read in flight (no data yet) is not restarted by an invalidation, only joined: it may
  // still bring the old statuses, so read once more after it is in.
  if (inFlight) void read.then(() => queryClient.invalidateQueries({ queryKey }));
}

/** The server refused the batch for good: locked behind the page's back, it learns the lock (the banner shows, the keys stop). */
export function applyRefused({ projectId, runId }: Batch, error: unknown) {
  if (error instanceof ApiError && error.code === 'run_locked') {
    void queryClient.invalidateQueries({ queryKey: runKeys.detail(projectId, runId) });
    void queryClient.invalidateQueries({ queryKey: runKeys.state(projectId, runId) });
  }
}

export type { Result };
