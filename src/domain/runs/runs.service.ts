import type { RequestContext } from '../../core/context';
import { pageOf } from '../../core/cursor';
import { badRequest } from '../../core/errors';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { projectVersionAt } from '../projects/project-version';
import { assigneeCounts, deleteRunRow, insertRunRow, listRunsPage, runStamp, updateRunRow } from './data';
import { requireUnchanged } from '../../core/record-stamp';
import { countsOf, lockRunForWrite, requireRun, RUN_WRITE_TX, toRunRecord } from './run-access';
import { buildColumns } from './run-build';
import { insertUntested, runFieldFilters, runTestSource } from './run-test-sources';
import type { CreateRunInput, EditRunInput } from './runs.schemas';
import { requireMilestone, requireRunMilestone } from '../milestones/milestones.service';
import { emitRunsCreated, emitRunsDeleted } from '../webhooks/emitters/run-events';

// Runs themselves: list, detail, create, edit, delete, state detail (lock and unlock: run-lock.service.ts).

/** A page of the project's runs, newest first; with a cursor, the runs older than its run. */
export async function listRuns(
  ctx: RequestContext,
  q: { projectId: number; milestoneId?: number; limit: number; offset: number; cursor?: number },
) {
  await requireProject(ctx, q.projectId);
  if (q.milestoneId !== undefined) await requireMilestone(ctx, q.projectId, q.milestoneId);
  const [rows, total] = await listRunsPage(ctx.db, {
    projectId: q.projectId,
    milestoneId: q.milestoneId,
    beforeId: q.cursor,
    skip: q.offset,
    take: q.limit,
  });
  const { rows: runs, next } = pageOf(rows, q.limit, (r) => r.runId);
  return { runs: runs.map(toRunRecord), total, limit: q.limit, offset: q.offset, ...next };
}

export async function getRun(ctx: RequestContext, runId: number, projectId: number) {
  const run = await requireRun(ctx, runId, projectId);
  return { ...toRunRecord(run), assignees: await assigneeCounts(ctx.db, runId) };
}

export async function getStateDetail(ctx: RequestContext, runId: number, projectId: number) {
  const run = await requireRun(ctx, runId, projectId);
  ctx.answer.version = projectVersionAt(projectId, run.projectChanges);
  return { runId: run.runId, locked: run.locked, ...countsOf(run) };
}

/**
 * Creates the run with its tests (listed, or selected in SQL) all `untested`,
 * one history entry each, in one transaction; an `empty` run has none yet.
 */
export async function createRun(ctx: RequestContext, input: CreateRunInput) {
  const project = await requireProject(ctx, input.projectId, { active: true });
  const place = { orgId: project.orgId, projectId: project.projectId };
  if (input.milestoneId !== undefined) await requireRunMilestone(ctx.db, ctx, input.projectId, input.milestoneId);
  if (input.empty) {
    const run = await ctx.db.$transaction(async (tx) => {
      const created = await insertRunRow(tx, {
        projectId: input.projectId,
        runName: input.runName,
        runDescription: input.runDescription ?? null,
        createdBy: ctx.userId,
        milestoneId: input.milestoneId,
        ...buildColumns(input.build),
      });
      await emitRunsCreated(tx, ctx, place, [created.runId]);
      return created;
    }, RUN_WRITE_TX);
    return toRunRecord(run);
  }
  const fieldFilters = input.customFields && (await runFieldFilters(ctx, input.projectId, input.customFields));
  const { source } = await runTestSource(ctx.db, input.projectId, { ...input, fieldFilters });
  const run = await ctx.db.$transaction(async (tx) => {
    const created = await insertRunRow(tx, {
      projectId: input.projectId,
      runName: input.runName,
      runDescription: input.runDescription ?? null,
      createdBy: ctx.userId,
      milestoneId: input.milestoneId,
      ...buildColumns(input.build),
    });
    const { added } = await insertUntested(tx, created.runId, ctx.userId, source, { newRun: true });
    // The selection may have changed since it was counted.
    if (added === 0) throw badRequest('no tests match the selection', 'no_matching_tests');
    await emitRunsCreated(tx, ctx, place, [created.runId]);
    return { ...created, untestedCount: added };
  }, RUN_WRITE_TX);
  return toRunRecord(run);
}

/** Renames a run or changes its description; with `ifMatch` (an If-Match header) only if neither changed since it was read (412). */
export async function editRun(ctx: RequestContext, input: EditRunInput, ifMatch?: string) {
  const run = await ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    // Compared under the run's row lock, so no write can come between the check and this one.
    requireUnchanged(ifMatch, await runStamp(tx, input.runId), 'Run');
    if (input.milestoneId != null) await requireRunMilestone(tx, ctx, input.projectId, input.milestoneId);
    const run = await updateRunRow(tx, input.runId, {
      runName: input.runName,
      runDescription: input.runDescription,
      milestoneId: input.milestoneId,
      ...buildColumns(input.build),
    });
    return run;
  }, RUN_WRITE_TX);
  return toRunRecord(run);
}

/** Deletes the run with its results and history; allowed on a locked run, not in an inactive project. */
export async function deleteRun(ctx: RequestContext, runId: number, projectId: number) {
  await ctx.db.$transaction(async (tx) => {
    const run = await lockRunForWrite(tx, ctx, runId, projectId, { allowLocked: true });
    await deleteRunRow(tx, runId);
    await emitRunsDeleted(tx, ctx, { orgId: run.orgId, projectId }, [run], 'run');
    await recordInProject(tx, ctx, projectId, {
      action: 'run.deleted',
      targetType: 'run',
      targetId: runId,
      detail: { projectId, runName: run.runName },
    });
  }, RUN_WRITE_TX);
  return { runId, deleted: true as const };
}
