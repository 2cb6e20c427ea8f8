import type { DbOrTx } from '../../../db/client';
import type { Role } from '../../../generated/prisma/client';

// The memberships table: a user's role in one organization.

/** The user's memberships among `orgIds`, by organization. */
export function sharedMemberships(db: DbOrTx, userId: number, orgIds: number[]) {
  return db.membership.findMany({ where: { userId, orgId: { in: orgIds } }, select: { orgId: true }, orderBy: { orgId: 'asc' } });
}

/** Every organization of the user, with the role held there, by organization. */
export function membershipsOf(db: DbOrTx, userId: number) {
  return db.membership.findMany({ where: { userId }, select: { orgId: true, role: true }, orderBy: { orgId: 'asc' } });
}

/** The ids of the user's organizations (in no particular order). */
export async function userOrgIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.membership.findMany({ where: { userId }, select: { orgId: true } });
  return rows.map((m) => m.orgId);
}

/** A member of the organization with that email, if any. */
export function findMemberByEmail(db: DbOrTx, orgId: number, email: string) {
  return db.membership.findFirst({ where: { orgId, user: { email } }, select: { userId: true } });
}

/** The user's role in the organization, null when not a member. */
export function findRole(db: DbOrTx, userId: number, orgId: number) {
  return db.membership.findUnique({ where: { userId_orgId: { userId, orgId } }, select: { role: true } });
}

/** The user's role in the organization (P2025 when not a member). */
export function getRole(db: DbOrTx, userId: number, orgId: number) {
  return db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId, orgId } }, select: { role: true } });
}

export function countAdmins(db: DbOrTx, orgId: number): Promise<number> {
  return db.membership.count({ where: { orgId, role: 'Admin' } });
}

export async function setRole(db: DbOrTx, userId: number, orgId: number, role: Role): Promise<void> {
  await db.membership.update({ where: { userId_orgId: { userId, orgId } }, data: { role } });
}

/** Makes the user a member with that role, or sets the role of the existing membership. */
export async function upsertMembership(db: DbOrTx, userId: number, orgId: number, role: Role): Promise<void> {
  await db.membership.upsert({ where: { userId_orgId: { userId, orgId } }, update: { role }, create: { userId, orgId, role } });
}

/** Adds memberships; an existing one keeps its role. */
export async function addMemberships(db: DbOrTx, rows: { userId: number; orgId: number; role: Role }[]): Promise<void> {
  await db.membership.createMany({ data: rows, skipDuplicates: true });
}
