import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { recordInProject } from '../audit/audit.service';
import { deleteRunTests, idListSql, idsNotInRun, notifyRunChange, resetResults, setStatuses } from './data';
import { lockRunForWrite, RUN_WRITE_TX } from './run-access';
import { defectLinks } from '../defects/defect-links';
import { entriesMessage, insertUntested, MAX_NAMED, requireLiveTests } from './run-test-sources';
import type { AddTestsInput, RemoveTestsInput, UpdateStatusInput } from './runs.schemas';
import { resolveStepResults } from './step-results';
import { checkItemValues } from '../custom-fields/field-values';
import { emitIfCompleted, fillOf } from '../webhooks/emitters/run-events';
import { watchResults } from '../webhooks/emitters/results-events';

// Writes to the results of a run: status updates, reset, adding and removing tests. Each
// is one transaction under the run's row lock (see lockRunForWrite) and a
// constant number of set-based statements (data/results.ts), whatever the number of tests.

/** Refuses (400) the entries whose test is not in the run, naming them as `<field>.<i>.testId`. */
export async function requireTestsInRun(tx: Tx, runId: number, ids: number[], name: (i: number) => string) {
  const rows = await idsNotInRun(tx, runId, ids, MAX_NAMED + 1);
  if (rows.length) {
    throw badRequest(entriesMessage(rows.map((r) => `${name(Number(r.n) - 1)}: Test ${r.id} is not in the run`)), 'invalid_reference');
  }
}

/**
 * Sets the given statuses, comments and defects, one history entry per result (in the order given), in one
 * statement. A result without a comment, elapsed time or defects records none: each result stands on its own.
 */
export async function updateTestStatuses(ctx: RequestContext, input: UpdateStatusInput) {
  const ids = input.testResults.map((r) => r.testId);
  const fields = input.testResults.map((r) => (r.customFields === undefined ? null : JSON.stringify(r.customFields)));
  const comments = input.testResults.map((r) => r.comment ?? null);
  const elapsed = input.testResults.map((r) => r.elapsedMs ?? null);
  const defects = input.testResults.map((r) => r.defects ?? []);
  return ctx.db.$transaction(async (tx) => {
    const run = await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    await requireTestsInRun(tx, input.runId, ids, (i) => `testResults.${i}.testId`);
    await checkItemValues(
      tx,
      'result',
      input.testResults.map((r, i) => ({
        projectId: run.projectId,
        at: `testResults.${i}.customFields`,
        values: r.customFields,
        create: false,
      })),
    );
    const { statuses, stepResults } = await resolveStepResults(tx, input.runId, input.testResults);
    const place = { orgId: run.orgId, projectId: run.projectId, runId: input.runId };
    const watch = await watchResults(tx, ctx, place, input.runId, { ids });
    const { updated, ...fill } = await setStatuses(tx, input.runId, ctx.userId, {
      testIds: ids,
      statuses,
      comments,
      elapsedMs: elapsed,
      defects,
      stepResults,
      customFields: fields,
    });
    const tests = input.testResults.map((r, i) => ({
      testId: r.testId,
      status: statuses[i],
      comment: comments[i],
      elapsedMs: elapsed[i],
      defects: defectLinks(defects[i], run.defectUrlTemplate),
    }));
    await notifyRunChange(tx, { ...input, userId: ctx.userId, kind: 'results', count: tests.length, tests });
    await watch.written(input.runId, new Map(ids.map((id, i) => [id, statuses[i]])));
    await emitIfCompleted(tx, ctx, place, fillOf(run), fill);
    return { updated };
  }, RUN_WRITE_TX);
}

/** Every test of the run becomes `retest` (comment, elapsed time and defects cleared), each with a history entry. */
export async function resetRun(ctx: RequestContext, runId: number, projectId: number) {
  return ctx.db.$transaction(async (tx) => {
    const run = await lockRunForWrite(tx, ctx, runId, projectId);
    // A reset completes nothing (its results are all retest): it emits results.updated alone.
    const watch = await watchResults(tx, ctx, { orgId: run.orgId, projectId }, runId, { all: fillOf(run).total });
    const reset = await resetResults(tx, runId, ctx.userId);
    await watch.written(runId, { all: 'retest' });
    await notifyRunChange(tx, { runId, projectId, userId: ctx.userId, kind: 'reset', count: reset });
    await recordInProject(tx, ctx, projectId, {
      action: 'run.reset',
      targetType: 'run',
      targetId: runId,
      detail: { projectId, reset },
    });
    return { reset };
  }, RUN_WRITE_TX);
}

/** Drops tests from the run; their history in it stays. A test not in the run is 400. */
export async function removeTests(ctx: RequestContext, input: RemoveTestsInput) {
  return ctx.db.$transaction(async (tx) => {
    const run = await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    await requireTestsInRun(tx, input.runId, input.testIds, (i) => `testIds.${i}`);
    const { removed, ...fill } = await deleteRunTests(tx, input.runId, input.testIds);
    await notifyRunChange(tx, { ...input, userId: ctx.userId, kind: 'run', count: removed });
    // Removing the last untested tests completes the run.
    await emitIfCompleted(tx, ctx, { orgId: run.orgId, projectId: input.projectId, runId: input.runId }, fillOf(run), fill);
    return { removed };
  }, RUN_WRITE_TX);
}

/**
 * Puts live tests of the project into an open run as `untested` (one history
 * entry each, by test id); tests already in it keep their status and comment.
 */
export async function addTests(ctx: RequestContext, input: AddTestsInput) {
  return ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    await requireLiveTests(tx, input.projectId, input.testIds);
    const added = await insertUntested(tx, input.runId, ctx.userId, idListSql(input.testIds), { newRun: false });
    await notifyRunChange(tx, { ...input, userId: ctx.userId, kind: 'run', count: added.added });
    return added;
  }, RUN_WRITE_TX);
}
