import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc, testColumns, testRecordColumns } from './columns';

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
  return tx.$executeRaw`
    WITH cur AS (${contentSql(testIds)}),
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

// ---- Reads of a test's versions (GET /test/versions, /test/version).

/** One version as listed: who recorded it, when, and which fields it changed (its content only when asked). */
export interface VersionEntry {
  version: number;
  userId: number | null;
  userName: string | null;
  createdAt: string;
  changedFields: string[];
}

const entryColumns = Prisma.sql`v.version, v.user_id AS "userId", u.name AS "userName",
  ${Prisma.raw(isoUtc('v.created_at'))} AS "createdAt", v.changed_fields AS "changedFields"`;

/** A page of a test's versions, newest first, and how many it has: one statement on the (test_id, version) key. */
export async function versionPage(
  db: DbOrTx,
  q: { testId: number; limit: number; offset: number },
): Promise<{ versions: VersionEntry[]; total: number }> {
  const [page] = await db.$queryRaw<{ versions: VersionEntry[]; total: number }[]>`
    SELECT (SELECT count(*)::int FROM test_versions WHERE test_id = ${q.testId}) AS total,
      (SELECT coalesce(json_agg(e ORDER BY e.version DESC), '[]'::json) FROM (
         SELECT ${entryColumns} FROM test_versions v LEFT JOIN users u ON u.id = v.user_id
          WHERE v.test_id = ${q.testId} ORDER BY v.version DESC LIMIT ${q.limit}::int OFFSET ${q.offset}::bigint) e) AS versions`;
  return page;
}

/** One version of a test with its content (the test's writable fields as they were read then), or undefined. */
export async function findVersion(
  db: DbOrTx,
  testId: number,
  version: number,
): Promise<(VersionEntry & { content: Record<string, unknown> }) | undefined> {
  const rows = await db.$queryRaw<(VersionEntry & { content: Record<string, unknown> })[]>`
    SELECT ${entryColumns}, v.content FROM test_versions v LEFT JOIN users u ON u.id = v.user_id
     WHERE v.test_id = ${testId} AND v.version = ${version}::int`;
  return rows[0];
}

/** The number of the test's latest version (0: none yet). */
export async function latestVersion(db: DbOrTx, testId: number): Promise<number> {
  const [row] = await db.$queryRaw<{ version: number }[]>`SELECT version FROM tests WHERE id = ${testId}`;
  return row?.version ?? 0;
}

/**
 * The version of a read of a test's versions, as `ARRAY[org id, counter]` when the project's
 * organization is one of `orgIds` (an int[] expression), else NULL: the project's change counter
 * (every write of a test moves it, a new version with it) plus the counters of the users the
 * versions name (a rename moves those). All only grow, so the sum changes whenever one does.
 */
export const testVersionsVersionSql = (projectId: number, testId: number, orgIds: Prisma.Sql): Prisma.Sql => Prisma.sql`
  (SELECT ARRAY[p.org_id, p.change_count + coalesce((
            SELECT sum(u.change_count)::int FROM users u
             WHERE u.id IN (SELECT v.user_id FROM test_versions v WHERE v.test_id = ${testId})), 0)]
     FROM projects p
    WHERE p.id = ${projectId} AND p.org_id = ANY(${orgIds}))`;
