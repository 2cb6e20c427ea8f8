import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { contentFields, isoUtc, testContentSql } from './columns';

// Versions of tests (test_versions): after every write that may change tests, one statement
// compares each test's content with its latest version and records a new version for those that
// differ, naming the fields that changed. A write that changes nothing records nothing.

/** The fields a version keeps: what a person writes (not ids, authors or times the server sets). */
export const VERSIONED_FIELDS = contentFields;

/**
 * The content of the tests as a version keeps it, with their id and latest version number. Read it
 * as a MATERIALIZED CTE: inlined, each mention of the content (the changed fields name it per
 * field) builds the record again, sixteen times a test.
 */
const contentSql = (testIds: number[], where: Prisma.Sql = Prisma.empty) => Prisma.sql`
  SELECT t.id, t.version, ${testContentSql} AS content FROM tests t WHERE t.id = ANY(${testIds}::int[]) ${where}`;

/**
 * Tests older than versions (version 0) get their content as it is as version 1, by whoever created
 * them, when they were last changed: called before a change, so that the change is version 2 and
 * what came before is kept.
 */
export async function keepBaseVersions(tx: Tx, testIds: number[]): Promise<void> {
  if (testIds.length === 0) return;
  const kept = await tx.$executeRaw`
    WITH c AS MATERIALIZED (${contentSql(testIds, Prisma.sql`AND t.version = 0`)})
    INSERT INTO test_versions (test_id, version, user_id, created_at, changed_fields, content)
    SELECT c.id, 1, t.created_by, t.updated_at, '{}', c.content FROM c JOIN tests t ON t.id = c.id`;
  if (kept > 0) await tx.$executeRaw`UPDATE tests SET version = 1 WHERE id = ANY(${testIds}::int[]) AND version = 0`;
}

/** The fields of `content` that differ from `previous` (SQL jsonb; null: a new test, whose fields are those it was given), in the record's order. */
const changedFieldsSql = (content: string, previous: string | null) => Prisma.sql`
  ARRAY(SELECT f FROM unnest(${VERSIONED_FIELDS}::text[]) WITH ORDINALITY AS k(f, n)
         WHERE ${
           previous === null
             ? Prisma.raw(`${content}->f NOT IN ('null', '[]', '{}', '""')`)
             : Prisma.raw(`CASE WHEN ${previous} IS NULL THEN ${content}->f NOT IN ('null', '[]', '{}', '""')
                                ELSE ${content}->f IS DISTINCT FROM ${previous}->f END`)
         }
         ORDER BY k.n)`;

/**
 * Records version 1 of tests just created (inserted with version 1), by `userId`: one INSERT, no
 * second write of the tests (rewriting 20,000 fresh rows and their indexes cost seconds).
 */
export async function recordFirstVersions(tx: Tx, testIds: number[], userId: number | null): Promise<number> {
  if (testIds.length === 0) return 0;
  return tx.$executeRaw`
    WITH c AS MATERIALIZED (${contentSql(testIds)})
    INSERT INTO test_versions (test_id, version, user_id, created_at, changed_fields, content)
    SELECT c.id, 1, ${userId}::int, now(), ${changedFieldsSql('c.content', null)}, c.content FROM c`;
}

/**
 * Records a version of each of the tests whose content differs from its latest version, by
 * `userId`, with the fields that changed (in the record's order). Returns how many versions were
 * recorded. Each join is on a key (the latest version by its primary key, the test by its id) and
 * the new versions come from the UPDATE's own RETURNING: joining two CTEs, which PostgreSQL
 * cannot index, took seconds for 20,000 tests.
 */
export async function recordVersions(tx: Tx, testIds: number[], userId: number | null): Promise<number> {
  if (testIds.length === 0) return 0;
  return tx.$executeRaw`
    WITH c AS MATERIALIZED (${contentSql(testIds)}),
    changed AS (
      SELECT c.id, c.content, ${changedFieldsSql('c.content', 'p.content')} AS fields
        FROM c LEFT JOIN test_versions p ON p.test_id = c.id AND p.version = c.version
       WHERE p.content IS NULL OR c.content <> p.content),
    bumped AS (
      UPDATE tests t SET version = t.version + 1, updated_by = ${userId}::int FROM changed c WHERE t.id = c.id
      RETURNING t.id, t.version, c.fields, c.content)
    INSERT INTO test_versions (test_id, version, user_id, created_at, changed_fields, content)
    SELECT b.id, b.version, ${userId}::int, now(), b.fields, b.content FROM bumped b`;
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
