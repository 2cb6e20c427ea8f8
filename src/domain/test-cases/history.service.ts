import type { RequestContext } from '../../core/context';
import { nextCursorAfter } from '../../core/cursor';
import { requireProject } from '../access';
import { counterVersion } from '../../core/counter-version';
import { liveTestExists, statusHistoryPage, testHistoryVersionSql } from './data';
import { missingTest } from './missing';

/**
 * The version of GET /test/status-history: its project's change counter and the counters
 * of the users its entries name (data/history.ts); undefined when the caller may not see the project.
 */
export const testHistoryVersion = counterVersion<{ query: { projectId: number; testId: number } }>({
  sql: (input, orgIds) => testHistoryVersionSql(input.query.projectId, input.query.testId, orgIds),
  version: (input, counter) => `p${input.query.projectId}.t${input.query.testId}.${counter}`,
});

/**
 * A page of a catalog test's status changes across the project's runs, newest
 * first; with a cursor, the entries recorded before its entry. The list's total
 * and the next page's cursor go in the answer's metadata: the data stays the
 * bare array of entries the contract gives.
 */
export async function testStatusHistory(
  ctx: RequestContext,
  q: { projectId: number; testId: number; limit: number; offset: number; cursor?: number },
) {
  await requireProject(ctx, q.projectId);
  if (!(await liveTestExists(ctx.db, q.projectId, q.testId))) throw await missingTest(ctx, q.testId, q.projectId);
  const page = await statusHistoryPage(ctx.db, { ...q, beforeId: q.cursor });
  Object.assign(ctx.answer, { total: page.total, ...nextCursorAfter(page.lastId) });
  return page.entries;
}
