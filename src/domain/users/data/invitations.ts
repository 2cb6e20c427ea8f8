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
