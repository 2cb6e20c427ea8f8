import type { Tx } from '../../../db/client';

/**
 * One of the claimed automation keys that a live test of its project holds,
 * tests in `exceptTestIds` left out; undefined when all are free.
 */
export async function heldAutomationKey(
  tx: Tx,
  claims: { projectId: number; automationKey: string }[],
  exceptTestIds: number[],
): Promise<string | undefined> {
  const taken = await tx.$queryRaw<{ key: string }[]>`
    SELECT t.automation_key AS key
      FROM tests t JOIN unnest(${claims.map((c) => c.projectId)}::int[], ${claims.map((c) => c.automationKey)}::text[]) AS v(project_id, key)
        ON t.project_id = v.project_id AND t.automation_key = v.key
     WHERE t.deleted_at IS NULL AND t.id <> ALL(${exceptTestIds}::int[])
     LIMIT 1`;
  return taken[0]?.key;
}
