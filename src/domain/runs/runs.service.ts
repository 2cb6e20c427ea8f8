import type { RequestContext } from '../../http/route';
import { badRequest } from '../../http/errors';
import { requireProject } from '../access';
import { countsOf, lockRunForWrite, requireRun, RUN_WRITE_TX, toRunRecord, type RunRow } from './run-access';
import type { CreateRunInput, EditRunInput } from './runs.schemas';

// Runs themselves: list, detail, create, edit, lock, delete, state detail.

/** Error messages name at most this many entries, then say there are more. */
export const MAX_NAMED = 20;
export function entriesMessage(parts: string[]): string {
  return parts.length > MAX_NAMED ? `${parts.slice(0, MAX_NAMED).join('; ')}; and more` : parts.join('; ');
}

export async function listRuns(ctx: RequestContext, q: { projectId: number; limit: number; offset: number }) {
  await requireProject(ctx, q.projectId);
  const where = { projectId: q.projectId };
  const [runs, total] = await Promise.all([
    ctx.db.run.findMany({ where, orderBy: { runId: 'desc' }, skip: q.offset, take: q.limit }),
    ctx.db.run.count({ where }),
  ]);
  return { runs: runs.map(toRunRecord), total, limit: q.limit, offset: q.offset };
}

export async function getRun(ctx: RequestContext, runId: number, projectId: number) {
  return toRunRecord(await requireRun(ctx, runId, projectId));
}

export async function getStateDetail(ctx: RequestContext, runId: number, projectId: number) {
  const run = await requireRun(ctx, runId, projectId);
  return { runId: run.runId, locked: run.locked, ...countsOf(run) };
}

/** Entries of `ids` that are no test of the project (or a deleted one), as `testIds.<i>` messages. */
async function testsOutsideProject(ctx: RequestContext, projectId: number, ids: number[]): Promise<string[]> {
  const rows = await ctx.db.$queryRaw<{ id: number; n: bigint }[]>`
    SELECT v.id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)
    WHERE NOT EXISTS (SELECT 1 FROM tests t WHERE t.id = v.id AND t.project_id = ${projectId} AND t.deleted_at IS NULL)
    ORDER BY v.n LIMIT ${MAX_NAMED + 1}`;
  return rows.map((r) => `testIds.${Number(r.n) - 1}: Test ${r.id} is not in the project`);
}

/** Creates the run with every test `untested` and one history entry per test, in one transaction. */
export async function createRun(ctx: RequestContext, input: CreateRunInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const outside = await testsOutsideProject(ctx, input.projectId, input.testIds);
  if (outside.length) throw badRequest(entriesMessage(outside));
  const run = await ctx.db.$transaction(async (tx) => {
    const created = await tx.run.create({
      data: {
        projectId: input.projectId,
        runName: input.runName,
        runDescription: input.runDescription ?? null,
        createdBy: ctx.userId,
        untestedCount: input.testIds.length,
      },
    });
    const now = new Date();
    await tx.$executeRaw`
      INSERT INTO run_tests (run_id, test_id, status, updated_by, updated_at)
      SELECT ${created.runId}, id, 'untested', ${ctx.userId}, ${now} FROM unnest(${input.testIds}::int[]) AS id`;
    await tx.$executeRaw`
      INSERT INTO status_history (run_id, test_id, status, user_id, created_at)
      SELECT ${created.runId}, id, 'untested', ${ctx.userId}, ${now} FROM unnest(${input.testIds}::int[]) WITH ORDINALITY AS v(id, n)
      ORDER BY n`;
    return created;
  }, RUN_WRITE_TX);
  return toRunRecord(run);
}

export async function editRun(ctx: RequestContext, input: EditRunInput) {
  const run = await ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    return tx.run.update({
      where: { runId: input.runId },
      data: { runName: input.runName, runDescription: input.runDescription },
    });
  }, RUN_WRITE_TX);
  return toRunRecord(run);
}

/** Locks the run for good. Locking a locked run is refused like any other change to it (423). */
export async function lockRun(ctx: RequestContext, runId: number, projectId: number) {
  const run: RunRow = await ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, runId, projectId);
    return tx.run.update({ where: { runId }, data: { locked: true, lockedBy: ctx.userId, lockedAt: new Date() } });
  }, RUN_WRITE_TX);
  return toRunRecord(run);
}

/** Deletes the run with its results and history; allowed on a locked run, not in an inactive project. */
export async function deleteRun(ctx: RequestContext, runId: number, projectId: number) {
  await ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, runId, projectId, { allowLocked: true });
    await tx.run.delete({ where: { runId } });
  }, RUN_WRITE_TX);
  return { runId, deleted: true as const };
}
