import { Prisma } from '../../../generated/prisma/client';
import { orgIdsSql } from '../../../db/org-scope';
import { TEST_STATUSES } from '../runs.schemas';

// A run's row as the API names its fields, the SELECT that aliases the runs
// table's columns to them, and the counters kept per status.

export interface RunRow {
  runId: number;
  projectId: number;
  runName: string;
  runDescription: string | null;
  locked: boolean;
  lockedBy: number | null;
  lockedAt: Date | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  passedCount: number;
  failedCount: number;
  blockedCount: number;
  retestCount: number;
  untestedCount: number;
  buildCommit: string | null;
  buildBranch: string | null;
  buildNumber: string | null;
  buildUrl: string | null;
  ciJob: string | null;
  milestoneId: number | null;
  planId: number | null;
}

/** A run as the caller's scope finds it, with its project's organization and state, defect URL template and change counter (the version of what reads of it show). */
export type ScopedRunRow = RunRow & { projectActive: boolean; projectChanges: number; defectUrlTemplate: string | null; orgId: number };

const runColumns = Prisma.raw(`r.id AS "runId", r.project_id AS "projectId", r.name AS "runName",
  r.description AS "runDescription", r.locked, r.locked_by AS "lockedBy", r.locked_at AS "lockedAt",
  r.created_by AS "createdBy", r.created_at AS "createdAt", r.updated_at AS "updatedAt",
  r.passed_count AS "passedCount", r.failed_count AS "failedCount", r.blocked_count AS "blockedCount",
  r.retest_count AS "retestCount", r.untested_count AS "untestedCount", r.build_commit AS "buildCommit", r.build_branch AS "buildBranch",
  r.build_number AS "buildNumber", r.build_url AS "buildUrl", r.ci_job AS "ciJob", r.milestone_id AS "milestoneId", r.plan_id AS "planId", p.is_active AS "projectActive",
  p.change_count AS "projectChanges", p.defect_url_template AS "defectUrlTemplate", p.org_id AS "orgId"`);

/**
 * SELECT of the run's row (RunRow columns plus projectActive) if its project is one of `orgIds`' (ids, or an int[]
 * expression) and `projectId`'s, when given; usable as a CTE.
 */
export function scopedRunSql(orgIds: number[] | Prisma.Sql, runId: number, projectId: number | null): Prisma.Sql {
  return Prisma.sql`
    SELECT ${runColumns} FROM runs r JOIN projects p ON p.id = r.project_id
    WHERE r.id = ${runId} AND p.org_id = ANY(${orgIdsSql(orgIds)})
      ${projectId === null ? Prisma.empty : Prisma.sql`AND r.project_id = ${projectId}`}`;
}

/** A timestamp column in the API's ISO form, as Date.toISOString writes it (timestamps are stored in UTC). */
export const isoTime = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const counterColumn = (status: string) => Prisma.raw(`${status}_count`);

/**
 * `SET` list moving the run's counters by the statuses in two CTEs: `added`
 * rows count up, `removed` rows count down. Either may be null. It moves the
 * run's results version too (RESULTS_MOVED): every write of results uses it.
 */
export function counterMoves(added: string | null, removed: string | null): Prisma.Sql {
  const parts = TEST_STATUSES.map((status) => {
    const col = counterColumn(status);
    const plus = added ? Prisma.raw(` + (SELECT count(*) FROM ${added} WHERE status = '${status}')`) : Prisma.empty;
    const minus = removed ? Prisma.raw(` - (SELECT count(*) FROM ${removed} WHERE status = '${status}')`) : Prisma.empty;
    return Prisma.sql`${col} = ${col}${plus}${minus}`;
  });
  return Prisma.join([...parts, RESULTS_MOVED], ', ');
}

/** How many tests a run holds and how many of them are untested: what tells a write completed it (run.completed). */
export interface RunFill {
  total: number;
  untested: number;
}

/** RETURNING items of an UPDATE of runs giving its RunFill after the update. */
export const RUN_FILL = Prisma.raw(
  'passed_count + failed_count + blocked_count + retest_count + untested_count AS total, untested_count AS untested',
);

/** `SET` item telling readers of the run's digest (run_digests) that its results changed. */
export const RESULTS_MOVED = Prisma.raw("results_version = results_version + 1, results_at = now() AT TIME ZONE 'UTC'");
