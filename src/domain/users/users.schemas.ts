import { nextCursorField } from '../../core/cursor';
import { bodyId, limitOffset, queryId, z } from '../../core/schemas';

export const roleEnum = z.enum(['Reader', 'User', 'Admin']);

export const membershipRecord = z.object({ orgId: z.number().int(), role: roleEnum });
export const userRecord = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleEnum
    .nullable()
    .describe(
      "The user's role in the organization asked for (orgId), or in the user's only organization you share; null when several and none was asked for",
    ),
  orgIds: z.array(z.number().int()).describe("The user's organizations that you belong to as well"),
  memberships: z.array(membershipRecord).describe('The role in each of those organizations'),
  installationAdmin: z
    .boolean()
    .optional()
    .describe(
      "On the caller's own record only: whether they are an Admin of the installation (an Admin of its first organization), who may create organizations",
    ),
});
export const userDetailsQuery = z.object({ userId: queryId.optional(), orgId: queryId.optional() });
export const allUsersQuery = z.object({ orgId: queryId.optional(), ...limitOffset });
export const userPage = z.object({
  users: z.array(userRecord),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  nextCursor: nextCursorField,
});
export const updateRoleBody = z.strictObject({
  userId: bodyId,
  role: roleEnum,
  orgId: bodyId.optional().describe('The organization whose membership changes; required when the user shares more than one with you'),
});

export const inviteBody = z.strictObject({
  orgId: bodyId,
  email: z
    .email('Expected an email address')
    .max(254, 'At most 254 characters')
    .transform((e) => e.toLowerCase()),
  role: roleEnum.describe('The role the invitee gets in orgId at first sign-in'),
});
export const invitationRecord = z.object({
  invitationId: z.number().int(),
  orgId: z.number().int(),
  email: z.string(),
  role: roleEnum,
  invitedBy: z.number().int().nullable().describe('The Admin who invited last (null once that user is gone)'),
  createdAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable().describe('When the invitee signed in and joined; null while pending'),
});

export const invitationsQuery = z.object({ orgId: queryId, ...limitOffset });
export const invitationPage = z.object({
  invitations: z.array(invitationRecord),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  nextCursor: nextCursorField,
});
export const revokeInvitationBody = z.strictObject({ invitationId: bodyId });
export const invitationRevoked = z.object({ invitationId: z.number().int(), revoked: z.literal(true) });
