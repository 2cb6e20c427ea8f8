import type { DbOrTx } from '../../../db/client';

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

const int4s = (bytes: Uint8Array | null) => {
  if (!bytes) return new Int32Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Int32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getInt32(i * 4));
};

/**
 * The live tests (ascending ids), each one's top-level section (0 outside any section) and whether
 * it is automated (an automation key, or the automation status Automated): packed into one row,
 * not 50,000 rows for the client to decode. With the top-level sections' names.
 */
export async function liveTestFacts(db: DbOrTx, projectId: number) {
  const [row] = await db.$queryRaw<{ ids: Uint8Array | null; roots: Uint8Array | null; automated: Uint8Array | null }[]>`
    WITH RECURSIVE up(id, root_id) AS (
      SELECT id, id FROM sections WHERE project_id = ${projectId} AND parent_id IS NULL
      UNION ALL SELECT s.id, up.root_id FROM sections s JOIN up ON s.parent_id = up.id WHERE s.project_id = ${projectId}
    )
    SELECT string_agg(int4send(t.id), ''::bytea ORDER BY t.id) AS ids,
      string_agg(int4send(coalesce(up.root_id, 0)), ''::bytea ORDER BY t.id) AS roots,
      string_agg(set_byte('\\x00'::bytea, 0, (t.automation_key IS NOT NULL OR lower(le.name) = 'automated')::int), ''::bytea ORDER BY t.id) AS automated
    FROM tests t LEFT JOIN up ON up.id = t.section_id LEFT JOIN lookup_entries le ON le.id = t.automation_status_id
    WHERE t.project_id = ${projectId} AND t.deleted_at IS NULL`;
  const names = await db.$queryRaw<{ id: number; name: string }[]>`
    SELECT id, name FROM sections WHERE project_id = ${projectId} AND parent_id IS NULL`;
  return {
    testIds: int4s(row.ids),
    roots: int4s(row.roots),
    automated: row.automated ?? new Uint8Array(0),
    rootNames: new Map(names.map((n) => [n.id, n.name])),
  };
}
