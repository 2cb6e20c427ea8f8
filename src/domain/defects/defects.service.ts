import type { RequestContext } from '../../core/context';
import { JsonText } from '../../core/json-text';
import { requireProject } from '../access';
import { requireRun } from '../runs/run-access';
import { readDefectsPage } from './data';
import type { DefectRecord, ListDefectsInput } from './defects.schemas';

/** A page of the defects linked from the project's (or one run's) current results, each with its results and counts. */
export async function listDefects(ctx: RequestContext, q: ListDefectsInput) {
  await requireProject(ctx, q.projectId);
  if (q.runId !== undefined) await requireRun(ctx, q.runId, q.projectId);
  const page = await readDefectsPage(ctx.db, q);
  return { defects: new JsonText<DefectRecord[]>(page.defects), total: page.total, limit: q.limit, offset: q.offset };
}
