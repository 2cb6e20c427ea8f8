import { Prisma } from '../../../generated/prisma/client';
import { orgIdsSql } from '../../../db/org-scope';
import { sectionSubtreeSql } from '../../sections/data';
import type { TestFilters } from '../test-cases.schemas';
import { columnOf } from './columns';
import { fieldFilterConditions, fieldFiltersCount } from './field-values';

// The catalog list filters as SQL conditions on `FROM tests t`, shared by the
// list, the count and the export.

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Filters that are a field's value, compared for equality. */
const equalityFilters = ['priorityId', 'squadId', 'automationStatusId', 'automationKey'] as const satisfies (keyof TestFilters)[];

/** The list filters as conditions on `FROM tests t`, deleted tests included. */
function filterConditions(projectId: number, f: TestFilters): Prisma.Sql[] {
  const parts = [Prisma.sql`t.project_id = ${projectId}`];
  if (f.sectionId !== undefined) {
    parts.push(
      f.includeSubsections
        ? Prisma.sql`t.section_id = ANY(${sectionSubtreeSql(projectId, f.sectionId)})`
        : Prisma.sql`t.section_id = ${f.sectionId}`,
    );
  }
  for (const field of equalityFilters) {
    const value = f[field];
    if (value !== undefined) parts.push(Prisma.sql`${Prisma.raw(`t.${columnOf(field)}`)} = ${value}`);
  }
  if (f.labelId !== undefined) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM test_labels fl WHERE fl.test_id = t.id AND fl.label_id = ${f.labelId})`);
  }
  if (f.testIds !== undefined) parts.push(Prisma.sql`t.id = ANY(${f.testIds}::int[])`);
  if (f.search) parts.push(Prisma.sql`t.title ILIKE ${`%${escapeLike(f.search)}%`}`);
  parts.push(...fieldFilterConditions(projectId, f.fieldFilters ?? []));
  return parts;
}

/** The catalog of a project (deleted tests left out) narrowed by the list filters, for `FROM tests t`. */
export const catalogWhere = (projectId: number, f: TestFilters): Prisma.Sql =>
  Prisma.join([...filterConditions(projectId, f), Prisma.sql`t.deleted_at IS NULL`], ' AND ');

/** Which tests a statement reads: built by catalogWhere, opaque to callers outside the data module. */
export type CatalogWhere = ReturnType<typeof catalogWhere>;

/** Whether any filter narrows the catalog (includeSubsections alone does not). */
const narrowed = (f: TestFilters): boolean =>
  f.sectionId !== undefined ||
  f.labelId !== undefined ||
  f.testIds !== undefined ||
  Boolean(f.search) ||
  Boolean(f.fieldFilters?.length) ||
  equalityFilters.some((field) => f[field] !== undefined);

/**
 * The number of catalog tests matching the filters, as an SQL expression for
 * `FROM projects p`: unfiltered, the project's counter (data/counter.ts); filtered,
 * a count over the filter's (project_id, filter, deleted_at, id) index, index-only; custom
 * field filters alone, over test_field_values (field-values.ts).
 */
export function catalogCount(projectId: number, f: TestFilters): Prisma.Sql {
  if (!narrowed(f)) return Prisma.sql`p.live_test_count`;
  const byFieldsAlone = f.fieldFilters?.length && !narrowed({ ...f, fieldFilters: undefined });
  const fieldsCount = byFieldsAlone ? fieldFiltersCount(projectId, f.fieldFilters!) : undefined;
  if (fieldsCount) return fieldsCount;
  return Prisma.sql`(SELECT count(*)::int FROM tests t WHERE ${catalogWhere(projectId, f)})`;
}

/** The project if it is one of the caller's organizations, for `FROM projects p`. */
export const projectInOrgs = (projectId: number, orgIds: number[] | Prisma.Sql) =>
  Prisma.sql`p.id = ${projectId} AND p.org_id = ANY(${orgIdsSql(orgIds)})`;
