import type { DbOrTx } from '../../../db/client';
import { int32At } from './packed';

const FACT_BYTES = 9;

// What the project dashboard reads besides digests: its recent runs with their counts, the
// top-level section of each live test, and which tests are automated.

export interface DashboardRun {
  runId: number;
  runName: string;
  createdAt: Date;
  commit: string | null;
  branch: string | null;
  buildNumber: string | null;
  passed: number;
  failed: number;
  blocked: number;
  retest: number;
  untested: number;
}

/** The project's runs created since `since`, the latest `max` of them, oldest first. */
export async function runsSince(db: DbOrTx, projectId: number, since: Date, max: number): Promise<DashboardRun[]> {
  const rows = await db.$queryRaw<DashboardRun[]>`
    SELECT id AS "runId", name AS "runName", created_at AS "createdAt", build_commit AS "commit", build_branch AS branch,
      build_number AS "buildNumber", passed_count AS passed, failed_count AS failed, blocked_count AS blocked,
      retest_count AS retest, untested_count AS untested
    FROM runs WHERE project_id = ${projectId} AND created_at >= ${since} ORDER BY id DESC LIMIT ${max}`;
  return rows.reverse();
}

/**
 * The live tests (ascending ids), each one's top-level section (0 outside any section) and whether
 * it is automated (an automation key, or the automation status Automated): packed into one row,
 * not 50,000 rows for the client to decode. With the top-level sections' names.
 */
export async function liveTestFacts(db: DbOrTx, projectId: number) {
  // One record of 9 bytes a test (id, top-level section, automated), so the tests are sorted once.
  const [row] = await db.$queryRaw<{ facts: Uint8Array | null }[]>`
    WITH RECURSIVE up(id, root_id) AS (
      SELECT id, id FROM sections WHERE project_id = ${projectId} AND parent_id IS NULL
      UNION ALL SELECT s.id, up.root_id FROM sections s JOIN up ON s.parent_id = up.id WHERE s.project_id = ${projectId}
    )
    SELECT string_agg(int4send(t.id) || int4send(coalesce(up.root_id, 0))
        || set_byte('\\x00'::bytea, 0, coalesce(t.automation_key IS NOT NULL OR lower(le.name) = 'automated', false)::int), ''::bytea ORDER BY t.id) AS facts
    FROM tests t LEFT JOIN up ON up.id = t.section_id LEFT JOIN lookup_entries le ON le.id = t.automation_status_id
    WHERE t.project_id = ${projectId} AND t.deleted_at IS NULL`;
  const names = await db.$queryRaw<{ id: number; name: string }[]>`
    SELECT id, name FROM sections WHERE project_id = ${projectId} AND parent_id IS NULL`;
  const facts = row.facts ?? new Uint8Array(0);
  const n = facts.length / FACT_BYTES;
  const testIds = new Int32Array(n);
  const roots = new Int32Array(n);
  const automated = new Uint8Array(n);
  for (let t = 0, at = 0; t < n; t++, at += FACT_BYTES) {
    testIds[t] = int32At(facts, at);
    roots[t] = int32At(facts, at + 4);
    automated[t] = facts[at + 8];
  }
  return { testIds, roots, automated, rootNames: new Map(names.map((r) => [r.id, r.name])) };
}
