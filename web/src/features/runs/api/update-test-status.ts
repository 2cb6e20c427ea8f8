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
 * A read of the rows still in flight (a page just opened, say after signing in again, or the run
 * read again after a reconnection) may have started before this write and would put the old
 * statuses back: the rows are read again after it, as they are when `readAgain` says so.
 */
export function applyToCache(qc: QueryClient, projectId: number, runId: number, results: Result[], readAgain = false) {
  const rows = runTestsQueryOptions(projectId, runId).queryKey;
  qc.setQueryData(rows, (tests) => tests && applyToTests(tests, results));
  if (readAgain || qc.isFetching({ queryKey: rows }) > 0) readAfterWrite(qc, rows);
}

/**
 * The server has the batch: its results go into the cached rows (nothing is fetched again unless
 * a read was in flight), and the tests' histories are read afresh when next shown. Step results
 * go into the cached steps of their tests, which are read again: the server merged them with the
 * steps' other results (perhaps another tester's).
 */
export function applySent({ projectId, runId, results }: Batch) {
  // A defect added here has no link yet (the server makes it from the project's template): the rows are read for it.
  const unread = queryClient.getQueryData(runTestsQueryOptions(projectId, runId).queryKey) === undefined;
  applyToCache(queryClient, projectId, runId, results, unread || results.some((r) => r.defects?.length));
  const stepped = results.filter((r) => r.stepResults);
  for (const { testId, stepResults } of stepped) {
    queryClient.setQueryData(runTestDetailQueryOptions(projectId, runId, testId).queryKey, (d) =>
      d && Array.isArray(d.steps) ? { ...d, steps: withStepResults(d.steps, stepResults!) } : d,
    );
    readAfterWrite(queryClient, runKeys.testDetail(projectId, runId, testId));
  }
  for (const r of results) void queryClient.invalidateQueries({ queryKey: runKeys.history(projectId, runId, r.testId) });
}

/** Reads a query again, after a write the server has. */
function readAfterWrite(qc: QueryClient, queryKey: readonly unknown[]) {
  const inFlight = qc.isFetching({ queryKey }) > 0;
  const read = qc.invalidateQueries({ queryKey });
  // A first read in flight (no data yet) is not restarted by an invalidation, only joined: it may
  // still bring the old statuses, so read once more after it is in.
  if (inFlight) void read.then(() => qc.invalidateQueries({ queryKey }));
}

/** The server refused the batch for good: locked behind the page's back, it learns the lock (the banner shows, the keys stop). */
export function applyRefused({ projectId, runId }: Batch, error: unknown) {
  if (error instanceof ApiError && error.code === 'run_locked')
    void queryClient.invalidateQueries({ queryKey: runKeys.detail(projectId, runId) });
}

export type { Result };
