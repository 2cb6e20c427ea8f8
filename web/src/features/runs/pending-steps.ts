// The results of single steps as the execute page shows them before the server has them: the
// step marks waiting in the outbox (pending-results.ts) laid over the test's steps, and the status
// the test is expected to take from them. Plain functions, unit-tested in
// test/web/unit/pending-results.test.ts.

import type { PendingResult } from './pending-results';
import type { ExecutionStep, StepResult, TestStatus } from './run-execution';

/** A step as the page shows it: its result flagged `unsent` while it waits in the outbox. */
export type ShownStep = Omit<ExecutionStep, 'result'> & { result: (ExecutionStep['result'] & { unsent?: true }) | null };

/** `steps` with `results` in place of their earlier results (the others unchanged, the same objects), flagged `unsent` when asked. */
export function withStepResults(steps: readonly ShownStep[], results: readonly StepResult[], unsent?: true): ShownStep[] {
  if (results.length === 0) return steps as ShownStep[];
  const byIndex = new Map(results.map((r) => [r.index, r]));
  return steps.map((s) => {
    const r = byIndex.get(s.index);
    return r ? { ...s, result: { status: r.status, comment: r.comment ?? null, ...(unsent ? { unsent } : {}) } } : s;
  });
}

/** The steps of a test of a run with its step marks still waiting laid over them, the latest of each step. */
export function withPendingSteps(
  steps: readonly ExecutionStep[],
  list: readonly PendingResult[],
  runId: number,
  testId: number,
): ShownStep[] {
  const waiting = list.filter((r) => r.runId === runId && r.testId === testId).flatMap((r) => r.stepResults ?? []);
  return withStepResults(steps, waiting, true);
}

/**
 * The status a test takes when a step's result is sent without one (the rule of
 * PUT /run/update-test-status): a failed step fails it, else a blocked one blocks it, every step
 * passed passes it; otherwise it keeps `current`.
 */
export function statusFromSteps(steps: readonly ShownStep[], current: TestStatus): TestStatus {
  const statuses = steps.map((s) => s.result?.status);
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('blocked')) return 'blocked';
  if (statuses.length > 0 && statuses.every((s) => s === 'passed')) return 'passed';
  return current;
}
