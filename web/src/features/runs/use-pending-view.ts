import { useMemo } from 'react';
import type { RunTest } from './api/get-run-tests';
import { useOutbox } from './outbox';
import { latestByTest, withPending } from './pending-results';
import { applyToCounts, type StatusCounts, type TestStatus } from './run-execution';

/**
 * The run as the tester has marked it: the server's tests and counts with the marks still on
 * their way (outbox.ts) applied, those rows flagged `unsent`; and the outbox's state.
 */
export function usePendingView<C extends StatusCounts>(runId: number, tests: RunTest[] | undefined, counts: C | undefined) {
  const outbox = useOutbox();
  const pending = useMemo(() => latestByTest(outbox.list, runId), [outbox.list, runId]);
  const shownTests = useMemo(() => tests && withPending(tests, pending), [tests, pending]);
  const shownCounts = useMemo(() => {
    if (!counts || !tests || pending.size === 0) return counts;
    const served = new Map<number, TestStatus>(tests.map((t) => [t.testId, t.status]));
    return applyToCounts(counts, served, [...pending.values()]);
  }, [counts, tests, pending]);
  const refusal = outbox.refusal?.runId === runId ? outbox.refusal.error : null;
  return { tests: shownTests, counts: shownCounts, unsent: pending.size, state: outbox.state, refusal };
}
