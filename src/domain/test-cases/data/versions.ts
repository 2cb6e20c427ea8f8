import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { contentFields, isoUtc, testContentSql, versionSql } from './columns';

// Versions of tests (test_versions): after every write that may change tests, one statement
// compares each test's content with its latest version and records a new version for those that
// differ, naming the fields that changed. A write that changes nothing records nothing.
//
// A test's first version is stored when it first changes: until then (tests.version 0) it is the
// test as it is, by whoever created it, and every read of versions shows it as version 1 (the
// base version below). So creating tests, 100,000 at a time from an import, writes no version rows.

/** The fields a version keeps: what a person writes (not ids, authors or times the server sets). */
export const VERSIONED_FIELDS = contentFields;

/**
 * The content of the tests as a version keeps it, with their id and latest version number. Read it
 * as a MATERIALIZED CTE: inlined, each mention of the content (the changed fields name it per
 * field) builds the record again, sixteen times a test.
 */
const contentSql = (testIds: number[], where: Prisma.Sql = Prisma.empty) => Prisma.sql`
  SELECT t.id, t.version, ${testContentSql} AS content FROM tests t WHERE t.id = ANY(${testIds}::int[]) ${where}`;

/** The fields of `content` that differ from `previous` (SQL jsonb; null: a first version, whose fields are those it was given), in the record's order. */
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
 * The base versions of those of the tests whose first version is not stored (version 0), as
 * test_versions rows: version 1, the test's content as it is, by whoever created it, when it was
 * last changed (for a test made since versions are kept and not changed: when it was created).
 */
const baseVersionsSql = (testIds: number[]) => Prisma.sql`
  SELECT c.id AS test_id, 1 AS version, t.created_by AS user_id, t.updated_at AS created_at,
         ${changedFieldsSql('c.content', null)} AS changed_fields, c.content
    FROM (${contentSql(testIds, Prisma.sql`AND t.version = 0`)}) c JOIN tests t ON t.id = c.id`;

/** Stores the base version of those of the tests that have none stored: called before a change, so that the change is version 2 and what came before is kept. */
export async function keepBaseVersions(tx: Tx, testIds: number[]): Promise<void> {
  if (testIds.length === 0) return;
  const kept = await tx.$executeRaw`
    INSERT INTO test_versions (test_id, version, user_id, created_at, changed_fields, content) ${baseVersionsSql(testIds)}`;
  if (kept > 0) await tx.$executeRaw`UPDATE tests SET version = 1 WHERE id = ANY(${testIds}::int[]) AND version = 0`;
}

/** A test's versions, stored or its base version (see above), as rows of test_versions. */
const versionsOfSql = (testId: number) => Prisma.sql`
  (SELECT test_id, version, user_id, created_at, changed_fields, content FROM test_versions WHERE test_id = ${testId}
   UNION ALL ${baseVersionsSql([testId])})`;

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
    WITH v AS MATERIALIZED (SELECT version, user_id, created_at, changed_fields FROM ${versionsOfSql(q.testId)} x)
    SELECT (SELECT count(*)::int FROM v) AS total,
      (SELECT coalesce(json_agg(e ORDER BY e.version DESC), '[]'::json) FROM (
         SELECT ${entryColumns} FROM v LEFT JOIN users u ON u.id = v.user_id
          ORDER BY v.version DESC LIMIT ${q.limit}::int OFFSET ${q.offset}::bigint) e) AS versions`;
  return page;
}

/** One version of a test with its content (the test's writable fields as they were read then), or undefined. */
export async function findVersion(
  db: DbOrTx,
  testId: number,
  version: number,
): Promise<(VersionEntry & { content: Record<string, unknown> }) | undefined> {
  const rows = await db.$queryRaw<(VersionEntry & { content: Record<string, unknown> })[]>`
    SELECT ${entryColumns}, v.content FROM ${versionsOfSql(testId)} v LEFT JOIN users u ON u.id = v.user_id
     WHERE v.version = ${version}::int`;
  return rows[0];
}

/** The number of the test's latest version (0: no such test). */
export async function latestVersion(db: DbOrTx, testId: number): Promise<number> {
  const [row] = await db.$queryRaw<
    { version: number }[]
  >`SELECT ${Prisma.raw(versionSql('t'))} AS version FROM tests t WHERE t.id = ${testId}`;
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
