import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// The project's change counter (projects.change_count): every write to what the
// project's reads show moves it, as the last statement of the write's transaction
// (an earlier row lock on the project would be held through the whole write): a
// write route declares the projects it changes, and its transactions end by moving
// their counters (src/domain/tracked-writes.ts). A
// reader takes it before building its page, so a page is at least as new as the
// counter it is tagged with: a write committing in between costs a client one
// needless refresh, never a stale 304.

/** Moves the change counter of each of the projects, in the caller's transaction. */
export async function noteProjectChange(tx: DbOrTx, projectIds: number | number[]): Promise<void> {
  const ids = [...new Set(Array.isArray(projectIds) ? projectIds : [projectIds])].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.$executeRaw`UPDATE projects SET change_count = change_count + 1 WHERE id = ANY(${ids}::int[])`;
}

// Which projects a write changes, as SQL the router reads before the write runs
// (RouteSpec changes, src/core/changes.ts): a section or a test never moves to another project.

/** The project of a section. */
export const sectionProjectSql = (sectionId: number): Prisma.Sql => Prisma.sql`SELECT project_id FROM sections WHERE id = ${sectionId}`;

/** The project of a label, a squad or a lookup entry (table names from callers' constants, never input). */
export const metadataProjectSql = (table: 'labels' | 'squads' | 'lookup_entries', id: number): Prisma.Sql =>
  Prisma.sql`SELECT project_id FROM ${Prisma.raw(table)} WHERE id = ${id}`;

/** The projects of some tests. */
export const testProjectsSql = (testIds: readonly number[]): Prisma.Sql =>
  Prisma.sql`SELECT DISTINCT project_id FROM tests WHERE id = ANY(${testIds}::int[])`;

/**
 * `ARRAY[org_id, change_count]` of the project when its organization is one of `orgIds` (an int[] expression), else NULL;
 * with `stamp` (an int expression over the project row `p`), `ARRAY[org_id, change_count, stamp]`.
 */
export const projectChangeSql = (projectId: number, orgIds: Prisma.Sql, stamp?: Prisma.Sql): Prisma.Sql =>
  Prisma.sql`(SELECT ARRAY[p.org_id, p.change_count${stamp ? Prisma.sql`, (${stamp})` : Prisma.empty}] FROM projects p WHERE p.id = ${projectId} AND p.org_id = ANY(${orgIds}))`;
