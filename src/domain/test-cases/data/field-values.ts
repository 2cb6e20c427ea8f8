import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { FieldFilter } from '../../custom-fields/field-filters.schemas';

// test_field_values: tests.custom_fields one value per row, so that a cf.<key> filter reads a
// btree instead of rechecking every matching test's JSON (the GIN index of tests.custom_fields
// cannot order, count index-only, or answer a range). The rows are derived from the column by
// the statements that write it (write.ts, import.ts, the field's deletion), in their transaction.
// Only live tests have rows (a soft delete drops them; deleted tests never return).

/** A text value longer than this has no row (a btree key has a size limit); a filter by one reads the column. */
export const INDEXED_TEXT_MAX = 200;

/** The rows of the tests `ids` as their custom_fields make them (for INSERT INTO test_field_values). */
const derivedRows = (ids: Prisma.Sql) => Prisma.sql`
  SELECT t.project_id, f.key, x.value, x.number, t.id
    FROM tests t
    CROSS JOIN LATERAL jsonb_each(t.custom_fields) f
    CROSS JOIN LATERAL (
      SELECT e #>> '{}' AS value, CASE WHEN jsonb_typeof(e) = 'number' THEN (e #>> '{}')::float8 END AS number
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(f.value) = 'array' THEN f.value ELSE jsonb_build_array(f.value) END) e
    ) x
   WHERE ${ids} AND t.deleted_at IS NULL AND length(x.value) <= ${INDEXED_TEXT_MAX}::int`;

const columns = Prisma.raw('project_id, key, value, number, test_id');

/** Adds the rows of tests just inserted (they have none yet). */
export async function addFieldValues(tx: Tx, testIds: number[]): Promise<void> {
  if (testIds.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO test_field_values (${columns}) ${derivedRows(Prisma.sql`t.id = ANY(${testIds}::int[]) AND t.custom_fields <> '{}'`)}`;
}

/** Replaces the rows of tests whose custom_fields were just written. */
export async function replaceFieldValues(tx: Tx, testIds: number[]): Promise<void> {
  if (testIds.length === 0) return;
  await dropTestsFieldValues(tx, testIds);
  await addFieldValues(tx, testIds);
}

/** Drops the rows of tests being deleted: the catalog and its filters leave deleted tests out. */
export async function dropTestsFieldValues(tx: Tx, testIds: number[]): Promise<void> {
  await tx.$executeRaw`DELETE FROM test_field_values WHERE test_id = ANY(${testIds}::int[])`;
}

/** Drops a deleted field's rows (its values leave tests.custom_fields in the same transaction). */
export async function dropFieldValues(tx: DbOrTx, projectId: number, key: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM test_field_values WHERE project_id = ${projectId} AND key = ${key}`;
}

/**
 * Derives the rows of a database whose tests got values before the table existed: run at start,
 * after the migrations. Only while the table is empty (rows are otherwise written with the values,
 * so any row means this ran); one statement, so all or nothing; instances starting together may
 * both run it (ON CONFLICT: the same rows).
 */
export async function deriveMissingFieldValues(db: DbOrTx): Promise<number> {
  return db.$executeRaw`
    INSERT INTO test_field_values (${columns})
    ${derivedRows(Prisma.sql`t.custom_fields <> '{}' AND NOT EXISTS (SELECT 1 FROM test_field_values)`)}
    ON CONFLICT DO NOTHING`;
}

/**
 * What custom field filters select: per filter (a key's gte and lte as one range), the ids of the
 * matching tests read from the btree of (project_id, key, value) or (project_id, key, number); a
 * text longer than the rows hold (no row can equal it) as a condition on `FROM tests t`'s column,
 * by containment (the GIN index).
 */
function fieldMatches(projectId: number, filters: FieldFilter[]): ({ ids: Prisma.Sql } | { column: Prisma.Sql })[] {
  const ranges = new Map<string, Prisma.Sql[]>();
  const matches: ({ ids: Prisma.Sql } | { column: Prisma.Sql })[] = [];
  const rowsOf = (key: string, match: Prisma.Sql) =>
    Prisma.sql`SELECT v.test_id FROM test_field_values v WHERE v.project_id = ${projectId}::int AND v.key = ${key}::text AND ${match}`;
  for (const cf of filters) {
    const value = cf.value;
    if (typeof value === 'string' && value.length > INDEXED_TEXT_MAX) {
      matches.push({
        column: Prisma.sql`t.custom_fields @> ${JSON.stringify({ [cf.key]: cf.op === 'contains' ? [value] : value })}::jsonb`,
      });
      continue;
    }
    const cmp = Prisma.raw(cf.op === 'gte' ? '>=' : cf.op === 'lte' ? '<=' : '=');
    // A number (or a user id) as a number; a checkbox as its JSON text; a date's range as text (YYYY-MM-DD orders so).
    const match =
      typeof value === 'number' ? Prisma.sql`v.number ${cmp} ${value}::float8` : Prisma.sql`v.value ${cmp} ${String(value)}::text`;
    if (cf.op === 'gte' || cf.op === 'lte') ranges.set(cf.key, [...(ranges.get(cf.key) ?? []), match]);
    else matches.push({ ids: rowsOf(cf.key, match) });
  }
  for (const [key, bounds] of ranges) matches.push({ ids: rowsOf(key, Prisma.join(bounds, ' AND ')) });
  return matches;
}

/** Custom field filters as conditions on `FROM tests t`. */
export const fieldFilterConditions = (projectId: number, filters: FieldFilter[]): Prisma.Sql[] =>
  fieldMatches(projectId, filters).map((m) => ('ids' in m ? Prisma.sql`t.id IN (${m.ids})` : m.column));

/**
 * The number of live tests matching custom field filters alone, counted on the rows only (those of
 * live tests: a deleted test's go with it), index-only; undefined when a filter reads the column.
 * A count through tests would visit a test per match, and a prepared statement's generic plan (it
 * cannot know how common a value is) chose tests_pkey and its heap for it.
 */
export function fieldFiltersCount(projectId: number, filters: FieldFilter[]): Prisma.Sql | undefined {
  const matches = fieldMatches(projectId, filters);
  const ids = matches.flatMap((m) => ('ids' in m ? [m.ids] : []));
  if (ids.length < matches.length) return undefined;
  return Prisma.sql`(SELECT count(*)::int FROM (${Prisma.join(ids, ' INTERSECT ')}) m)`;
}

/** The rows of test_field_values that differ from what tests.custom_fields make (missing or extra): 0 when in step. */
export async function fieldValuesOutOfStep(db: DbOrTx): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    WITH derived AS (${derivedRows(Prisma.sql`t.custom_fields <> '{}'`)}),
         stored AS (SELECT ${columns} FROM test_field_values)
    SELECT ((SELECT count(*) FROM (SELECT * FROM derived EXCEPT ALL SELECT * FROM stored) a)
          + (SELECT count(*) FROM (SELECT * FROM stored EXCEPT ALL SELECT * FROM derived) b))::int AS n`;
  return row.n;
}
