import type { DbOrTx } from '../../../db/client';

// The people tests may be assigned to: the members of the organization that owns the project.

/** The members of the project's organization, by name then id. */
export function projectMembers(db: DbOrTx, projectId: number) {
  return db.$queryRaw<{ userId: number; name: string; email: string }[]>`
    SELECT u.id AS "userId", u.name, u.email FROM projects p
      JOIN memberships m ON m.org_id = p.org_id JOIN users u ON u.id = m.user_id
     WHERE p.id = ${projectId}
     ORDER BY lower(u.name), u.id`;
}

/** The entries of `userIds` that are no member of the project's organization (`n`: 1-based position), in order. */
export function nonMembers(db: DbOrTx, projectId: number, userIds: number[]) {
  return db.$queryRaw<{ id: number; n: bigint }[]>`
    SELECT v.id, v.n FROM unnest(${userIds}::int[]) WITH ORDINALITY AS v(id, n)
     WHERE NOT EXISTS (SELECT 1 FROM memberships m JOIN projects p ON p.org_id = m.org_id
                        WHERE p.id = ${projectId} AND m.user_id = v.id)
     ORDER BY v.n`;
}
