import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { requireProject } from '../access';

/** Every status change of a catalog test across the project's runs, newest first. */
export async function testStatusHistory(ctx: RequestContext, projectId: number, testId: number) {
  await requireProject(ctx, projectId);
  const test = await ctx.db.test.findFirst({ where: { testId, projectId, deletedAt: null }, select: { testId: true } });
  if (!test) throw notFound('Test');
  const entries = await ctx.db.statusHistory.findMany({
    where: { testId, run: { projectId } },
    select: { runId: true, testId: true, status: true, comment: true, elapsedMs: true, userId: true, createdAt: true, run: { select: { runName: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return entries.map(({ run, ...entry }) => ({
    runId: entry.runId, runName: run.runName, projectId, testId: entry.testId,
    status: entry.status, comment: entry.comment, elapsedMs: entry.elapsedMs, userId: entry.userId, createdAt: entry.createdAt,
  }));
}
