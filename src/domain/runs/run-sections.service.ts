import type { RequestContext } from '../../core/context';
import { requireRun } from './run-access';
import { countRunTestsBySection, type SectionCounts } from './data';

// Status counts of a run per section, for a report's summary without reading every row
// (GET /run/report holds them all). A locked run groups by its snapshot's sections.

/** One entry per section holding tests of the run, in tree order (tests without a section first). */
export async function getRunSectionCounts(ctx: RequestContext, runId: number, projectId: number): Promise<SectionCounts[]> {
  await requireRun(ctx, runId, projectId);
  return countRunTestsBySection(ctx.db, runId, projectId);
}
