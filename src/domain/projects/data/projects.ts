import type { DbOrTx } from '../../../db/client';
import type { Prisma } from '../../../generated/prisma/client';

// The projects table. Organization scoping is in the `where`: a project of
// another organization is simply not found.

// The row's counters (the catalog's size: test-cases/data/counter.ts) are the data
// layer's, never part of a project record.
const counters = { liveTestCount: true, changeCount: true } as const;

/** The project, if it belongs to one of `orgIds`. */
export function findProjectInOrgs(db: DbOrTx, projectId: number, orgIds: number[]) {
  return db.project.findFirst({ where: { projectId, orgId: { in: orgIds } }, omit: counters });
}

/** The project, if it belongs to one of `orgIds`, with its numbers of live tests (its counter) and of runs. */
export async function findProjectWithCounts(db: DbOrTx, projectId: number, orgIds: number[]) {
  const project = await db.project.findFirst({
    where: { projectId, orgId: { in: orgIds } },
    include: { _count: { select: { runs: true } } },
  });
  if (!project) return null;
  const { _count, liveTestCount, changeCount: _changes, ...rest } = project;
  return { ...rest, testCount: liveTestCount, runCount: _count.runs };
}

/**
 * A page of the organization's projects by id (all, or the active or inactive
 * ones; after `afterId` when given), one more than `take` to tell whether more
 * follow, and their number. The ids come from the (org_id, is_active, id) index
 * alone; only the page's rows are read.
 */
export async function listProjectsPage(db: DbOrTx, q: { orgId: number; isActive?: boolean; afterId?: number; skip: number; take: number }) {
  const where = { orgId: q.orgId, ...(q.isActive === undefined ? {} : { isActive: q.isActive }) };
  const [ids, total] = await Promise.all([
    db.project.findMany({
      where: { ...where, ...(q.afterId === undefined ? {} : { projectId: { gt: q.afterId } }) },
      select: { projectId: true },
      orderBy: { projectId: 'asc' },
      skip: q.skip,
      take: q.take + 1,
    }),
    db.project.count({ where }),
  ]);
  const projects = await db.project.findMany({
    where: { projectId: { in: ids.map((p) => p.projectId) } },
    omit: counters,
    orderBy: { projectId: 'asc' },
  });
  return [projects, total] as const;
}

export function insertProject(db: DbOrTx, p: { orgId: number; projectName: string; projectDescription: string | null; createdBy: number }) {
  return db.project.create({ data: p, omit: counters });
}

/** A new project's lookup lists (see lookups/lookup-defaults.ts). */
export async function insertLookupEntries(db: DbOrTx, rows: Prisma.LookupEntryCreateManyInput[]): Promise<void> {
  await db.lookupEntry.createMany({ data: rows });
}

export function updateProject(
  db: DbOrTx,
  projectId: number,
  data: { projectName?: string; projectDescription?: string | null; defectUrlTemplate?: string | null; isActive?: boolean },
) {
  return db.project.update({ where: { projectId }, data, omit: counters });
}

/** Deletes the project; its sections, tests, runs and lookups go with it (ON DELETE CASCADE). */
export async function deleteProjectRow(db: DbOrTx, projectId: number): Promise<void> {
  await db.project.delete({ where: { projectId } });
}
