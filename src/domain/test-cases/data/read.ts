import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { JsonText } from '../../../core/json-text';
import { Prisma } from '../../../generated/prisma/client';
import type { TestFilters, TestSort } from '../test-cases.schemas';
import { testRecordColumns, type TestRecord } from './columns';

/** A test record with its test case's attachment count (GET /test/details). */
export type TestDetails = TestRecord & { attachmentCount: number };
import { catalogCount, catalogWhere, projectInOrgs, type CatalogWhere } from './filters';
import { pageLimits } from '../../../db/page-limits';
import { orgIdsSql } from '../../../db/org-scope';

// Reads of catalog tests. Test records leave PostgreSQL as JSON text, which
// costs the server far less than decoding eighteen typed columns per row; a
// list page's text goes into the answer as it is (JsonText).

/** A catalog page: its tests, the filters' total, and the last test's id when more follow. */
export interface CatalogPage {
  tests: JsonText<TestRecord[]>;
  total: number;
  /** The last test's id when more tests follow it, else null. */
  lastId: number | null;
  /** The project's change counter, read in the same statement as the page. */
  changes: number;
}

/** Which page of a project's catalog: its filters, its order, and where it starts. */
export type CatalogPageQuery = TestFilters & {
  projectId: number;
  limit: number;
  offset: number;
  afterId?: number;
  sort?: TestSort;
  order?: 'asc' | 'desc';
};

/**
 * One page of the catalog and its total in a single round trip, the page as one
 * JSON text: one row, none when the project is not one of `orgIds` (an int[] expression).
 * The page's ids come first from an index (index-only: the filters'
 * indexes hold deleted_at and id), one more than asked to tell whether more
 * follow; only those rows are then built, so rows skipped by OFFSET or before
 * the cursor (`afterId`) cost an index entry, not a record with its labels.
 * Its `"orgId"` is the project's organization: GET /project/tests reads it in the
 * credential's statement (CredentialRider.row).
 */
export function catalogPageSql(orgIds: Prisma.Sql, q: CatalogPageQuery): Prisma.Sql {
  const after = q.afterId === undefined ? Prisma.empty : Prisma.sql`AND t.id > ${q.afterId}::int`;
  const order = catalogOrder(q.sort ?? 'testId', q.order ?? 'asc');
  // MATERIALIZED: the ids are read once, not once per reference to them.
  return Prisma.sql`
    WITH s AS MATERIALIZED (
      SELECT p.org_id AS "orgId", ${catalogCount(q.projectId, q)} AS total, p.change_count AS changes,
             ARRAY(SELECT t.id FROM tests t ${order.join} WHERE ${catalogWhere(q.projectId, q)} ${after}
                    ORDER BY ${order.by} ${pageLimits(q.limit + 1, q.offset)}) AS ids
        FROM projects p WHERE ${projectInOrgs(q.projectId, orgIds)})
    SELECT s."orgId", s.total, s.changes, CASE WHEN cardinality(s.ids) > ${q.limit}::int THEN s.ids[${q.limit}::int] END AS "lastId",
           (SELECT coalesce(json_agg(page ORDER BY ${order.page}), '[]')::text FROM (
              SELECT ${testRecordColumns} FROM tests t WHERE t.id = ANY(s.ids[1:${q.limit}::int])) page) AS tests
      FROM s`;
}

/** The page of catalogPageSql's row (null: the project is not the caller's). */
export function catalogPageOf(row: Record<string, unknown> | null | undefined): CatalogPage | undefined {
  if (!row) return undefined;
  const { tests, total, lastId, changes } = row as { total: number; tests: string; lastId: number | null; changes: number };
  return { tests: new JsonText<TestRecord[]>(tests), total, lastId, changes };
}

/** One page of the catalog (catalogPageSql); undefined when the project is not one of `orgIds`. */
export async function catalogPage(db: DbOrTx, orgIds: number[], q: CatalogPageQuery): Promise<CatalogPage | undefined> {
  const [row] = await readRows<Record<string, unknown>>(db, catalogPageSql(orgIdsSql(orgIds), q));
  return catalogPageOf(row);
}

