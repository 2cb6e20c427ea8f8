import { useState } from 'react';
import { useRunTestDetail, useSetStepResult, type ExecutionStep } from './api/run-test-steps';
import type { TestStatus } from './run-execution';

/**
 * The steps of the test open on the execute screen, and the one picked with keys 1–9: while a step
 * is picked, the status keys set that step's result (not the test's); Esc goes back to the test.
 */
export function useRunSteps(projectId: number, runId: number, testId: number | undefined) {
  const detail = useRunTestDetail(projectId, runId, testId);
  const steps: ExecutionStep[] = Array.isArray(detail.data?.steps) ? (detail.data.steps as ExecutionStep[]) : [];
  // The pick belongs to one test: another test starts with none.
  const [pick, setPick] = useState<{ testId: number; index: number } | null>(null);
  const picked = pick && pick.testId === testId && pick.index <= steps.length ? pick.index : null;
  const save = useSetStepResult(projectId, runId, testId ?? 0);
  return {
    detail,
    steps,
    picked,
    /** Picks step `index` (from 1) when the test has it; null goes back to the whole test. */
    pickStep: (index: number | null) => setPick(index !== null && testId !== undefined && index <= steps.length ? { testId, index } : null),
    setStepStatus: (status: TestStatus, index = picked) => {
      if (index !== null) save.mutate({ index, status });
    },
    save,
  };
}
export type RunSteps = ReturnType<typeof useRunSteps>;
