import { Prisma } from '../../generated/prisma/client';
import type { TestFilters } from './testcases.schemas';

// The SQL of the catalog's hot paths (list, count, export, bulk writes): raw,
// set-based and selecting only what a test record holds. Test records leave
// PostgreSQL as JSON text, which costs the server far less than decoding
// eighteen typed columns per row.

/** A test as the API returns it (timestamps as ISO 8601 UTC strings). */
export interface TestRecord {
  testId: number;
  projectId: number;
  title: string;
  testDescription: string | null;
  preconditions: string | null;
  steps: string | null;
  expectedResult: string | null;
  sectionId: number | null;
  priorityId: number | null;
  typeId: number | null;
  automationStatusId: number | null;
  platformId: number | null;
  testCoveredById: number | null;
  squadId: number | null;
  automationKey: string | null;
  labels: number[];
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The writable columns: API field, column and SQL type. Drives the bulk INSERT and UPDATE. */
export const writableColumns = [
  { field: 'title', column: 'title', type: 'text' },
  { field: 'testDescription', column: 'description', type: 'text' },
  { field: 'preconditions', column: 'preconditions', type: 'text' },
  { field: 'steps', column: 'steps', type: 'text' },
  { field: 'expectedResult', column: 'expected_result', type: 'text' },
  { field: 'sectionId', column: 'section_id', type: 'int' },
  { field: 'priorityId', column: 'priority_id', type: 'int' },
  { field: 'typeId', column: 'type_id', type: 'int' },
  { field: 'automationStatusId', column: 'automation_status_id', type: 'int' },
  { field: 'platformId', column: 'platform_id', type: 'int' },
  { field: 'testCoveredById', column: 'test_covered_by_id', type: 'int' },
  { field: 'squadId', column: 'squad_id', type: 'int' },
  { field: 'automationKey', column: 'automation_key', type: 'text' },
] as const;
export type WritableField = (typeof writableColumns)[number]['field'];

// Columns hold UTC (Prisma's convention); this renders them exactly as Date.toISOString does.
const isoUtc = (column: string) => Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The columns of a test record, for `FROM tests t`; labels are the ids, ascending.
 * Wrap them in a subquery and turn its rows into JSON (json_agg, row_to_json):
 * keys come out compact and in this order.
 */
export const testRecordColumns = Prisma.sql`
  t.id AS "testId", t.project_id AS "projectId", t.title, t.description AS "testDescription",
  t.preconditions, t.steps, t.expected_result AS "expectedResult", t.section_id AS "sectionId",
  t.priority_id AS "priorityId", t.type_id AS "typeId", t.automation_status_id AS "automationStatusId",
  t.platform_id AS "platformId", t.test_covered_by_id AS "testCoveredById", t.squad_id AS "squadId",
  t.automation_key AS "automationKey", ARRAY(SELECT tl.label_id FROM test_labels tl WHERE tl.test_id = t.id ORDER BY tl.label_id) AS labels,
  t.created_by AS "createdBy", ${isoUtc('t.created_at')} AS "createdAt", ${isoUtc('t.updated_at')} AS "updatedAt"`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * The ids of a section of the project and of all its subsections, as an array
 * expression: evaluated once per statement, it lets `section_id = ANY(...)` use
 * the (project_id, section_id) index. The walk follows the parent_id index; UNION
 * stops at a cycle should one ever exist.
 */
const sectionSubtree = (projectId: number, sectionId: number) => Prisma.sql`ARRAY(
  WITH RECURSIVE subtree(id) AS (
    SELECT s.id FROM sections s WHERE s.id = ${sectionId} AND s.project_id = ${projectId}
    UNION SELECT c.id FROM sections c JOIN subtree ON c.parent_id = subtree.id WHERE c.project_id = ${projectId}
  ) SELECT id FROM subtree)`;

/** The list filters as conditions on `FROM tests t`, deleted tests included. */
function filterConditions(projectId: number, f: TestFilters): Prisma.Sql[] {
  const parts = [Prisma.sql`t.project_id = ${projectId}`];
  if (f.sectionId !== undefined) {
    parts.push(f.includeSubsections ? Prisma.sql`t.section_id = ANY(${sectionSubtree(projectId, f.sectionId)})` : Prisma.sql`t.section_id = ${f.sectionId}`);
  }
  if (f.priorityId !== undefined) parts.push(Prisma.sql`t.priority_id = ${f.priorityId}`);
  if (f.squadId !== undefined) parts.push(Prisma.sql`t.squad_id = ${f.squadId}`);
  if (f.automationStatusId !== undefined) parts.push(Prisma.sql`t.automation_status_id = ${f.automationStatusId}`);
  if (f.labelId !== undefined) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM test_labels fl WHERE fl.test_id = t.id AND fl.label_id = ${f.labelId})`);
  }
  if (f.automationKey !== undefined) parts.push(Prisma.sql`t.automation_key = ${f.automationKey}`);
  if (f.search) parts.push(Prisma.sql`t.title ILIKE ${`%${escapeLike(f.search)}%`}`);
  return parts;
}

/** The catalog of a project (deleted tests left out) narrowed by the list filters, for `FROM tests t`. */
export const catalogWhere = (projectId: number, f: TestFilters): Prisma.Sql =>
  Prisma.join([...filterConditions(projectId, f), Prisma.sql`t.deleted_at IS NULL`], ' AND ');

/**
 * The number of catalog tests matching the filters, as an SQL expression. Counted
 * as (all matching) − (matching and deleted): the first part can then be an
 * index-only scan of a (project_id, filter) index, the second reads only the few
 * deleted rows. Counting `deleted_at IS NULL` directly would visit every matching row.
 */
export function catalogCount(projectId: number, f: TestFilters): Prisma.Sql {
  const matching = Prisma.join(filterConditions(projectId, f), ' AND ');
  return Prisma.sql`((SELECT count(*) FROM tests t WHERE ${matching})
    - (SELECT count(*) FROM tests t WHERE ${matching} AND t.deleted_at IS NOT NULL))::int`;
}

/** The project if it is one of the caller's organizations, for `FROM projects p`. */
export const projectInOrgs = (projectId: number, orgIds: number[]) =>
  Prisma.sql`p.id = ${projectId} AND p.org_id = ANY(${orgIds}::int[])`;
