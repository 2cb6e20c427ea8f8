import type { Tx } from '../../db/client';
import { badRequest } from '../../core/errors';
import { steppedRows } from './data/step-results';
import type { StepResult } from './step-results.schemas';
import type { TestStatusName } from './test-status';
import type { UpdateStatusInput } from './runs.schemas';
import { entriesMessage, MAX_NAMED } from './run-test-sources';

// Step results of a status update: checked against each test's steps, merged into the result's
// earlier step results, and the result's status when the update gives none.

/** The result's status from its steps: a failed step fails it, else a blocked one blocks it; every step passed passes it; else it stays. */
export function statusFromSteps(steps: StepResult[], stepCount: number, current: TestStatusName): TestStatusName {
  if (steps.some((s) => s.status === 'failed')) return 'failed';
  if (steps.some((s) => s.status === 'blocked')) return 'blocked';
  if (stepCount > 0 && steps.length === stepCount && steps.every((s) => s.status === 'passed')) return 'passed';
  return current;
}

/** Each result's status, and its step results as stored (JSON text; null: unchanged). The tests are in the run. */
export async function resolveStepResults(
  tx: Tx,
  runId: number,
  results: UpdateStatusInput['testResults'],
): Promise<{ statuses: TestStatusName[]; stepResults: (string | null)[] }> {
  const stepped = results.filter((r) => r.stepResults !== undefined).map((r) => r.testId);
  const rows = new Map(stepped.length ? (await steppedRows(tx, runId, stepped)).map((row) => [row.testId, row]) : []);
  const errors: string[] = [];
  const out = results.map((r, i) => {
    if (r.stepResults === undefined) return { status: r.status!, steps: null };
    const row = rows.get(r.testId)!;
    r.stepResults.forEach((s, j) => {
      if (s.index > row.stepCount) {
        const has = row.stepCount === 0 ? 'has no list of steps' : `has ${row.stepCount} step${row.stepCount === 1 ? '' : 's'}`;
        errors.push(`testResults.${i}.stepResults.${j}.index: Test ${r.testId} ${has}`);
      }
    });
    const merged = new Map((row.stepResults ?? []).map((s) => [s.index, s]));
    for (const s of r.stepResults) merged.set(s.index, s.comment ? s : { index: s.index, status: s.status });
    const steps = [...merged.values()].sort((a, b) => a.index - b.index);
    return { status: r.status ?? statusFromSteps(steps, row.stepCount, row.status), steps: JSON.stringify(steps) };
  });
  if (errors.length) throw badRequest(entriesMessage(errors.slice(0, MAX_NAMED + 1)));
  return { statuses: out.map((o) => o.status), stepResults: out.map((o) => o.steps) };
}
