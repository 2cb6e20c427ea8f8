import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { Prisma } from '../../../generated/prisma/client';

// The user's change counter (users.change_count): it moves with every write to what
// the user's own reads show (GET /user/details: name, email, memberships and roles;
// GET /tokens: the user's tokens, their last use too), in that write's transaction.
// A write to a user's memberships takes this row lock before it touches them (lock
// order: runs → projects → users → organizations, orgs/data/changes.ts), so such
// writes to one user run one after the other.

/** Moves the user's change counter (and takes the user's row lock), in the caller's transaction. */
export async function noteUserChange(tx: DbOrTx, userId: number): Promise<void> {
  await tx.$executeRaw`UPDATE users SET change_count = change_count + 1 WHERE id = ${userId}`;
}

/** Moves the change counter of each of the users, in id order, in the caller's transaction. */
export async function noteUsersChange(tx: DbOrTx, userIds: number[]): Promise<void> {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) await noteUserChange(tx, userId);
}

/** The owner of a token, as SQL the router reads before a write to the token runs (RouteSpec changes, src/core/changes.ts). */
export const tokenOwnerSql = (tokenId: number): Prisma.Sql => Prisma.sql`SELECT user_id FROM api_tokens WHERE id = ${tokenId}`;

/** The user's change counter, or undefined when there is no such user. */
export async function userChangeCount(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await readRows<{ n: number }>(db, Prisma.sql`SELECT change_count AS n FROM users WHERE id = ${userId}`);
  return row?.n;
}

/** The change counter of the user when `callerId` may see it (itself, or a member of one of `orgIds`); undefined otherwise. */
export async function visibleUserChangeCount(db: DbOrTx, userId: number, callerId: number, orgIds: number[]): Promise<number | undefined> {
  const [row] = await readRows<{ n: number }>(
    db,
    Prisma.sql`
    SELECT u.change_count AS n FROM users u
     WHERE u.id = ${userId}
       AND (u.id = ${callerId} OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.org_id = ANY(${orgIds}::int[])))`,
  );
  return row?.n;
}
