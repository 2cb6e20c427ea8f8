import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { notFound, projectInactive, runLocked } from '../../core/errors';
import { requireProject } from '../access';
import { buildOf } from './run-build';
import { findScopedRun, type RunRow, type ScopedRunRow } from './data';
import type { StatusCounts } from './runs.schemas';

// Finding a run the caller may see, and taking one for a write (the queries:
// data/runs.ts).

export function countsOf(
  run: Pick<RunRow, 'passedCount' | 'failedCount' | 'blockedCount' | 'retestCount' | 'untestedCount'>,
): StatusCounts {
  const counts = {
    passed: run.passedCount,
    failed: run.failedCount,
    blocked: run.blockedCount,
    retest: run.retestCount,
    untested: run.untestedCount,
  };
  return { total: counts.passed + counts.failed + counts.blocked + counts.retest + counts.untested, ...counts };
}

/** The API shape of a run: its fields and its status counts. */
export function toRunRecord(run: RunRow) {
  return {
    runId: run.runId,
    projectId: run.projectId,
    runName: run.runName,
    runDescription: run.runDescription,
    locked: run.locked,
    lockedBy: run.lockedBy,
    lockedAt: run.lockedAt,
    createdBy: run.createdBy,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    statusCounts: countsOf(run),
    build: buildOf(run),
    milestoneId: run.milestoneId,
    planId: run.planId,
  };
}

/** A missing run of a visible project is `Run not found`; an invisible project is `Project not found`. */
export async function runNotFound(ctx: RequestContext, projectId: number | null): Promise<never> {
  if (projectId !== null) await requireProject(ctx, projectId);
  throw notFound('Run');
}

/** The run, if it is in the given project of one of the caller's organizations (404 otherwise). */
export async function requireRun(ctx: RequestContext, runId: number, projectId: number): Promise<ScopedRunRow> {
  const run = await findScopedRun(ctx.db, ctx.orgIds, runId, projectId);
  return run ?? runNotFound(ctx, projectId);
}

/** The run by id alone, scoped to the caller's organizations (for routes without projectId). */
export async function requireRunAnyProject(ctx: RequestContext, runId: number): Promise<ScopedRunRow> {
  const run = await findScopedRun(ctx.db, ctx.orgIds, runId, null);
  return run ?? runNotFound(ctx, null);
}

/**
 * Takes the run's row lock for the rest of the transaction, then checks state:
 * 404, then 409 for an inactive project, then 423 for a locked run (unless
 * `allowLocked`). Every write to a run's tests holds this lock, so writes to one
 * run are serialized: the counters stay exact, a lock cannot slip between the
 * check and the write, and history ids follow commit order.
 */
export async function lockRunForWrite(
  tx: Tx,
  ctx: RequestContext,
  runId: number,
  projectId: number,
  opts: { allowLocked?: boolean } = {},
): Promise<ScopedRunRow> {
  const run = await findScopedRun(tx, ctx.orgIds, runId, projectId, { forUpdate: true });
  if (!run) return runNotFound(ctx, projectId);
  if (!run.projectActive) throw projectInactive();
  if (run.locked && !opts.allowLocked) throw runLocked();
  return run;
}

// Writes to a run's tests can wait on the run's row lock behind other writers.
export const RUN_WRITE_TX = { maxWait: 10_000, timeout: 60_000 } as const;
