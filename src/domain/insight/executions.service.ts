import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { requireProject } from '../access';
import { liveTestExists } from '../test-cases/data';
import { executionsPage } from './data';
import type { TestExecutionsQuery } from './insight.schemas';

/** GET /test/executions: a live test's latest results across the project's runs, one per run, newest first, a page at a time. */
export async function testExecutions(ctx: RequestContext, q: TestExecutionsQuery) {
  await requireProject(ctx, q.projectId);
  if (!(await liveTestExists(ctx.db, q.projectId, q.testId))) throw notFound('Test');
  return { ...(await executionsPage(ctx.db, q)), limit: q.limit, offset: q.offset };
}
