import type { Role } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { pageOf } from '../../core/cursor';
import { conflict, forbidden, notFound } from '../../core/errors';
import { requireOrgMember } from '../access';
import { recordAudit } from '../audit/audit.service';
import { deleteInvitation, findInvitationForUpdate, findMemberByEmail, listPendingInvitations, upsertInvitation } from './data';

/**
 * Invites an email into one organization where the caller is Admin: the first
 * OAuth sign-in with that (verified) email joins it with `role`. Inviting again
 * changes the role; a current member is a conflict (use update-role).
 */
export async function inviteUser(ctx: RequestContext, input: { orgId: number; email: string; role: Role }) {
  requireOrgMember(ctx, input.orgId);
  const { orgId, email, role } = input;
  return ctx.db.$transaction(async (tx) => {
    const member = await findMemberByEmail(tx, orgId, email);
    if (member) throw conflict('already_member', 'User is already a member of this organization');
    // An accepted invitation of someone who has left since counts again.
    const invitation = await upsertInvitation(tx, { orgId, email, role, invitedBy: ctx.userId });
    await recordAudit(tx, ctx, [orgId], {
      action: 'user.invited',
      targetType: 'invitation',
      targetId: invitation.invitationId,
      detail: { email, role },
    });
    return invitation;
  });
}

/** The organization's invitations nobody has accepted yet, newest first (Admin of that organization). */
export async function listInvitations(ctx: RequestContext, q: { orgId: number; limit: number; offset: number; cursor?: number }) {
  requireOrgMember(ctx, q.orgId);
  const [rows, total] = await listPendingInvitations(ctx.db, { orgId: q.orgId, beforeId: q.cursor, skip: q.offset, take: q.limit });
  const { rows: invitations, next } = pageOf(rows, q.limit, (i) => i.invitationId);
  return { invitations, total, limit: q.limit, offset: q.offset, ...next };
}

/**
 * Withdraws a pending invitation (Admin of its organization): the email's first sign-in no
 * longer joins. One of another organization of the caller's where they are not Admin is 403;
 * one of an organization they are not in is not found. An accepted one is a conflict: the
 * invitee is a member, whose role is changed instead.
 */
export async function revokeInvitation(ctx: RequestContext, input: { invitationId: number }) {
  return ctx.db.$transaction(async (tx) => {
    const invitation = await findInvitationForUpdate(
      tx,
      input.invitationId,
      ctx.memberships.map((m) => m.orgId),
    );
    if (!invitation) throw notFound('Invitation');
    if (!ctx.orgIds.includes(invitation.orgId)) throw forbidden();
    if (invitation.acceptedAt) throw conflict('invitation_accepted', 'Invitation was already accepted: the invitee is a member');
    await deleteInvitation(tx, invitation.invitationId);
    await recordAudit(tx, ctx, [invitation.orgId], {
      action: 'invitation.revoked',
      targetType: 'invitation',
      targetId: invitation.invitationId,
      detail: { email: invitation.email, role: invitation.role },
    });
    return { invitationId: invitation.invitationId, revoked: true as const };
  });
}
