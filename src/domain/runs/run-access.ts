import { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { notFound, projectInactive, runLocked } from '../../core/errors';
import { requireProject } from '../access';
import { TEST_STATUSES, type StatusCounts } from './runs.schemas';

// Finding a run the caller may see, and taking one for a write. Hot reads (state
// detail, run tests) use these raw queries: one round trip, no query planning
// in the client.

export interface RunRow {
  runId: number;
  projectId: number;
  runName: string;
  runDescription: string | null;
  locked: boolean;
  lockedBy: number | null;
  lockedAt: Date | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  passedCount: number;
  failedCount: number;
  blockedCount: number;
  retestCount: number;
  untestedCount: number;
}

type ScopedRunRow = RunRow & { projectActive: boolean };

const runColumns = Prisma.raw(`r.id AS "runId", r.project_id AS "projectId", r.name AS "runName",
  r.description AS "runDescription", r.locked, r.locked_by AS "lockedBy", r.locked_at AS "lockedAt",
  r.created_by AS "createdBy", r.created_at AS "createdAt", r.updated_at AS "updatedAt",
  r.passed_count AS "passedCount", r.failed_count AS "failedCount", r.blocked_count AS "blockedCount",
  r.retest_count AS "retestCount", r.untested_count AS "untestedCount", p.is_active AS "projectActive"`);

export function countsOf(run: RunRow): StatusCounts {
  const counts = {
    passed: run.passedCount, failed: run.failedCount, blocked: run.blockedCount,
    retest: run.retestCount, untested: run.untestedCount,
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
  };
}

/** SELECT of the run's row (RunRow columns plus projectActive), if the caller may see it; usable as a CTE. */
export function scopedRunSql(ctx: Pick<RequestContext, 'orgIds'>, runId: number, projectId: number | null): Prisma.Sql {
  return Prisma.sql`
    SELECT ${runColumns} FROM runs r JOIN projects p ON p.id = r.project_id
    WHERE r.id = ${runId} AND p.org_id = ANY(${ctx.orgIds}::int[])
      ${projectId === null ? Prisma.empty : Prisma.sql`AND r.project_id = ${projectId}`}`;
}

function selectScopedRun(db: Db | Prisma.TransactionClient, ctx: RequestContext, runId: number, projectId: number | null, forUpdate: boolean) {
  return db.$queryRaw<ScopedRunRow[]>`${scopedRunSql(ctx, runId, projectId)} ${forUpdate ? Prisma.sql`FOR UPDATE OF r` : Prisma.empty}`;
}

/** A missing run of a visible project is `Run not found`; an invisible project is `Project not found`. */
export async function runNotFound(ctx: RequestContext, projectId: number | null): Promise<never> {
  if (projectId !== null) await requireProject(ctx, projectId);
  throw notFound('Run');
}

/** The run, if it is in the given project of one of the caller's organizations (404 otherwise). */
export async function requireRun(ctx: RequestContext, runId: number, projectId: number): Promise<ScopedRunRow> {
  const [run] = await selectScopedRun(ctx.db, ctx, runId, projectId, false);
  return run ?? runNotFound(ctx, projectId);
}

/** The run by id alone, scoped to the caller's organizations (for routes without projectId). */
export async function requireRunAnyProject(ctx: RequestContext, runId: number): Promise<ScopedRunRow> {
  const [run] = await selectScopedRun(ctx.db, ctx, runId, null, false);
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
  tx: Prisma.TransactionClient, ctx: RequestContext, runId: number, projectId: number, opts: { allowLocked?: boolean } = {},
): Promise<ScopedRunRow> {
  const [run] = await selectScopedRun(tx, ctx, runId, projectId, true);
  if (!run) return runNotFound(ctx, projectId);
  if (!run.projectActive) throw projectInactive();
  if (run.locked && !opts.allowLocked) throw runLocked();
  return run;
}

// Writes to a run's tests can wait on the run's row lock behind other writers.
export const RUN_WRITE_TX = { maxWait: 10_000, timeout: 60_000 } as const;

const counterColumn = (status: string) => Prisma.raw(`${status}_count`);

/**
 * `SET` list moving the run's counters by the statuses in two CTEs: `added`
 * rows count up, `removed` rows count down. Either may be null.
 */
export function counterMoves(added: string | null, removed: string | null): Prisma.Sql {
  const parts = TEST_STATUSES.map((status) => {
    const col = counterColumn(status);
    const plus = added ? Prisma.raw(` + (SELECT count(*) FROM ${added} WHERE status = '${status}')`) : Prisma.empty;
    const minus = removed ? Prisma.raw(` - (SELECT count(*) FROM ${removed} WHERE status = '${status}')`) : Prisma.empty;
    return Prisma.sql`${col} = ${col}${plus}${minus}`;
  });
  return Prisma.join(parts, ', ');
}
