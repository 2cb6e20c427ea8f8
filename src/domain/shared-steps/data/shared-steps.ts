import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc } from '../../test-cases/data/columns';
import type { Step } from '../../test-cases/steps.schemas';
import type { SharedStepsRecord } from '../shared-steps.schemas';

// The shared_steps table, and the tests that use a row of it: those whose step_list holds
// { sharedStepsId: n } (found by the GIN index on step_list, jsonb_path_ops).

const columns = Prisma.raw(`s.id AS "sharedStepsId", s.project_id AS "projectId", s.name, s.steps, s.created_by AS "createdBy",
  ${isoUtc('s.created_at')} AS "createdAt", ${isoUtc('s.updated_at')} AS "updatedAt"`);

/** `step_list @> '[{"sharedStepsId": n}]'` for the tests `t`. */
const usesSql = (id: number | Prisma.Sql) => Prisma.sql`t.step_list @> jsonb_build_array(jsonb_build_object('sharedStepsId', ${id}::int))`;

/** Steps as stored: empty optional texts left out. */
const stored = (steps: Step[]) =>
  JSON.stringify(
    steps.map((s) => ({ action: s.action, ...(s.expected ? { expected: s.expected } : {}), ...(s.data ? { data: s.data } : {}) })),
  );

export async function listSharedSteps(db: DbOrTx, projectId: number): Promise<(SharedStepsRecord & { testCount: number })[]> {
  return db.$queryRaw`
    SELECT ${columns},
      (SELECT count(*)::int FROM tests t WHERE ${usesSql(Prisma.sql`s.id`)} AND t.project_id = s.project_id AND t.deleted_at IS NULL) AS "testCount"
      FROM shared_steps s WHERE s.project_id = ${projectId} ORDER BY lower(s.name), s.id`;
}

export async function insertSharedSteps(
  tx: Tx,
  projectId: number,
  userId: number,
  name: string,
  steps: Step[],
): Promise<SharedStepsRecord> {
  const [row] = await tx.$queryRaw<SharedStepsRecord[]>`
    WITH s AS (INSERT INTO shared_steps (project_id, name, steps, created_by, updated_at)
               VALUES (${projectId}, ${name}, ${stored(steps)}::jsonb, ${userId}, now()) RETURNING *)
    SELECT ${columns} FROM s`;
  return row;
}

/** The shared steps with their project's organization and state, if in one of `orgIds`; locked with FOR UPDATE when asked. */
export async function findSharedStepsInOrgs(
  db: DbOrTx,
  id: number,
  orgIds: number[],
  lock = false,
): Promise<(SharedStepsRecord & { isActive: boolean; orgId: number }) | undefined> {
  const [row] = await db.$queryRaw<(SharedStepsRecord & { isActive: boolean; orgId: number })[]>`
    SELECT ${columns}, p.is_active AS "isActive", p.org_id AS "orgId" FROM shared_steps s JOIN projects p ON p.id = s.project_id
     WHERE s.id = ${id} AND p.org_id = ANY(${orgIds}::int[]) ${lock ? Prisma.sql`FOR UPDATE OF s` : Prisma.empty}`;
  return row;
}

export async function updateSharedSteps(tx: Tx, id: number, change: { name?: string; steps?: Step[] }): Promise<SharedStepsRecord> {
  const [row] = await tx.$queryRaw<SharedStepsRecord[]>`
    WITH s AS (UPDATE shared_steps SET name = coalesce(${change.name ?? null}, name),
                 steps = coalesce(${change.steps ? stored(change.steps) : null}::jsonb, steps), updated_at = now()
                WHERE id = ${id} RETURNING *)
    SELECT ${columns} FROM s`;
  return row;
}

/** The ids of the tests (live, of the project) that use the shared steps. */
export async function testsUsing(tx: Tx, projectId: number, id: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT t.id FROM tests t WHERE ${usesSql(id)} AND t.project_id = ${projectId} AND t.deleted_at IS NULL ORDER BY t.id`;
  return rows.map((r) => r.id);
}

/** Marks tests as changed now by `userId` (their stamp and last change follow their shared steps). */
export async function touchTests(tx: Tx, testIds: number[], userId: number): Promise<void> {
  await tx.$executeRaw`UPDATE tests SET updated_at = now(), updated_by = ${userId} WHERE id = ANY(${testIds}::int[])`;
}

/** The first `max` live tests using the shared steps (id and title), and how many there are. */
export async function testsUsingSample(tx: Tx, projectId: number, id: number, max: number) {
  return tx.$queryRaw<{ testId: number; title: string; total: number }[]>`
    SELECT t.id AS "testId", t.title, count(*) OVER ()::int AS total FROM tests t
     WHERE ${usesSql(id)} AND t.project_id = ${projectId} AND t.deleted_at IS NULL ORDER BY t.id LIMIT ${max}`;
}

export async function deleteSharedStepsRow(tx: Tx, id: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM shared_steps WHERE id = ${id}`;
}

/** The project of each of the shared steps `ids` that exist. */
export async function sharedStepsProjects(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: number; projectId: number }[]>`
    SELECT id, project_id AS "projectId" FROM shared_steps WHERE id = ANY(${ids}::int[])`;
  return new Map(rows.map((r) => [r.id, r.projectId]));
}

/** The project of shared steps, as SQL (a route's `changes`). */
export const sharedStepsProjectSql = (id: number): Prisma.Sql => Prisma.sql`SELECT project_id FROM shared_steps WHERE id = ${id}`;
