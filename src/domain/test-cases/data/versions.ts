import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { testColumns, testRecordColumns } from './columns';

// Versions of tests (test_versions): after every write that may change tests, one statement
// compares each test's content with its latest version and records a new version for those that
// differ, naming the fields that changed. A write that changes nothing records nothing.

/** The fields a version keeps: what a person writes (not ids, authors or times the server sets). */
export const VERSIONED_FIELDS = testColumns.filter((c) => !['read', 'timestamp'].includes(c.kind)).map((c) => c.field);
const unversioned = testColumns.filter((c) => !VERSIONED_FIELDS.includes(c.field)).map((c) => c.field);

/** The content of the tests `t` as a version keeps it: JSON objects by test id. */
const contentSql = (testIds: number[]) => Prisma.sql`
  SELECT r."testId" AS id, to_jsonb(r) - ${unversioned}::text[] AS content
    FROM (SELECT ${testRecordColumns} FROM tests t WHERE t.id = ANY(${testIds}::int[])) r`;

/**
 * Tests older than versions (version 0) get their content as it is as version 1, by whoever created
 * them, when they were last changed: called before a change, so that the change is version 2 and
 * what came before is kept.
 */
export async function keepBaseVersions(tx: Tx, testIds: number[]): Promise<void> {
  if (testIds.length === 0) return;
  await tx.$executeRaw`
    WITH legacy AS (
      UPDATE tests SET version = 1 WHERE id = ANY(${testIds}::int[]) AND version = 0 RETURNING id, created_by, updated_at)
    INSERT INTO test_versions (test_id, version, user_id, created_at, changed_fields, content)
    SELECT c.id, 1, l.created_by, l.updated_at, '{}', c.content
      FROM (${contentSql(testIds)}) c JOIN legacy l ON l.id = c.id`;
}

/**
 * Records a version of each of the tests whose content differs from its latest version (all of
 * them when new), by `userId`, with the fields that changed (in the record's order; for a new
 * test, those it was given). Returns how many versions were recorded.
 */
export async function recordVersions(tx: Tx, testIds: number[], userId: number | null): Promise<number> {
  if (testIds.length === 0) return 0;
  // MATERIALIZED: inlined, each test's content would be computed again for each field compared
  // (a 500-test write: 196 ms, 59 ms materialized).
  return tx.$executeRaw`
    WITH cur AS MATERIALIZED (${contentSql(testIds)}),
    prev AS (
      SELECT v.test_id, v.content FROM tests t JOIN test_versions v ON v.test_id = t.id AND v.version = t.version
       WHERE t.id = ANY(${testIds}::int[])),
    changed AS (
      SELECT c.id, c.content,
             ARRAY(SELECT f FROM unnest(${VERSIONED_FIELDS}::text[]) WITH ORDINALITY AS k(f, n)
                    WHERE CASE WHEN p.content IS NULL THEN c.content->f NOT IN ('null', '[]', '{}', '""')
                               ELSE c.content->f IS DISTINCT FROM p.content->f END
                    ORDER BY k.n) AS fields
        FROM cur c LEFT JOIN prev p ON p.test_id = c.id
       WHERE p.content IS NULL OR c.content <> p.content),
    bumped AS (
      UPDATE tests t SET version = t.version + 1, updated_by = ${userId}::int FROM changed c WHERE t.id = c.id RETURNING t.id, t.version)
    INSERT INTO test_versions (test_id, version, user_id, created_at, changed_fields, content)
    SELECT b.id, b.version, ${userId}::int, now(), c.fields, c.content FROM bumped b JOIN changed c ON c.id = b.id`;
}
