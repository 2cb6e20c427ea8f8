import { percentOf } from '../../reports/run-report';
import type { PlanRow, PlanRunRow } from './data';
import type { PlanRecord } from './plans.schemas';

// The API's shape of a plan and of its runs, from their rows.

const counts = (r: { passed: number; failed: number; blocked: number; retest: number; untested: number }) => ({
  total: r.passed + r.failed + r.blocked + r.retest + r.untested,
  passed: r.passed,
  failed: r.failed,
  blocked: r.blocked,
  retest: r.retest,
  untested: r.untested,
});

export function toPlanRecord(row: PlanRow): PlanRecord {
  const statusCounts = counts(row);
  return {
    planId: row.planId,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    milestoneId: row.milestoneId,
    locked: row.locked,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    runCount: row.runCount,
    statusCounts,
    passRate: percentOf(row.passed, statusCounts.total),
  };
}

export function planRunOf(row: PlanRunRow) {
  const statusCounts = counts(row);
  return {
    runId: row.runId,
    runName: row.runName,
    configuration: row.configuration,
    locked: row.locked,
    statusCounts,
    passRate: percentOf(row.passed, statusCounts.total),
  };
}
