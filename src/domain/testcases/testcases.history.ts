import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { requireProject } from '../access';
import { liveTestExists, statusHistoryOfTest } from './data';

/** Every status change of a catalog test across the project's runs, newest first. */
export async function testStatusHistory(ctx: RequestContext, projectId: number, testId: number) {
  await requireProject(ctx, projectId);
  if (!(await liveTestExists(ctx.db, projectId, testId))) throw notFound('Test');
  return statusHistoryOfTest(ctx.db, projectId, testId);
}
