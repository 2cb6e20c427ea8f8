import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc } from '../../test-cases/data/columns';
import { DONE_STATUSES } from '../../runs/data';
import type { TestStatusName } from '../../runs/runs.schemas';

// Reading plans: their rows with their runs' counters added up (runs_plan_id_idx; no result
// row read), their runs, the per-assignee counts and a page of the test × configuration matrix.

export interface PlanRow {
  planId: number;
  projectId: number;
  name: string;
  description: string | null;
  milestoneId: number | null;
  locked: boolean;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  runCount: number;
  passed: number;
  failed: number;
  blocked: number;
  retest: number;
  untested: number;
}

const planSql = Prisma.raw(`pl.id AS "planId", pl.project_id AS "projectId", pl.name, pl.description, pl.milestone_id AS "milestoneId",
  pl.locked, pl.created_by AS "createdBy", ${isoUtc('pl.created_at')} AS "createdAt", ${isoUtc('pl.updated_at')} AS "updatedAt",
  rc.runs AS "runCount", rc.passed, rc.failed, rc.blocked, rc.retest, rc.untested`);

const countsJoin = Prisma.raw(`CROSS JOIN LATERAL (
  SELECT count(*)::int AS runs, coalesce(sum(r.passed_count), 0)::int AS passed, coalesce(sum(r.failed_count), 0)::int AS failed,
    coalesce(sum(r.blocked_count), 0)::int AS blocked, coalesce(sum(r.retest_count), 0)::int AS retest,
    coalesce(sum(r.untested_count), 0)::int AS untested
  FROM runs r WHERE r.plan_id = pl.id) rc`);

/** A page of the project's plans, newest first, and how many match. */
export async function listPlanRows(db: DbOrTx, q: { projectId: number; milestoneId?: number; limit: number; offset: number }) {
  const milestone = q.milestoneId === undefined ? Prisma.empty : Prisma.sql`AND pl.milestone_id = ${q.milestoneId}`;
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<PlanRow[]>`
      SELECT ${planSql} FROM (
        SELECT * FROM plans pl WHERE pl.project_id = ${q.projectId} ${milestone} ORDER BY pl.id DESC LIMIT ${q.limit} OFFSET ${q.offset}::bigint
      ) pl ${countsJoin} ORDER BY pl.id DESC`,
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM plans pl WHERE pl.project_id = ${q.projectId} ${milestone}`,
  ]);
  return { rows, total };
}

/** The plan with its counts and its project's organization, if it is in the project and the project in one of `orgIds`; `forUpdate` takes its row lock. */
export async function findPlanRow(db: DbOrTx, orgIds: number[], projectId: number, planId: number, opts: { forUpdate?: boolean } = {}) {
  const [row] = await db.$queryRaw<(PlanRow & { projectActive: boolean; orgId: number })[]>`
    SELECT ${planSql}, p.is_active AS "projectActive", p.org_id AS "orgId" FROM (
      SELECT * FROM plans pl WHERE pl.id = ${planId} AND pl.project_id = ${projectId}
      ${opts.forUpdate ? Prisma.sql`FOR UPDATE` : Prisma.empty}
    ) pl JOIN projects p ON p.id = pl.project_id ${countsJoin}
    WHERE p.org_id = ANY(${orgIds}::int[])`;
  return row;
}

export interface PlanRunRow {
  runId: number;
  runName: string;
  configuration: number[];
  locked: boolean;
  passed: number;
  failed: number;
  blocked: number;
  retest: number;
  untested: number;
}

/** The plan's runs, oldest first. */
export function planRunRows(db: DbOrTx, planId: number): Promise<PlanRunRow[]> {
  return db.$queryRaw<PlanRunRow[]>`
    SELECT r.id AS "runId", r.name AS "runName", coalesce(r.configuration, '{}') AS configuration, r.locked,
           r.passed_count AS passed, r.failed_count AS failed, r.blocked_count AS blocked, r.retest_count AS retest, r.untested_count AS untested
      FROM runs r WHERE r.plan_id = ${planId} ORDER BY r.id`;
}

/** Results per assignee across the runs (null: unassigned), with the assignee's name; assigned ones by name first. */
export function planAssigneeCounts(db: DbOrTx, runIds: number[]) {
  return db.$queryRaw<{ assigneeId: number | null; name: string | null; done: number; total: number }[]>`
    SELECT c."assigneeId", u.name, c.done, c.total FROM (
      SELECT rt.assignee_id AS "assigneeId", count(*)::int AS total,
             count(*) FILTER (WHERE rt.status IN ${DONE_STATUSES})::int AS done
        FROM run_tests rt WHERE rt.run_id = ANY(${runIds}::int[]) GROUP BY rt.assignee_id
    ) c LEFT JOIN users u ON u.id = c."assigneeId"
    ORDER BY c."assigneeId" IS NULL, lower(u.name), c."assigneeId"`;
}

/** How many distinct tests the runs hold. */
export async function planTestCount(db: DbOrTx, runIds: number[]): Promise<number> {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(DISTINCT rt.test_id)::int AS n FROM run_tests rt WHERE rt.run_id = ANY(${runIds}::int[])`;
  return n;
}

export interface MatrixCell {
  testId: number;
  title: string;
  runId: number;
  status: TestStatusName;
}

/**
 * A page of the runs' distinct tests by id (`onlyProblems`: those failed or blocked in some run),
 * with each test's result in every run holding it: the title as the run shows it.
 */
export function matrixCells(db: DbOrTx, runIds: number[], page: { limit: number; offset: number; onlyProblems?: boolean }) {
  const problems = page.onlyProblems ? Prisma.sql`AND rt.status IN ('failed', 'blocked')` : Prisma.empty;
  return db.$queryRaw<MatrixCell[]>`
    WITH ids AS (
      SELECT DISTINCT rt.test_id FROM run_tests rt WHERE rt.run_id = ANY(${runIds}::int[]) ${problems}
      ORDER BY rt.test_id LIMIT ${page.limit} OFFSET ${page.offset}::bigint
    )
    SELECT ids.test_id AS "testId", coalesce(rt.snapshot->>'title', t.title) AS title, rt.run_id AS "runId", rt.status::text AS status
      FROM ids JOIN tests t ON t.id = ids.test_id
      JOIN run_tests rt ON rt.test_id = ids.test_id AND rt.run_id = ANY(${runIds}::int[])
     ORDER BY ids.test_id, rt.run_id`;
}

/** How many of the runs' tests failed or were blocked in some run. */
export async function problemTestCount(db: DbOrTx, runIds: number[]): Promise<number> {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(DISTINCT rt.test_id)::int AS n FROM run_tests rt
     WHERE rt.run_id = ANY(${runIds}::int[]) AND rt.status IN ('failed', 'blocked')`;
  return n;
}
