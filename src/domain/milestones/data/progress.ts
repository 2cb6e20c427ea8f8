import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { defectLinksSql } from '../../defects/defect-links';
import { shown } from '../../runs/data/snapshot';
import { isoUtc } from '../../test-cases/data/columns';
import type { StatusCounts } from '../../runs/runs.schemas';
import { ownRunsSql } from './milestones';

// A milestone's progress: its runs (and its sub-milestones') with their counters, and the first
// failed results with their defects, read from run_tests' failed rows of those runs alone.

export interface MilestoneRunRow {
  runId: number;
  runName: string;
  milestoneId: number;
  locked: boolean;
  createdAt: string;
  statusCounts: StatusCounts;
}

export interface FailedTestRow {
  runId: number;
  runName: string;
  testId: number;
  title: string;
  comment: string | null;
  defects: { id: string; url: string | null }[];
}

const mine = (milestoneId: number) => Prisma.sql`${Prisma.raw(ownRunsSql('m'))} AND m.id = ${milestoneId}::int`;

export function milestoneRunRows(db: DbOrTx, milestoneId: number): Promise<MilestoneRunRow[]> {
  return db.$queryRaw<MilestoneRunRow[]>`
    SELECT r.id AS "runId", r.name AS "runName", r.milestone_id AS "milestoneId", r.locked,
      ${Prisma.raw(isoUtc('r.created_at'))} AS "createdAt",
      json_build_object('total', r.passed_count + r.failed_count + r.blocked_count + r.retest_count + r.untested_count,
        'passed', r.passed_count, 'failed', r.failed_count, 'blocked', r.blocked_count,
        'retest', r.retest_count, 'untested', r.untested_count) AS "statusCounts"
    FROM milestones m JOIN runs r ON ${mine(milestoneId)}
    ORDER BY r.id DESC`;
}

export function failedTestRows(db: DbOrTx, milestoneId: number, limit: number): Promise<FailedTestRow[]> {
  return db.$queryRaw<FailedTestRow[]>`
    SELECT rt.run_id AS "runId", r.name AS "runName", rt.test_id AS "testId",
      ${Prisma.raw(shown('title', 't.title', 'text'))} AS title, rt.comment,
      ${Prisma.raw(defectLinksSql('rt.defects', 'p.defect_url_template'))} AS defects
    FROM milestones m JOIN runs r ON ${mine(milestoneId)}
    JOIN projects p ON p.id = r.project_id
    JOIN run_tests rt ON rt.run_id = r.id AND rt.status = 'failed'
    JOIN tests t ON t.id = rt.test_id
    ORDER BY rt.run_id DESC, rt.test_id LIMIT ${limit}::int`;
}
