import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { LabelChanges, TestFieldsInput } from '../test-cases.schemas';
import { writableColumns } from './columns';
import { moveLiveTestCount } from './counter';
import { keepBaseVersions, recordVersions } from './versions';
import { addFieldValues, dropTestsFieldValues, replaceFieldValues } from './field-values';

// Set-based writes shared by the single and the bulk routes: one INSERT or one
// UPDATE ... FROM unnest(...) for any number of tests, plus one statement each
// for their label links. Callers validate and run them inside a transaction.

type NewTest = TestFieldsInput & { title: string };
type TestChange = TestFieldsInput & LabelChanges & { testId: number };

const columnList = Prisma.raw(writableColumns.map((c) => c.column).join(', '));
// JSON goes as text: node-postgres sends a JS array as a text[] literal.
const arrayOf = (values: unknown[], type: string) =>
  type === 'jsonb' ? Prisma.sql`${values}::text[]::jsonb[]` : Prisma.sql`${values}::${Prisma.raw(type)}[]`;
// A new test's value of each column: custom fields without nulls, never a null object.
const inserted = Prisma.raw(
  writableColumns.map((c) => (c.merge ? `coalesce(jsonb_strip_nulls(v.${c.column}), '{}')` : `v.${c.column}`)).join(', '),
);

