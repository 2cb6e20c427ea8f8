import type { RequestContext } from '../../core/context';
import { Prisma } from '../../generated/prisma/client';
import { percentOf } from '../../reports/run-report';
import { TEST_STATUSES, type StatusCounts } from '../runs/runs.schemas';
import { failedTestRows, milestoneRows, milestoneRunRows } from './data';
import { milestoneRecord, requireMilestone } from './milestones.service';
import { MAX_FAILED_TESTS, type MilestoneDetail } from './milestones.schemas';

// A milestone's detail: the milestone, its sub-milestones, and its progress across its runs and
// theirs. The totals are the runs' counters added up; only failed results are read, a page of them.

const noCounts = (): StatusCounts => ({ total: 0, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 });

function addUp(counts: StatusCounts[]): StatusCounts {
  const sum = noCounts();
  for (const c of counts) for (const key of ['total', ...TEST_STATUSES] as const) sum[key] += c[key];
  return sum;
}

export async function getMilestoneDetail(
  ctx: RequestContext,
  projectId: number,
  milestoneId: number,
  failedLimit = MAX_FAILED_TESTS,
): Promise<MilestoneDetail> {
  await requireMilestone(ctx, projectId, milestoneId);
  const [record, subMilestones, runs, failedTests] = await Promise.all([
    milestoneRecord(ctx.db, milestoneId),
    milestoneRows(ctx.db, Prisma.sql`m.parent_id = ${milestoneId}::int`),
    milestoneRunRows(ctx.db, milestoneId),
    failedTestRows(ctx.db, milestoneId, failedLimit),
  ]);
  const statusCounts = addUp(runs.map((r) => r.statusCounts));
  return {
    ...record,
    subMilestones,
    progress: {
      statusCounts,
      passRate: percentOf(statusCounts.passed, statusCounts.total),
      untested: statusCounts.untested,
      runCount: runs.length,
      lockedRunCount: runs.filter((r) => r.locked).length,
      failedCount: statusCounts.failed,
      failedTests,
      runs: runs.map((r) => ({ ...r, passRate: percentOf(r.statusCounts.passed, r.statusCounts.total) })),
    },
  };
}
