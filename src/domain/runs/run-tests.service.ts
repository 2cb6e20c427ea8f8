import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../http/route';
import { notFound } from '../../http/errors';
import { countsOf, requireRun, requireRunAnyProject } from './run-access';
import type { TestStatusName } from './runs.schemas';

// Reads of the tests in a run: the paged list, the bare list by status, and the
// history of one test in the run.

const runTestColumns = Prisma.raw(`rt.run_id AS "runId", rt.test_id AS "testId", t.project_id AS "projectId", t.title,
  t.section_id AS "sectionId", t.priority_id AS "priorityId", t.type_id AS "typeId",
  t.automation_status_id AS "automationStatusId", t.squad_id AS "squadId", rt.status::text AS status, rt.comment,
  rt.updated_by AS "updatedBy", rt.updated_at AS "updatedAt", (t.deleted_at IS NOT NULL) AS deleted`);

const statusFilter = (status?: TestStatusName) =>
  status ? Prisma.sql`AND rt.status = ${status}::"TestStatus"` : Prisma.empty;

/** A page of the run's tests by test id; the total comes from the run's counters, not a count. */
export async function listRunTests(
  ctx: RequestContext, q: { runId: number; projectId: number; status?: TestStatusName; limit: number; offset: number },
) {
  const run = await requireRun(ctx, q.runId, q.projectId);
  const counts = countsOf(run);
  const tests = await ctx.db.$queryRaw<unknown[]>`
    SELECT ${runTestColumns} FROM run_tests rt JOIN tests t ON t.id = rt.test_id
    WHERE rt.run_id = ${q.runId} ${statusFilter(q.status)}
    ORDER BY rt.test_id LIMIT ${q.limit} OFFSET ${q.offset}`;
  return { tests, total: q.status ? counts[q.status] : counts.total, limit: q.limit, offset: q.offset };
}

/** Every test of the run with the given status (all when absent), as a bare array. */
export async function listRunTestsByStatus(ctx: RequestContext, q: { runId: number; projectId: number; status?: TestStatusName }) {
  await requireRun(ctx, q.runId, q.projectId);
  return ctx.db.$queryRaw<unknown[]>`
    SELECT ${runTestColumns} FROM run_tests rt JOIN tests t ON t.id = rt.test_id
    WHERE rt.run_id = ${q.runId} ${statusFilter(q.status)}
    ORDER BY rt.test_id`;
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
    SELECT h.id AS "historyId", h.run_id AS "runId", ${run.projectId}::int AS "projectId", h.test_id AS "testId", h.status::text AS status, h.comment,
      h.user_id AS "userId", u.name AS "userName", h.created_at AS "createdAt"
    FROM status_history h LEFT JOIN users u ON u.id = h.user_id
    WHERE h.run_id = ${runId} AND h.test_id = ${testId}
    ORDER BY h.id DESC`;
}
