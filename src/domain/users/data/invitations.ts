import type { DbOrTx } from '../../../db/client';
import type { Role } from '../../../generated/prisma/client';

// The invitations table: an email invited into one organization, joined at its first sign-in.

/** Invites the email, or re-invites it with the new role (an accepted invitation counts again). */
export function upsertInvitation(db: DbOrTx, i: { orgId: number; email: string; role: Role; invitedBy: number }) {
  return db.invitation.upsert({
    where: { orgId_email: { orgId: i.orgId, email: i.email } },
    update: { role: i.role, invitedBy: i.invitedBy, acceptedAt: null },
    create: { orgId: i.orgId, email: i.email, role: i.role, invitedBy: i.invitedBy },
  });
}

export function pendingInvitations(db: DbOrTx, email: string) {
  return db.invitation.findMany({ where: { email, acceptedAt: null }, select: { invitationId: true, orgId: true, role: true } });
}

export async function markInvitationsAccepted(db: DbOrTx, invitationIds: number[], at: Date): Promise<void> {
  await db.invitation.updateMany({ where: { invitationId: { in: invitationIds } }, data: { acceptedAt: at } });
}

const invitationSelect = {
  invitationId: true,
  orgId: true,
  email: true,
  role: true,
  invitedBy: true,
  createdAt: true,
  acceptedAt: true,
} as const;

/**
 * A page of the organization's invitations not yet accepted, newest first (older than
 * `beforeId` when given), one more than `take` to tell whether more follow, and how many there are.
 */
export async function listPendingInvitations(db: DbOrTx, q: { orgId: number; beforeId?: number; skip: number; take: number }) {
  const where = { orgId: q.orgId, acceptedAt: null };
  return Promise.all([
    db.invitation.findMany({
      where: { ...where, ...(q.beforeId === undefined ? {} : { invitationId: { lt: q.beforeId } }) },
      select: invitationSelect,
      orderBy: { invitationId: 'desc' },
      skip: q.skip,
      take: q.take + 1,
    }),
    db.invitation.count({ where }),
  ]);
}

/** The invitation if it belongs to one of `orgIds`, locked for the rest of the transaction. */
export async function findInvitationForUpdate(db: DbOrTx, invitationId: number, orgIds: number[]) {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM invitations WHERE id = ${invitationId} AND org_id = ANY(${orgIds}::int[]) FOR UPDATE`;
  if (!row) return null;
  return db.invitation.findUnique({ where: { invitationId }, select: invitationSelect });
}

export async function deleteInvitation(db: DbOrTx, invitationId: number): Promise<void> {
  await db.invitation.delete({ where: { invitationId } });
}
