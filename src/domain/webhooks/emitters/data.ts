import type { DbOrTx, Tx } from '../../../db/client';
import { percentOf } from '../../../reports/run-report';
import { defaultBase } from '../../insight/data';
import type { TestStatusName } from '../../runs/runs.schemas';
import { NEW_FAILURES_LISTED, type EventRun, type NewFailures } from '../event-data';

// What events' data reads, inside the write's transaction and only when a webhook listens
// (emit.ts decides before any of these runs): runs with their project's name, the results a
// request is about to change, a completed run's new failures.

interface RunRowForEvent extends Omit<EventRun, 'passRate' | 'build'> {
  projectId: number;
  commit: string | null;
  branch: string | null;
  buildNumber: string | null;
  buildUrl: string | null;
  ciJob: string | null;
}

/** The runs as events name them, by id (missing ones left out). */
export async function eventRuns(db: DbOrTx, runIds: number[]): Promise<Map<number, EventRun & { projectId: number }>> {
  const rows = await db.$queryRaw<RunRowForEvent[]>`
    SELECT r.id AS "runId", r.name AS "runName", r.project_id AS "projectId", p.name AS "projectName", r.plan_id AS "planId",
      r.milestone_id AS "milestoneId", r.build_commit AS commit, r.build_branch AS branch, r.build_number AS "buildNumber",
      r.build_url AS "buildUrl", r.ci_job AS "ciJob",
      json_build_object('total', r.passed_count + r.failed_count + r.blocked_count + r.retest_count + r.untested_count,
        'passed', r.passed_count, 'failed', r.failed_count, 'blocked', r.blocked_count,
        'retest', r.retest_count, 'untested', r.untested_count) AS "statusCounts"
    FROM runs r JOIN projects p ON p.id = r.project_id WHERE r.id = ANY(${runIds}::int[])`;
  return new Map(
    rows.map(({ commit, branch, buildNumber, buildUrl, ciJob, ...r }) => {
      const build = [commit, branch, buildNumber, buildUrl, ciJob].some((v) => v !== null)
        ? { commit, branch, buildNumber, buildUrl, ciJob }
        : null;
      return [r.runId, { ...r, build, passRate: percentOf(r.statusCounts.passed, r.statusCounts.total) }];
    }),
  );
}

/** One run as events name it (the caller knows it exists: it holds its row lock or just wrote it). */
export async function eventRun(db: DbOrTx, runId: number): Promise<EventRun & { projectId: number }> {
  return (await eventRuns(db, [runId])).get(runId)!;
}

export async function projectName(db: DbOrTx, projectId: number): Promise<string> {
  const [row] = await db.$queryRaw<{ name: string }[]>`SELECT name FROM projects WHERE id = ${projectId}`;
  return row?.name ?? '';
}

/** Each test's title and its status in the run before the write (null: not in the run, or no run), by test id. */
export async function resultsBefore(
  tx: Tx,
  runId: number | null,
  testIds: number[],
): Promise<Map<number, { title: string; status: TestStatusName | null }>> {
  const rows = await tx.$queryRaw<{ testId: number; title: string; status: TestStatusName | null }[]>`
    SELECT t.id AS "testId", t.title, rt.status::text AS status
    FROM tests t LEFT JOIN run_tests rt ON rt.run_id = ${runId}::int AND rt.test_id = t.id
    WHERE t.id = ANY(${testIds}::int[])`;
  return new Map(rows.map((r) => [r.testId, { title: r.title, status: r.status }]));
}

/** Every test of the run with its title and status (a reset changes them all; the caller knows there are few). */
export function runResults(tx: Tx, runId: number): Promise<{ testId: number; title: string; status: TestStatusName }[]> {
  return tx.$queryRaw`
    SELECT rt.test_id AS "testId", t.title, rt.status::text AS status
    FROM run_tests rt JOIN tests t ON t.id = rt.test_id WHERE rt.run_id = ${runId} ORDER BY rt.test_id`;
}

/**
 * Tests failed or blocked in the run that passed in its base run, the base GET /run/compare takes
 * by default (the latest earlier run of the project sharing a test, on the same branch); null
 * when there is no base.
 */
export async function newFailures(tx: Tx, run: { runId: number; runName: string; projectId: number; branch: string | null }) {
  const base = await defaultBase(tx, run);
  if (!base) return null;
  const rows = await tx.$queryRaw<{ testId: number; title: string; status: TestStatusName; count: number }[]>`
    SELECT rt.test_id AS "testId", t.title, rt.status::text AS status, (count(*) OVER ())::int AS count
    FROM run_tests rt JOIN run_tests b ON b.run_id = ${base.runId} AND b.test_id = rt.test_id AND b.status = 'passed'
    JOIN tests t ON t.id = rt.test_id
    WHERE rt.run_id = ${run.runId} AND rt.status IN ('failed', 'blocked')
    ORDER BY rt.test_id LIMIT ${NEW_FAILURES_LISTED}`;
  const failures: NewFailures = {
    baseRunId: base.runId,
    baseRunName: base.runName,
    count: rows[0]?.count ?? 0,
    tests: rows.map(({ count: _c, ...t }) => t),
  };
  return failures;
}

/** The ids of a section's live tests: what moves when it is deleted. */
export async function sectionTestIds(tx: Tx, sectionId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM tests WHERE section_id = ${sectionId} AND deleted_at IS NULL ORDER BY id`;
  return rows.map((r) => r.id);
}

/** The plan's runs (id and name), read before the plan goes with them. */
export function planRuns(tx: Tx, planId: number): Promise<{ runId: number; runName: string }[]> {
  return tx.$queryRaw`SELECT id AS "runId", name AS "runName" FROM runs WHERE plan_id = ${planId} ORDER BY id`;
}

/** The run's fill (tests, untested ones) as it stands in the transaction. */
export async function runFill(tx: Tx, runId: number): Promise<{ total: number; untested: number }> {
  const [row] = await tx.$queryRaw<{ total: number; untested: number }[]>`
    SELECT passed_count + failed_count + blocked_count + retest_count + untested_count AS total, untested_count AS untested
    FROM runs WHERE id = ${runId}`;
  return row;
}
