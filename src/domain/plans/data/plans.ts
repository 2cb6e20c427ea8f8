import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// The plans table's writes (its runs' writes: create.ts, and the runs' own lock and unlock).

export async function insertPlanRow(
  tx: Tx,
  p: { projectId: number; name: string; description: string | null; milestoneId: number | null; userId: number },
): Promise<number> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO plans (project_id, name, description, milestone_id, created_by, created_at, updated_at)
    VALUES (${p.projectId}, ${p.name}, ${p.description}, ${p.milestoneId}, ${p.userId}, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
    RETURNING id`;
  return row.id;
}

/**
 * Sets the fields given (undefined: kept). A new name renames the runs named after the old
 * one (the name alone, or followed by ' – ' and their options, or ' (2)'); a milestone (or null) moves every run of the plan with it.
 */
export async function updatePlanRow(
  tx: Tx,
  planId: number,
  oldName: string,
  w: { name?: string; description?: string | null; milestoneId?: number | null },
): Promise<void> {
  const sets: Prisma.Sql[] = [Prisma.sql`updated_at = now() AT TIME ZONE 'UTC'`];
  if (w.name !== undefined) sets.push(Prisma.sql`name = ${w.name}`);
  if (w.description !== undefined) sets.push(Prisma.sql`description = ${w.description}`);
  if (w.milestoneId !== undefined) sets.push(Prisma.sql`milestone_id = ${w.milestoneId}`);
  await tx.$executeRaw`UPDATE plans SET ${Prisma.join(sets, ', ')} WHERE id = ${planId}`;
  if (w.name !== undefined && w.name !== oldName) {
    await tx.$executeRaw`
      UPDATE runs SET name = left(${w.name} || substr(name, ${oldName.length + 1}), 500), updated_at = now() AT TIME ZONE 'UTC'
       WHERE plan_id = ${planId}
         AND (name = ${oldName} OR starts_with(name, ${oldName + ' – '}) OR starts_with(name, ${oldName + ' ('}))`;
  }
  if (w.milestoneId !== undefined) {
    await tx.$executeRaw`UPDATE runs SET milestone_id = ${w.milestoneId}, updated_at = now() AT TIME ZONE 'UTC' WHERE plan_id = ${planId}`;
  }
}

export async function setPlanLocked(tx: Tx, planId: number, locked: boolean): Promise<void> {
  await tx.$executeRaw`UPDATE plans SET locked = ${locked}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = ${planId}`;
}

/** Deletes the plan and its runs (their results and history with them); answers how many runs went. */
export async function deletePlanRow(tx: Tx, planId: number): Promise<number> {
  const [{ runs }] = await tx.$queryRaw<{ runs: number }[]>`SELECT count(*)::int AS runs FROM runs WHERE plan_id = ${planId}`;
  await tx.$executeRaw`DELETE FROM plans WHERE id = ${planId}`;
  return runs;
}

/** The plan's runs' ids that are open (`locked` false) or locked, oldest first. */
export async function planRunIds(tx: Tx, planId: number, locked: boolean): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM runs WHERE plan_id = ${planId} AND locked = ${locked} ORDER BY id`;
  return rows.map((r) => r.id);
}
