import type { RequestContext } from '../../core/context';
import { nextCursorAfter } from '../../core/cursor';
import { notFound } from '../../core/errors';
import type { Prisma } from '../../generated/prisma/client';
import {
  findRunWithTestsPage,
  runTestHistoryPage,
  runTestsPageOf,
  runTestsPageSql,
  testIsInProject,
  type RunTestFilters,
  type RunTestsPageQuery,
} from './data';
import { requireRunAnyProject, runNotFound } from './run-access';
import { projectVersionAt } from '../projects/project-version';

// Reads of the tests in a run: the paged list (optionally of one status) and the
// history of one test in the run (queries: data/run-tests.ts).

/** What GET /run/tests and /run/test-status take. */
type RunTestsQuery = Omit<RunTestFilters, 'assignee'> & {
  runId: number;
  projectId: number;
  limit: number;
  offset: number;
  cursor?: number;
  assigneeId?: number | 'me' | 'none';
};

/** The page's read of `q`, asked by `userId` (`me`). */
const pageQuery = (q: RunTestsQuery, userId: number): RunTestsPageQuery => ({
  ...q,
  assignee: q.assigneeId === 'me' ? userId : q.assigneeId,
  afterId: q.cursor,
});

/** The page's read as SQL over the caller's organizations, read with the credential (Caching.ride); not for `me`, which needs the caller. */
export const runTestsRide = ({ query }: { query: RunTestsQuery }) =>
  query.assigneeId === 'me' ? undefined : (orgIds: Prisma.Sql) => runTestsPageSql(orgIds, pageQuery(query, 0));

/**
 * A page of the run's tests by test id (GET /run/tests and /run/test-status), in one query with the run's scope check;
 * the total comes from the run's counters, not a count, unless a search or a section narrows the list.
 */
export async function listRunTests(ctx: RequestContext, q: RunTestsQuery) {
  const run =
    ctx.ridden !== undefined ? runTestsPageOf(ctx.ridden) : await findRunWithTestsPage(ctx.db, ctx.orgIds, pageQuery(q, ctx.userId));
  if (!run) return runNotFound(ctx, q.projectId);
  // An answer for `me` depends on who asks: it gets no version, so it is neither tagged nor kept (runTestsVersion).
  if (q.assigneeId !== 'me') ctx.answer.version = projectVersionAt(q.projectId, run.projectChanges);
  return { tests: run.tests, total: run.total, limit: q.limit, offset: q.offset, ...nextCursorAfter(run.lastId) };
}

/**
 * A page of the history of one test in one run, newest first; with a cursor, the
 * entries recorded before its entry. A test removed from the run (or deleted from
 * the catalog) keeps it; the test must be of the run's project. The history's total
 * and the next page's cursor go in the answer's metadata: the data stays the bare
 * array of entries the contract gives.
 */
export async function getRunTestHistory(
  ctx: RequestContext,
  q: { runId: number; testId: number; limit: number; offset: number; cursor?: number },
) {
  const run = await requireRunAnyProject(ctx, q.runId);
  if (!(await testIsInProject(ctx.db, q.testId, run.projectId))) throw notFound('Test');
  const page = await runTestHistoryPage(ctx.db, { ...q, projectId: run.projectId, beforeId: q.cursor });
  Object.assign(ctx.answer, { total: page.total, ...nextCursorAfter(page.lastId) });
  return page.entries;
}
