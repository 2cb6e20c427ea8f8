import type { DbOrTx } from '../../../db/client';
import type { Prisma } from '../../../generated/prisma/client';

// The projects table. Organization scoping is in the `where`: a project of
// another organization is simply not found.

/** The project, if it belongs to one of `orgIds`. */
export function findProjectInOrgs(db: DbOrTx, projectId: number, orgIds: number[]) {
  return db.project.findFirst({ where: { projectId, orgId: { in: orgIds } } });
}

/** The project, if it belongs to one of `orgIds`, with its numbers of live tests and of runs. */
export async function findProjectWithCounts(db: DbOrTx, projectId: number, orgIds: number[]) {
  const project = await db.project.findFirst({
    where: { projectId, orgId: { in: orgIds } },
    include: { _count: { select: { runs: true, tests: { where: { deletedAt: null } } } } },
  });
  if (!project) return null;
  const { _count, ...rest } = project;
  return { ...rest, testCount: _count.tests, runCount: _count.runs };
}

/** A page of the organization's projects by id (all, or the active or inactive ones), and their number. */
export function listProjectsPage(db: DbOrTx, q: { orgId: number; isActive?: boolean; skip: number; take: number }) {
  const where = { orgId: q.orgId, ...(q.isActive === undefined ? {} : { isActive: q.isActive }) };
  return Promise.all([
    db.project.findMany({ where, orderBy: { projectId: 'asc' }, skip: q.skip, take: q.take }),
    db.project.count({ where }),
  ]);
}

export function insertProject(db: DbOrTx, p: { orgId: number; projectName: string; projectDescription: string | null; createdBy: number }) {
  return db.project.create({ data: p });
}

/** A new project's lookup lists (see lookups/lookup-defaults.ts). */
export async function insertLookupEntries(db: DbOrTx, rows: Prisma.LookupEntryCreateManyInput[]): Promise<void> {
  await db.lookupEntry.createMany({ data: rows });
}

export function updateProject(
  db: DbOrTx,
  projectId: number,
  data: { projectName?: string; projectDescription?: string | null; isActive?: boolean },
) {
  return db.project.update({ where: { projectId }, data });
}

/** Deletes the project; its sections, tests, runs and lookups go with it (ON DELETE CASCADE). */
export async function deleteProjectRow(db: DbOrTx, projectId: number): Promise<void> {
  await db.project.delete({ where: { projectId } });
}
