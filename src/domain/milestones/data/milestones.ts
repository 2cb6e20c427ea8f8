import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc } from '../../test-cases/data/columns';
import type { MilestoneRecord } from '../milestones.schemas';

// The milestones table. Every read answers a milestone with the counters of its runs and of
// its sub-milestones' runs added up (runs_milestone_id_idx): the runs' own per-status counters,
// so no result row is read.

const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** Runs of milestone `m` and of its sub-milestones, as a WHERE condition on runs `r`. */
export const ownRunsSql = (m: string) =>
  `r.milestone_id IN (SELECT ${m}.id UNION ALL SELECT c.id FROM milestones c WHERE c.parent_id = ${m}.id)`;

const recordSql = Prisma.raw(`m.id AS "milestoneId", m.project_id AS "projectId", m.name, m.description,
  ${day('m.start_date')} AS "startDate", ${day('m.due_date')} AS "dueDate", m.parent_id AS "parentId", m.status::text AS status,
  ${isoUtc('m.completed_at')} AS "completedAt",
  coalesce(m.status = 'open' AND m.due_date < (now() AT TIME ZONE 'UTC')::date, false) AS overdue,
  m.created_by AS "createdBy", ${isoUtc('m.created_at')} AS "createdAt", ${isoUtc('m.updated_at')} AS "updatedAt",
  rc.runs AS "runCount", json_build_object('total', rc.passed + rc.failed + rc.blocked + rc.retest + rc.untested,
    'passed', rc.passed, 'failed', rc.failed, 'blocked', rc.blocked, 'retest', rc.retest, 'untested', rc.untested) AS "statusCounts"`);

const countsJoin = Prisma.raw(`CROSS JOIN LATERAL (
  SELECT count(*)::int AS runs, coalesce(sum(r.passed_count), 0)::int AS passed, coalesce(sum(r.failed_count), 0)::int AS failed,
    coalesce(sum(r.blocked_count), 0)::int AS blocked, coalesce(sum(r.retest_count), 0)::int AS retest,
    coalesce(sum(r.untested_count), 0)::int AS untested
  FROM runs r WHERE ${ownRunsSql('m')}) rc`);

/** A page of the project's milestones: open first, then by due date (none last), then by id; and how many match. */
export async function listMilestoneRows(
  db: DbOrTx,
  q: { projectId: number; status?: string; limit: number; offset: number },
): Promise<{ rows: MilestoneRecord[]; total: number }> {
  const status = q.status === undefined ? Prisma.empty : Prisma.sql`AND m.status = ${q.status}::"MilestoneStatus"`;
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<MilestoneRecord[]>`
      SELECT ${recordSql} FROM (
        SELECT * FROM milestones m WHERE m.project_id = ${q.projectId} ${status}
        ORDER BY m.status = 'completed', m.due_date NULLS LAST, m.id LIMIT ${q.limit} OFFSET ${q.offset}::bigint
      ) m ${countsJoin}
      ORDER BY m.status = 'completed', m.due_date NULLS LAST, m.id`,
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM milestones m WHERE m.project_id = ${q.projectId} ${status}`,
  ]);
  return { rows, total };
}

/** The milestones by id, each with its counts. */
export function milestoneRows(db: DbOrTx, where: Prisma.Sql): Promise<MilestoneRecord[]> {
  return db.$queryRaw<
    MilestoneRecord[]
  >`SELECT ${recordSql} FROM milestones m ${countsJoin} WHERE ${where} ORDER BY m.due_date NULLS LAST, m.id`;
}

export interface MilestoneRef {
  milestoneId: number;
  projectId: number;
  parentId: number | null;
  status: 'open' | 'completed';
  name: string;
  startDate: string | null;
  dueDate: string | null;
  childCount: number;
  projectActive: boolean;
  /** The project's organization (events name it). */
  orgId: number;
}

/** The milestone if it is in the project, one of `orgIds`'; `forUpdate` takes its row lock for the transaction. */
export async function findMilestoneRef(
  db: DbOrTx,
  orgIds: number[],
  projectId: number,
  milestoneId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<MilestoneRef | undefined> {
  const [row] = await db.$queryRaw<MilestoneRef[]>`
    SELECT m.id AS "milestoneId", m.project_id AS "projectId", m.parent_id AS "parentId", m.status::text AS status, m.name,
      ${Prisma.raw(day('m.start_date'))} AS "startDate", ${Prisma.raw(day('m.due_date'))} AS "dueDate",
      (SELECT count(*)::int FROM milestones c WHERE c.parent_id = m.id) AS "childCount", p.is_active AS "projectActive",
      p.org_id AS "orgId"
    FROM milestones m JOIN projects p ON p.id = m.project_id
    WHERE m.id = ${milestoneId} AND m.project_id = ${projectId} AND p.org_id = ANY(${orgIds}::int[])
    ${opts.forUpdate ? Prisma.sql`FOR UPDATE OF m` : Prisma.empty}`;
  return row;
}

export interface MilestoneWrite {
  name?: string;
  description?: string | null;
  startDate?: string | null;
  dueDate?: string | null;
  parentId?: number | null;
}

export async function insertMilestone(tx: Tx, projectId: number, userId: number, w: MilestoneWrite): Promise<number> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO milestones (project_id, name, description, start_date, due_date, parent_id, created_by, created_at, updated_at)
    VALUES (${projectId}, ${w.name}, ${w.description ?? null}, ${w.startDate ?? null}::date, ${w.dueDate ?? null}::date,
      ${w.parentId ?? null}, ${userId}, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
    RETURNING id`;
  return row.id;
}

/** Sets the fields given (undefined: kept; null: cleared). */
export async function updateMilestone(tx: Tx, milestoneId: number, w: MilestoneWrite): Promise<void> {
  const sets: Prisma.Sql[] = [Prisma.sql`updated_at = now() AT TIME ZONE 'UTC'`];
  if (w.name !== undefined) sets.push(Prisma.sql`name = ${w.name}`);
  if (w.description !== undefined) sets.push(Prisma.sql`description = ${w.description}`);
  if (w.startDate !== undefined) sets.push(Prisma.sql`start_date = ${w.startDate}::date`);
  if (w.dueDate !== undefined) sets.push(Prisma.sql`due_date = ${w.dueDate}::date`);
  if (w.parentId !== undefined) sets.push(Prisma.sql`parent_id = ${w.parentId}`);
  await tx.$executeRaw`UPDATE milestones SET ${Prisma.join(sets, ', ')} WHERE id = ${milestoneId}`;
}

export async function setMilestoneStatus(tx: Tx, milestoneId: number, completed: boolean): Promise<void> {
  await tx.$executeRaw`
    UPDATE milestones SET status = ${completed ? 'completed' : 'open'}::"MilestoneStatus",
      completed_at = ${completed ? Prisma.sql`now() AT TIME ZONE 'UTC'` : Prisma.sql`NULL`}, updated_at = now() AT TIME ZONE 'UTC'
    WHERE id = ${milestoneId}`;
}

/** Deletes the milestone; its runs lose it and its sub-milestones become top-level (ON DELETE SET NULL). Answers how many runs it had. */
export async function deleteMilestoneRow(tx: Tx, milestoneId: number): Promise<number> {
  const [{ runs }] = await tx.$queryRaw<{ runs: number }[]>`SELECT count(*)::int AS runs FROM runs WHERE milestone_id = ${milestoneId}`;
  await tx.$executeRaw`DELETE FROM milestones WHERE id = ${milestoneId}`;
  return runs;
}
