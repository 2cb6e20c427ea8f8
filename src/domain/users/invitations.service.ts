import type { Role } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { conflict } from '../../core/errors';
import { requireOrgMember } from '../access';
import { recordAudit } from '../audit/audit.service';
import { findMemberByEmail, upsertInvitation } from './data';

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
