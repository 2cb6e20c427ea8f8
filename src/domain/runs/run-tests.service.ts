import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { countsOf, requireRunAnyProject, runNotFound, scopedRunSql, type RunRow } from './run-access';
import { frozenNamesJson, shown } from './run-snapshot';
import type { TestStatusName } from './runs.schemas';

// Reads of the tests in a run: the paged list (optionally of one status) and the
// history of one test in the run.

/** A timestamp column in the API's ISO form, as Date.toISOString writes it (timestamps are stored in UTC). */
export const isoTime = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Rows leave the database as one JSON array: no per-cell decoding in the client.
// A locked run's catalog fields come from its snapshot (see run-snapshot.ts); an
// open run's rows are built without looking at it, so the hot path stays a plain join.
const runTestsJson = (frozen: boolean) => {
  const field = (name: string, live: string, type?: 'text') => (frozen ? shown(name, live, type) : live);
  return Prisma.raw(`coalesce(json_agg(json_build_object(
  'runId', rt.run_id, 'testId', rt.test_id, 'projectId', t.project_id, 'title', ${field('title', 't.title', 'text')},
  'sectionId', ${field('sectionId', 't.section_id')}, 'priorityId', ${field('priorityId', 't.priority_id')},
  'typeId', ${field('typeId', 't.type_id')}, 'automationStatusId', ${field('automationStatusId', 't.automation_status_id')},
  'squadId', ${field('squadId', 't.squad_id')}, 'status', rt.status, 'comment', rt.comment, 'elapsedMs', rt.elapsed_ms,
  'updatedBy', rt.updated_by, 'updatedAt', ${isoTime('rt.updated_at')}, 'deleted', t.deleted_at IS NOT NULL,
  'snapshot', ${frozen ? frozenNamesJson : 'NULL'}
) ORDER BY rt.test_id), '[]'::json)`);
};
const liveJson = runTestsJson(false);
const frozenJson = runTestsJson(true);

const statusFilter = (status?: TestStatusName) =>
  status ? Prisma.sql`AND rt.status = ${status}::"TestStatus"` : Prisma.empty;

/**
 * A page of the run's tests by test id (GET /run/tests and /run/test-status), in one query with the run's scope check;
 * the total comes from the run's counters, not a count. The page's ids come from
 * an index-only scan first (an array, so the planner looks the rows up by key),
 * and rows skipped by OFFSET are never joined: 1.3 ms instead of 5.7 ms at
 * offset 9,500 of 10,000.
 */
export async function listRunTests(
  ctx: RequestContext, q: { runId: number; projectId: number; status?: TestStatusName; limit: number; offset: number },
) {
  // Only the branch of the run's state is executed.
  const page = (json: Prisma.Sql) => Prisma.sql`
      SELECT ${json} FROM run_tests rt JOIN tests t ON t.id = rt.test_id
      WHERE rt.run_id = ${q.runId} AND rt.test_id = ANY(ARRAY(
        SELECT rt.test_id FROM run_tests rt WHERE rt.run_id = ${q.runId} ${statusFilter(q.status)}
        ORDER BY rt.test_id LIMIT ${q.limit} OFFSET ${q.offset}
      ))`;
  const [run] = await ctx.db.$queryRaw<(RunRow & { tests: unknown[] })[]>`
    WITH run AS (${scopedRunSql(ctx, q.runId, q.projectId)})
    SELECT run.*, CASE WHEN run.locked THEN (${page(frozenJson)}) ELSE (${page(liveJson)}) END AS tests
    FROM run`;
  if (!run) return runNotFound(ctx, q.projectId);
  const counts = countsOf(run);
  return { tests: run.tests, total: q.status ? counts[q.status] : counts.total, limit: q.limit, offset: q.offset };
}

/**
 * The history of one test in one run, newest first; a test removed from the run
 * (or deleted from the catalog) keeps it. The test must be of the run's project.
 */
export async function getRunTestHistory(ctx: RequestContext, runId: number, testId: number) {
  const run = await requireRunAnyProject(ctx, runId);
  const test = await ctx.db.test.findFirst({ where: { testId, projectId: run.projectId }, select: { testId: true } });
  if (!test) throw notFound('Test');
  return ctx.db.$queryRaw<unknown[]>`
    SELECT h.id AS "historyId", h.run_id AS "runId", ${run.projectId}::int AS "projectId", h.test_id AS "testId", h.status::text AS status, h.comment, h.elapsed_ms AS "elapsedMs",
      h.user_id AS "userId", u.name AS "userName", h.created_at AS "createdAt"
    FROM status_history h LEFT JOIN users u ON u.id = h.user_id
    WHERE h.run_id = ${runId} AND h.test_id = ${testId}
    ORDER BY h.id DESC`;
}
