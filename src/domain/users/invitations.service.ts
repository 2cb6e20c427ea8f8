import type { Role } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { conflict } from '../../core/errors';
import { requireOrgMember } from '../access';
import { recordAudit } from '../audit/audit.service';

/**
 * Invites an email into one organization where the caller is Admin: the first
 * OAuth sign-in with that (verified) email joins it with `role`. Inviting again
 * changes the role; a current member is a conflict (use update-role).
 */
export async function inviteUser(ctx: RequestContext, input: { orgId: number; email: string; role: Role }) {
  requireOrgMember(ctx, input.orgId);
  const { orgId, email, role } = input;
  return ctx.db.$transaction(async (tx) => {
    const member = await tx.membership.findFirst({ where: { orgId, user: { email } }, select: { userId: true } });
    if (member) throw conflict('User is already a member of this organization');
    const invitation = await tx.invitation.upsert({
      where: { orgId_email: { orgId, email } },
      // An accepted invitation of someone who has left since counts again.
      update: { role, invitedBy: ctx.userId, acceptedAt: null },
      create: { orgId, email, role, invitedBy: ctx.userId },
    });
    await recordAudit(tx, ctx.userId, [orgId], {
      action: 'user.invited', targetType: 'invitation', targetId: invitation.invitationId, detail: { email, role },
    });
    return invitation;
  });
}