/** Inserts the tests of one project (version 0: their first version is read from them until they change, versions.ts); returns their ids in the order of `items`. */
export async function insertTests(tx: Tx, projectId: number, userId: number, items: NewTest[]): Promise<number[]> {
  const arrays = writableColumns.map((c) =>
    arrayOf(
      items.map((item) => c.stored(item[c.field])),
      c.type,
    ),
  );
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO tests (project_id, created_by, updated_by, updated_at, version, ${columnList})
    SELECT ${projectId}::int, ${userId}::int, ${userId}::int, now(), 0, ${inserted}
      FROM unnest(${Prisma.join(arrays)}) WITH ORDINALITY AS v(${columnList}, n) ORDER BY v.n
    RETURNING id`;
  // Ids come from one sequence in insertion order, so ascending ids follow `items`.
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await linkLabels(
    tx,
    ids,
    items.map((item) => item.labels),
  );
  await addFieldValues(
    tx,
    ids.filter((_, i) => items[i].customFields),
  );
  // Last: the project's row lock is then held only to the commit.
  await moveLiveTestCount(tx, projectId, ids.length);
  return ids;
}

const newValue = (c: (typeof writableColumns)[number]) => (c.merge ? `jsonb_strip_nulls(t.${c.column} || v.${c.column})` : `v.${c.column}`);
const updateSets = Prisma.raw(
  writableColumns.map((c) => `${c.column} = CASE WHEN v.${c.column}_set THEN ${newValue(c)} ELSE t.${c.column} END`).join(', '),
);
const updateAliases = Prisma.raw(writableColumns.map((c) => `${c.column}_set, ${c.column}`).join(', '));

/**
 * Applies partial changes: a field absent from an item keeps its value; labels given replace the
 * test's labels; addLabels and removeLabels add and remove some, keeping the others. Each test
 * whose content changed gets a new version, and updated_by with it (recordVersions): a change
 * that changes nothing leaves who made the last one.
 */
export async function updateTests(tx: Tx, userId: number, items: TestChange[]): Promise<void> {
  const testIds = items.map((item) => item.testId);
  await keepBaseVersions(tx, testIds);
  const arrays = writableColumns.flatMap((c) => [
    arrayOf(
      items.map((item) => item[c.field] !== undefined),
      'bool',
    ),
    arrayOf(
      items.map((item) => c.stored(item[c.field])),
      c.type,
    ),
  ]);
  await tx.$executeRaw`
    UPDATE tests t SET ${updateSets}, updated_at = now()
      FROM unnest(${items.map((item) => item.testId)}::int[], ${Prisma.join(arrays)}) AS v(id, ${updateAliases})
     WHERE t.id = v.id`;
  await replaceFieldValues(
    tx,
    items.filter((item) => item.customFields !== undefined).map((item) => item.testId),
  );
  await changeLabels(tx, items);
  await relabel(tx, items);
  await recordVersions(tx, testIds, userId);
}

/** Labels given replace the test's labels. */
async function relabel(tx: Tx, items: TestChange[]) {
  const relabelled = items.filter((item) => item.labels !== undefined);
  if (relabelled.length === 0) return;
  const pairs = labelPairs(
    relabelled.map((item) => item.testId),
    relabelled.map((item) => item.labels),
  );
  // Only the difference is written: each inserted link costs PostgreSQL two
  // foreign-key checks, and an update that repeats a test's labels inserts none.
  await tx.$executeRaw`
    WITH wanted AS (SELECT * FROM unnest(${pairs.testIds}::int[], ${pairs.labelIds}::int[]) AS w(test_id, label_id)),
         dropped AS (
           DELETE FROM test_labels tl
            WHERE tl.test_id = ANY(${relabelled.map((item) => item.testId)}::int[])
              AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.test_id = tl.test_id AND w.label_id = tl.label_id))
    INSERT INTO test_labels (test_id, label_id) SELECT test_id, label_id FROM wanted ON CONFLICT DO NOTHING`;
}

/** addLabels and removeLabels: one DELETE and one INSERT of just those links, whatever the test's other labels. */
async function changeLabels(tx: Tx, items: TestChange[]) {
  const removed = labelPairs(
    items.map((item) => item.testId),
    items.map((item) => item.removeLabels),
  );
  if (removed.testIds.length > 0) {
    await tx.$executeRaw`
      DELETE FROM test_labels tl USING unnest(${removed.testIds}::int[], ${removed.labelIds}::int[]) AS r(test_id, label_id)
       WHERE tl.test_id = r.test_id AND tl.label_id = r.label_id`;
  }
  const added = labelPairs(
    items.map((item) => item.testId),
    items.map((item) => item.addLabels),
  );
  if (added.testIds.length > 0) {
    await tx.$executeRaw`
      INSERT INTO test_labels (test_id, label_id) SELECT * FROM unnest(${added.testIds}::int[], ${added.labelIds}::int[]) ON CONFLICT DO NOTHING`;
  }
}

/** The tests (of `testIds`) that hold more than `max` labels, with how many: read after adding labels, in the same transaction. */
export async function testsWithMoreLabels(tx: Tx, testIds: number[], max: number): Promise<{ testId: number; count: number }[]> {
  if (testIds.length === 0) return [];
  return tx.$queryRaw<{ testId: number; count: number }[]>`
    SELECT test_id AS "testId", count(*)::int AS count FROM test_labels
     WHERE test_id = ANY(${testIds}::int[]) GROUP BY test_id HAVING count(*) > ${max}::int`;
}

/** The (test, label) links as two parallel arrays, each test's label ids once. */
function labelPairs(testIds: number[], labels: (number[] | undefined)[]) {
  const pairs: { testIds: number[]; labelIds: number[] } = { testIds: [], labelIds: [] };
  labels.forEach((ids, i) => {
    for (const labelId of new Set(ids ?? [])) {
      pairs.testIds.push(testIds[i]);
      pairs.labelIds.push(labelId);
    }
  });
  return pairs;
}

/** One INSERT ... SELECT FROM unnest of two int arrays, however many links. */
async function linkLabels(tx: Tx, testIds: number[], labels: (number[] | undefined)[]) {
  const pairs = labelPairs(testIds, labels);
  if (pairs.testIds.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO test_labels (test_id, label_id) SELECT * FROM unnest(${pairs.testIds}::int[], ${pairs.labelIds}::int[])`;
}

/**
 * Soft delete: the tests leave the catalog; runs, history and reports keep them.
 * Their automation keys are cleared, so a new test may take them.
 */
export async function softDeleteTests(tx: Tx, testIds: number[]): Promise<void> {
  // Each project's counter moves by the rows this statement really deleted (in the same statement).
  await tx.$executeRaw`
    WITH gone AS (
      UPDATE tests SET deleted_at = now(), automation_key = NULL WHERE id = ANY(${testIds}::int[]) AND deleted_at IS NULL
      RETURNING project_id)
    UPDATE projects p SET live_test_count = p.live_test_count - g.n
      FROM (SELECT project_id, count(*)::int AS n FROM gone GROUP BY project_id) g
     WHERE p.id = g.project_id`;
  await dropTestsFieldValues(tx, testIds);
}

/** Moves a section's tests, deleted ones too, to another section (null: none); returns how many moved. */
export async function moveSectionTests(tx: Tx, fromSectionId: number, toSectionId: number | null): Promise<number> {
  const moved = await tx.test.updateMany({ where: { sectionId: fromSectionId }, data: { sectionId: toSectionId } });
  return moved.count;
}
