import { Prisma } from '../../generated/prisma/client';
import type { TestFilters } from './tests.schemas';

// The SQL of the catalog's hot paths (list, count, export, bulk writes): raw,
// set-based and selecting only what a test record holds.

/** A test as the API returns it. */
export interface TestRow {
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
  labels: number[];
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
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
] as const;
export type WritableField = (typeof writableColumns)[number]['field'];

/** Columns of a test record, for `FROM tests t`. Labels are the ids, ascending. */
export const testRecordColumns = Prisma.sql`
  t.id AS "testId", t.project_id AS "projectId", t.title, t.description AS "testDescription",
  t.preconditions, t.steps, t.expected_result AS "expectedResult", t.section_id AS "sectionId",
  t.priority_id AS "priorityId", t.type_id AS "typeId", t.automation_status_id AS "automationStatusId",
  t.platform_id AS "platformId", t.test_covered_by_id AS "testCoveredById", t.squad_id AS "squadId",
  ARRAY(SELECT tl.label_id FROM test_labels tl WHERE tl.test_id = t.id ORDER BY tl.label_id) AS labels,
  t.created_by AS "createdBy", t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** The catalog of a project (deleted tests left out) narrowed by the list filters, for `FROM tests t`. */
export function catalogWhere(projectId: number, f: TestFilters): Prisma.Sql {
  const parts = [Prisma.sql`t.project_id = ${projectId}`, Prisma.sql`t.deleted_at IS NULL`];
  if (f.sectionId !== undefined) parts.push(Prisma.sql`t.section_id = ${f.sectionId}`);
  if (f.priorityId !== undefined) parts.push(Prisma.sql`t.priority_id = ${f.priorityId}`);
  if (f.squadId !== undefined) parts.push(Prisma.sql`t.squad_id = ${f.squadId}`);
  if (f.automationStatusId !== undefined) parts.push(Prisma.sql`t.automation_status_id = ${f.automationStatusId}`);
  if (f.labelId !== undefined) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM test_labels fl WHERE fl.test_id = t.id AND fl.label_id = ${f.labelId})`);
  }
  if (f.search) parts.push(Prisma.sql`t.title ILIKE ${`%${escapeLike(f.search)}%`}`);
  return Prisma.join(parts, ' AND ');
}

/** The project if it is one of the caller's organizations, for `FROM projects p`. */
export const projectInOrgs = (projectId: number, orgIds: number[]) =>
  Prisma.sql`p.id = ${projectId} AND p.org_id = ANY(${orgIds}::int[])`;
