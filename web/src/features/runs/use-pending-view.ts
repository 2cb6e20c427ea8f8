import { useMemo } from 'react';
import type { RunTest } from './api/get-run-tests';
import { useOutbox } from './outbox';
import { latestByTest, withPending } from './pending-results';
import { countStatuses } from './run-execution';

/**
 * The run as the tester has marked it: the server's tests with the marks still on their way
 * (outbox.ts) applied, those rows flagged `unsent`, and the counts of these rows; and the
 * outbox's state.
 */
export function usePendingView(runId: number, tests: RunTest[] | undefined) {
  const outbox = useOutbox();
  const pending = useMemo(() => latestByTest(outbox.list, runId), [outbox.list, runId]);
  const shownTests = useMemo(() => tests && withPending(tests, pending), [tests, pending]);
  const shownCounts = useMemo(() => shownTests && countStatuses(shownTests), [shownTests]);
  const refusal = outbox.refusal?.runId === runId ? outbox.refusal.error : null;
  return { tests: shownTests, counts: shownCounts, unsent: pending.size, state: outbox.state, refusal };
}
