import type { DbOrTx } from '../../../db/client';
import { Prisma, type Role } from '../../../generated/prisma/client';
import { pageLimits } from '../../../db/page-limits';

// The users table, read with the memberships a caller may see.

export type UserRow = { userId: number; name: string; email: string; memberships: { orgId: number; role: Role }[] };

/** The user's fields and memberships, only those in `shownOrgIds`: nothing of other organizations leaks. */
const userSelect = (shownOrgIds: number[]) =>
  ({
    userId: true,
    name: true,
    email: true,
    memberships: { where: { orgId: { in: shownOrgIds } }, select: { orgId: true, role: true }, orderBy: { orgId: 'asc' } },
  }) as const;

/** The user if it is `callerId` or a member of one of `orgIds`. */
/** The user, if it is the caller or a member of one of `visibleIn`; with its memberships in `shownOrgIds`. */
export function findVisibleUser(
  db: DbOrTx,
  userId: number,
  callerId: number,
  visibleIn: number[],
  shownOrgIds: number[],
): Promise<UserRow | null> {
  return db.user.findFirst({
    where: { userId, OR: [{ userId: callerId }, { memberships: { some: { orgId: { in: visibleIn } } } }] },
    select: userSelect(shownOrgIds),
  });
}

/**
 * A page of the members of `orgId` (or of any of `orgIds`) by id (after `afterId`
 * when given), one more than `take` to tell whether more follow, and their number.
 * Ids and number come from the memberships' (org_id, user_id) index alone; only
 * the page's users are read.
 */
export async function listUsersPage(
  db: DbOrTx,
  q: { orgId?: number; orgIds: number[]; shownOrgIds: number[]; afterId?: number; skip: number; take: number },
): Promise<readonly [UserRow[], number]> {
  const orgs = q.orgId === undefined ? q.orgIds : [q.orgId];
  const after = q.afterId === undefined ? Prisma.empty : Prisma.sql`AND user_id > ${q.afterId}::int`;
  const [{ ids, total }] = await db.$queryRaw<{ ids: number[]; total: number }[]>`
    SELECT ARRAY(SELECT DISTINCT user_id FROM memberships WHERE org_id = ANY(${orgs}::int[]) ${after}
                  ORDER BY user_id ${pageLimits(q.take + 1, q.skip)}) AS ids,
           (SELECT count(DISTINCT user_id)::int FROM memberships WHERE org_id = ANY(${orgs}::int[])) AS total`;
  const users = await db.user.findMany({ where: { userId: { in: ids } }, select: userSelect(q.shownOrgIds), orderBy: { userId: 'asc' } });
  return [users, total] as const;
}

/** The user (P2025 when missing) with the memberships in `shownOrgIds`. */
export function getUserShown(db: DbOrTx, userId: number, shownOrgIds: number[]): Promise<UserRow> {
  return db.user.findUniqueOrThrow({ where: { userId }, select: userSelect(shownOrgIds) });
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.user.findUnique({ where: { email } });
}

/** The account linked to an OAuth identity (the provider's `sub`). */
export function findUserBySubject(db: DbOrTx, oauthSubject: string) {
  return db.user.findUnique({ where: { oauthSubject } });
}

export function setUserSubject(db: DbOrTx, userId: number, oauthSubject: string) {
  return db.user.update({ where: { userId }, data: { oauthSubject } });
}

/** Creates the user with its memberships. */
export function insertUser(
  db: DbOrTx,
  user: { email: string; name: string; oauthSubject?: string },
  memberships: { orgId: number; role: Role }[],
) {
  return db.user.create({ data: { ...user, memberships: { create: memberships } } });
}

/** Creates the user, or renames the one with that email. */
export function upsertUserByEmail(db: DbOrTx, email: string, name: string) {
  return db.user.upsert({ where: { email }, update: { name }, create: { email, name } });
}

export function countUsers(db: DbOrTx): Promise<number> {
  return db.user.count();
}
