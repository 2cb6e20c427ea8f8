import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { FieldFilter } from '../../custom-fields/field-filters.schemas';
import { fieldFilterConditions } from '../../test-cases/data';
import type { CreateRunInput } from '../runs.schemas';

// Which tests go into a run, as SQL: a list of ids, or a selection of the
// project's live tests resolved inside PostgreSQL (INSERT ... SELECT), so a
// 100,000-test run never passes its ids through Node (results.ts puts them in).

/** What a selection's or a test list's ids must name: a row of `table` that passes `valid` (a condition on `x`). */
const mustBe = {
  liveTests: (projectId: number) => ({ table: 'tests', valid: Prisma.sql`x.project_id = ${projectId} AND x.deleted_at IS NULL` }),
  sections: (projectId: number) => ({ table: 'sections', valid: Prisma.sql`x.project_id = ${projectId}` }),
  labels: (projectId: number) => ({ table: 'labels', valid: Prisma.sql`x.project_id = ${projectId}` }),
  priorities: (projectId: number) => ({ table: 'lookup_entries', valid: Prisma.sql`x.project_id = ${projectId} AND x.kind = 'priority'` }),
};
export type ProjectIdKind = keyof typeof mustBe;

/**
 * Entries of `ids` that name no `kind` of the project (`n`: 1-based position in
 * `ids`), at most `limit`. Joined on the primary key alone: with a NOT EXISTS
 * on (id, project), stale statistics right after a bulk import made the planner
 * scan the whole project per id (45 s for 50,000 ids instead of 50 ms).
 */
export function idsNotInProject(db: DbOrTx, kind: ProjectIdKind, projectId: number, ids: number[], limit: number) {
  const { table, valid } = mustBe[kind](projectId);
  return db.$queryRaw<{ id: number; n: bigint }[]>`
    SELECT v.id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)
    LEFT JOIN ${Prisma.raw(table)} x ON x.id = v.id
    WHERE x.id IS NULL OR NOT (${valid})
    ORDER BY v.n LIMIT ${limit}`;
}

/** A run's selection; fieldFilters are its customFields read against the project's fields (custom-fields/field-filters.ts). */
export type Selection = Pick<CreateRunInput, 'sectionIds' | 'labelIds' | 'priorityIds'> & { fieldFilters?: FieldFilter[] };

/**
 * SELECT of `test_id, n` (n orders the history entries): the project's live
 * tests matching every given criterion; within one criterion, any of its ids.
 */
export function selectionSql(projectId: number, s: Selection): Prisma.Sql {
  const where = [Prisma.sql`t.project_id = ${projectId}`, Prisma.sql`t.deleted_at IS NULL`];
  if (s.sectionIds) {
    where.push(Prisma.sql`t.section_id IN (
      WITH RECURSIVE sub AS (
        SELECT id FROM sections WHERE id = ANY(${s.sectionIds}::int[]) AND project_id = ${projectId}
        UNION SELECT c.id FROM sections c JOIN sub ON c.parent_id = sub.id
      ) SELECT id FROM sub)`);
  }
  if (s.labelIds) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM test_labels tl WHERE tl.test_id = t.id AND tl.label_id = ANY(${s.labelIds}::int[]))`);
  }
  if (s.priorityIds) where.push(Prisma.sql`t.priority_id = ANY(${s.priorityIds}::int[])`);
  where.push(...fieldFilterConditions(projectId, s.fieldFilters ?? []));
  return Prisma.sql`SELECT t.id AS test_id, t.id AS n FROM tests t WHERE ${Prisma.join(where, ' AND ')}`;
}

/** SELECT of `test_id, n` over a list of ids, n being the position in the list. */
export const idListSql = (ids: number[]) => Prisma.sql`SELECT v.id AS test_id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)`;

/** How many tests the source selects, counting no further than `limit`. */
export async function countSource(db: DbOrTx, source: Prisma.Sql, limit: number): Promise<number> {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (${source} LIMIT ${limit}) s`;
  return n;
}
