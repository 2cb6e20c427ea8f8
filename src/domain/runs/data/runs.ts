import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { Prisma } from '../../../generated/prisma/client';
import { scopedRunSql, type ScopedRunRow } from './columns';

// The runs table: finding a run in the caller's organizations (hot reads use raw
// SQL: one round trip, no query planning in the client) and writing its fields.

/** The run if the caller's organizations may see it; `forUpdate` takes its row lock for the rest of the transaction. */
export async function findScopedRun(
  db: DbOrTx,
  orgIds: number[],
  runId: number,
  projectId: number | null,
  opts: { forUpdate?: boolean } = {},
): Promise<ScopedRunRow | undefined> {
  const [run] = await readRows<ScopedRunRow>(
    db,
    Prisma.sql`${scopedRunSql(orgIds, runId, projectId)} ${opts.forUpdate ? Prisma.sql`FOR UPDATE OF r` : Prisma.empty}`,
  );
  return run;
}

/**
 * A page of the project's runs, newest first (older than `beforeId` when given),
 * one more than `take` to tell whether more follow, and their number. The ids
 * come from the (project_id, id) index alone; only the page's rows are read.
 */
export async function listRunsPage(
  db: DbOrTx,
  q: { projectId: number; milestoneId?: number; beforeId?: number; skip: number; take: number },
) {
  const where = { projectId: q.projectId, ...(q.milestoneId === undefined ? {} : { milestoneId: q.milestoneId }) };
  const [ids, total] = await Promise.all([
    db.run.findMany({
      where: { ...where, ...(q.beforeId === undefined ? {} : { runId: { lt: q.beforeId } }) },
      select: { runId: true },
      orderBy: { runId: 'desc' },
      skip: q.skip,
      take: q.take + 1,
    }),
    db.run.count({ where }),
  ]);
  const runs = await db.run.findMany({ where: { runId: { in: ids.map((r) => r.runId) } }, orderBy: { runId: 'desc' } });
  return [runs, total] as const;
}

/** A build's columns (run-build.ts): each given one set or cleared. */
type BuildColumns = Partial<Record<'buildCommit' | 'buildBranch' | 'buildNumber' | 'buildUrl' | 'ciJob', string | null>>;

export function insertRunRow(
  db: DbOrTx,
  r: { projectId: number; runName: string; runDescription: string | null; createdBy: number; milestoneId?: number } & BuildColumns,
) {
  return db.run.create({ data: r });
}

export function updateRunRow(
  db: DbOrTx,
  runId: number,
  data: { runName?: string; runDescription?: string | null; milestoneId?: number | null } & BuildColumns,
) {
  return db.run.update({ where: { runId }, data });
}

export function setRunLocked(db: DbOrTx, runId: number, lockedBy: number, lockedAt: Date) {
  return db.run.update({ where: { runId }, data: { locked: true, lockedBy, lockedAt } });
}

export function setRunUnlocked(db: DbOrTx, runId: number) {
  return db.run.update({ where: { runId }, data: { locked: false, lockedBy: null, lockedAt: null } });
}

/** Deletes the run; its results and history go with it (ON DELETE CASCADE). */
export async function deleteRunRow(db: DbOrTx, runId: number): Promise<void> {
  await db.run.delete({ where: { runId } });
}
