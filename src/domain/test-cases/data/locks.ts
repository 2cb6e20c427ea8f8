import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// Row locks a bulk write takes before checking and writing, so the tests it
// found stay as found until it commits.

/** The live tests among `testIds` in one of `orgIds` (and in `projectId` when given), locked; with their project and whether it is active. */
export function lockLiveTestsInOrgs(tx: Tx, testIds: number[], orgIds: number[], projectId?: number) {
  const scope = projectId === undefined ? Prisma.empty : Prisma.sql`AND t.project_id = ${projectId}`;
  return tx.$queryRaw<{ id: number; projectId: number; orgId: number; isActive: boolean }[]>`
    SELECT t.id, t.project_id AS "projectId", p.org_id AS "orgId", p.is_active AS "isActive"
      FROM tests t JOIN projects p ON p.id = t.project_id
     WHERE t.id = ANY(${testIds}::int[]) AND t.deleted_at IS NULL AND p.org_id = ANY(${orgIds}::int[]) ${scope}
       FOR UPDATE OF t`;
}

/** The ids of the project's live tests among `testIds`, locked. */
export async function lockLiveTestsOfProject(tx: Tx, projectId: number, testIds: number[]): Promise<number[]> {
  const found = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM tests WHERE project_id = ${projectId} AND id = ANY(${testIds}::int[]) AND deleted_at IS NULL FOR UPDATE`;
  return found.map((row) => row.id);
}