/**
 * How the catalog's ids are ordered: the sort key, then the id in the same direction, so
 * that equal keys keep one order across pages. Title and last change read the
 * (project_id, key, id) indexes of live tests; priority the lookup list's order (a
 * handful of rows joined to the priority index), tests without one last. The page's
 * records keep the ids' order (`page`).
 */
function catalogOrder(sort: TestSort, order: 'asc' | 'desc') {
  const dir = Prisma.raw(order === 'desc' ? 'DESC' : 'ASC');
  const byPosition = Prisma.sql`array_position(s.ids, page."testId")`;
  switch (sort) {
    case 'testId':
      return { join: Prisma.empty, by: Prisma.sql`t.id ${dir}`, page: Prisma.sql`page."testId" ${dir}` };
    case 'title':
      return { join: Prisma.empty, by: Prisma.sql`t.title ${dir}, t.id ${dir}`, page: byPosition };
    case 'updatedAt':
      return { join: Prisma.empty, by: Prisma.sql`t.updated_at ${dir}, t.id ${dir}`, page: byPosition };
    case 'priority':
      return {
        join: Prisma.sql`LEFT JOIN lookup_entries pe ON pe.id = t.priority_id`,
        by: Prisma.sql`pe.position ${dir} NULLS LAST, pe.id ${dir}, t.id ${dir}`,
        page: byPosition,
      };
  }
}

/** The number of catalog tests matching the filters; undefined when the project is not one of `orgIds`. */
export async function catalogTotal(db: DbOrTx, orgIds: number[], q: TestFilters & { projectId: number }): Promise<number | undefined> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT ${catalogCount(q.projectId, q)} AS count
      FROM projects p WHERE ${projectInOrgs(q.projectId, orgIds)}`;
  return rows[0]?.count;
}

/** A live (not deleted) test of the project, with the number of its test case's own files (one indexed count, in the same statement). */
export async function findLiveTestDetails(db: DbOrTx, projectId: number, testId: number): Promise<TestDetails | undefined> {
  const rows = await db.$queryRaw<{ test: string }[]>`
    SELECT row_to_json(r)::text AS test FROM (
      SELECT ${testRecordColumns},
        (SELECT count(*)::int FROM attachments a WHERE a.test_id = t.id AND a.run_id IS NULL) AS "attachmentCount"
      FROM tests t WHERE t.id = ${testId} AND t.project_id = ${projectId} AND t.deleted_at IS NULL) r`;
  return rows.length ? (JSON.parse(rows[0].test) as TestDetails) : undefined;
}

/** Whether the project holds this live test (its record is not read). */
export async function liveTestExists(db: DbOrTx, projectId: number, testId: number): Promise<boolean> {
  const test = await db.test.findFirst({ where: { testId, projectId, deletedAt: null }, select: { testId: true } });
  return test !== null;
}

/** A live test in one of `orgIds` (and in `projectId` when given): its project and whether that is active. */
export async function findLiveTestInOrgs(db: DbOrTx, testId: number, orgIds: number[], projectId?: number) {
  const test = await db.test.findFirst({
    where: { testId, deletedAt: null, ...(projectId === undefined ? {} : { projectId }), project: { orgId: { in: orgIds } } },
    select: { projectId: true, project: { select: { isActive: true, orgId: true } } },
  });
  return test ? { projectId: test.projectId, orgId: test.project.orgId, isActive: test.project.isActive } : undefined;
}

/** Up to `limit` test records after `afterId` (by testId), as JSON texts joined by commas. */
export interface CatalogBatch {
  count: number;
  lastId: number;
  json: string;
}

/** The export's keyset-paged read: the next `limit` records of `where` after `afterId`. */
export async function catalogJsonBatch(db: DbOrTx, where: CatalogWhere, afterId: number, limit: number): Promise<CatalogBatch> {
  const [batch] = await db.$queryRaw<CatalogBatch[]>`
    SELECT count(*)::int AS count, coalesce(max(b."testId"), 0) AS "lastId",
           coalesce(string_agg(row_to_json(b)::text, ',' ORDER BY b."testId"), '') AS json
      FROM (SELECT ${testRecordColumns} FROM tests t WHERE ${where} AND t.id > ${afterId} ORDER BY t.id LIMIT ${limit}) b`;
  return batch;
}
