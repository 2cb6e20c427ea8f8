import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { findRunTest } from './data';
import { runNotFound } from './run-access';
import { projectVersionAt } from '../projects/project-version';
import type { RunTestRecord } from './runs.schemas';
import type { ExecutionStep, RunTestDetail } from './run-test-detail.schemas';
import type { StepResult } from './step-results.schemas';
import type { StepsRecord } from '../test-cases/steps.schemas';

/** The steps as a tester executes them: shared steps expanded in place, numbered from 1, each with its result. */
export function executionSteps(steps: StepsRecord, results: StepResult[] | null): string | ExecutionStep[] | null {
  if (steps === null || typeof steps === 'string') return steps;
  const byIndex = new Map((results ?? []).map((r) => [r.index, r]));
  type Flat = { action: string; expected?: string | null; data?: string | null; sharedSteps: ExecutionStep['sharedSteps'] };
  const flat: Flat[] = steps.flatMap((s): Flat[] =>
    'sharedStepsId' in s
      ? s.steps.map((inner) => ({ ...inner, sharedSteps: { sharedStepsId: s.sharedStepsId, name: s.name } }))
      : [{ ...s, sharedSteps: null }],
  );
  return flat.map((s, i) => {
    const result = byIndex.get(i + 1);
    return {
      index: i + 1,
      action: s.action,
      expected: s.expected ?? null,
      data: s.data ?? null,
      sharedSteps: s.sharedSteps,
      result: result ? { status: result.status, comment: result.comment ?? null } : null,
    };
  });
}

/** One test as it stands in the run (GET /run/test-detail): its run record, the test case's texts and steps with their results, fields and versions. */
export async function getRunTestDetail(
  ctx: RequestContext,
  q: { runId: number; projectId: number; testId: number },
): Promise<RunTestDetail> {
  const row = await findRunTest(ctx.db, ctx.orgIds, q);
  if (!row) return runNotFound(ctx, q.projectId);
  if (!row.test || !row.extras) throw notFound('Test');
  ctx.answer.version = projectVersionAt(q.projectId, row.projectChanges);
  const { changes, steps, ...extras } = row.extras;
  return {
    ...(JSON.parse(row.test) as RunTestRecord),
    ...extras,
    steps: executionSteps(steps, extras.stepResults),
    changedSince: changes,
  };
}
