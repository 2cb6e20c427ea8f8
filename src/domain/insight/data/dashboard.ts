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

/** Each live test with its top-level section (null outside any section), and whether it is automated. */
export async function liveTestFacts(db: DbOrTx, projectId: number) {
  return db.$queryRaw<{ testId: number; rootId: number | null; rootName: string | null; automated: boolean }[]>`
    WITH RECURSIVE up(id, root_id, root_name) AS (
      SELECT id, id, name FROM sections WHERE project_id = ${projectId} AND parent_id IS NULL
      UNION ALL SELECT s.id, up.root_id, up.root_name FROM sections s JOIN up ON s.parent_id = up.id WHERE s.project_id = ${projectId}
    )
    SELECT t.id AS "testId", up.root_id AS "rootId", up.root_name AS "rootName",
      (t.automation_key IS NOT NULL OR lower(le.name) = 'automated') AS automated
    FROM tests t LEFT JOIN up ON up.id = t.section_id LEFT JOIN lookup_entries le ON le.id = t.automation_status_id
    WHERE t.project_id = ${projectId} AND t.deleted_at IS NULL ORDER BY t.id`;
}
