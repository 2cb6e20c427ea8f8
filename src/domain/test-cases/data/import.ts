import type { DbOrTx, Tx } from '../../../db/client';
import { moveLiveTestCount } from './counter';
import { addFieldValues } from './field-values';

// The catalog side of a JUnit import: finding tests by id and by automation key,
// and creating the missing ones, each one statement whatever the number.

/** Which of `ids` are live tests of the project (joined on the primary key: no plan to go wrong on stale statistics). */
export async function liveTestIds(db: DbOrTx, projectId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT t.id FROM unnest(${ids}::int[]) AS v(id) JOIN tests t ON t.id = v.id
     WHERE t.project_id = ${projectId} AND t.deleted_at IS NULL`;
  return new Set(rows.map((r) => r.id));
}

/** How many live tests of the project carry an automation key. */
export async function countAutomationKeys(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM tests WHERE project_id = ${projectId} AND automation_key IS NOT NULL AND deleted_at IS NULL`;
  return row.n;
}

/** The live tests of the project holding these automation keys (every keyed test when `keys` is null), by key. */
export async function testIdsByAutomationKey(db: DbOrTx, projectId: number, keys: string[] | null): Promise<Map<string, number>> {
  if (keys?.length === 0) return new Map();
  const rows =
    keys === null
      ? await db.$queryRaw<{ id: number; key: string }[]>`
        SELECT id, automation_key AS key FROM tests WHERE project_id = ${projectId} AND automation_key IS NOT NULL AND deleted_at IS NULL`
      : await db.$queryRaw<{ id: number; key: string }[]>`
        SELECT t.id, t.automation_key AS key FROM unnest(${keys}::text[]) AS v(key)
          JOIN tests t ON t.project_id = ${projectId} AND t.automation_key = v.key
         WHERE t.deleted_at IS NULL`;
  return new Map(rows.map((r) => [r.key, r.id]));
}

/**
 * Gives tests found by their old automation key (`classname.name`) their full key. The caller
 * holds the run's or the project's section lock; a key is unique per project, and no test of
 * the project holds any of the new keys (they were looked up and not found).
 */
export async function moveAutomationKeys(tx: Tx, projectId: number, moves: { testId: number; key: string }[]): Promise<void> {
  if (moves.length === 0) return;
  await tx.$executeRaw`
    UPDATE tests t SET automation_key = v.key
      FROM unnest(${moves.map((m) => m.testId)}::int[], ${moves.map((m) => m.key)}::text[]) AS v(id, key)
     WHERE t.id = v.id AND t.project_id = ${projectId}`;
}

export interface ImportedTest {
  title: string;
  sectionId: number | null;
  automationKey: string;
}

/**
 * Creates the tests, automation status "Automated" when the project has that
 * entry, and the defaults of the project's test fields (a required field without a default stays
 * without a value), at version 0 (their first version is read from them until they change,
 * versions.ts); returns their ids in the order of `tests` (one sequence, inserted in that order). The caller holds the project's section lock, so no concurrent
 * import creates the same keys.
 */
export async function insertImportedTests(tx: Tx, projectId: number, userId: number, tests: ImportedTest[]): Promise<number[]> {
  if (tests.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: number; valued: boolean }[]>`
    WITH automated AS (
      SELECT min(id) AS id FROM lookup_entries WHERE project_id = ${projectId} AND kind = 'automation_status' AND lower(name) = 'automated'
    ), defaults AS (
      SELECT coalesce(jsonb_object_agg(key, default_value), '{}') AS fields FROM custom_fields
      WHERE project_id = ${projectId} AND applies_to = 'test' AND default_value IS NOT NULL
    )
    INSERT INTO tests (project_id, title, section_id, automation_key, automation_status_id, custom_fields, created_by, updated_by, updated_at, version)
    SELECT ${projectId}::int, v.title, v.section_id, v.key, (SELECT id FROM automated), (SELECT fields FROM defaults), ${userId}::int, ${userId}::int, now(), 0
      FROM unnest(${tests.map((t) => t.title)}::text[], ${tests.map((t) => t.sectionId)}::int[], ${tests.map((t) => t.automationKey)}::text[])
        WITH ORDINALITY AS v(title, section_id, key, n)
     ORDER BY v.n
    RETURNING id, custom_fields <> '{}' AS valued`;
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await addFieldValues(
    tx,
    rows.filter((r) => r.valued).map((r) => r.id),
  );
  await moveLiveTestCount(tx, projectId, rows.length);
  return ids;
}
