import { useMemo, useState } from 'react';
import type { RunTest } from './api/get-run-tests';
import { useRunTestDetail } from './api/run-test-steps';
import { addResults, useOutbox } from './outbox';
import { statusFromSteps, withPendingSteps, withStepResults } from './pending-steps';
import type { ExecutionStep, TestStatus } from './run-execution';

/**
 * The steps of the test open on the execute screen, with the step marks the server does not have
 * yet, and the one picked with keys 1–9: while a step is picked, the status keys set that step's
 * result (not the test's); Esc goes back to the test. A step's result is a mark like the test's
 * own, through the outbox: kept until the server has it, and shown at once (the test's status as
 * its steps make it).
 */
export function useRunSteps(projectId: number, runId: number, test: RunTest | undefined) {
  const testId = test?.testId;
  const detail = useRunTestDetail(projectId, runId, testId);
  const outbox = useOutbox();
  const served = detail.data?.steps;
  const steps = useMemo(
    () => (Array.isArray(served) && testId !== undefined ? withPendingSteps(served as ExecutionStep[], outbox.list, runId, testId) : []),
    [served, outbox.list, runId, testId],
  );
  // The pick belongs to one test: another test starts with none.
  const [pick, setPick] = useState<{ testId: number; index: number } | null>(null);
  const picked = pick && pick.testId === testId && pick.index <= steps.length ? pick.index : null;
  return {
    detail,
    steps,
    picked,
    /** Picks step `index` (from 1) when the test has it; null goes back to the whole test. */
    pickStep: (index: number | null) => setPick(index !== null && testId !== undefined && index <= steps.length ? { testId, index } : null),
    /** Sets a step's result; the test's comment and defects go with it, as a result without them would clear them. */
    setStepStatus: (status: TestStatus, index = picked) => {
      if (index === null || !test) return;
      const stepResults = [{ index, status }];
      const { comment, defects } = test;
      const expected = statusFromSteps(withStepResults(steps, stepResults), test.status);
      addResults(projectId, runId, [{ testId: test.testId, status: expected, comment, defects, stepResults }]);
    },
  };
}
export type RunSteps = ReturnType<typeof useRunSteps>;
