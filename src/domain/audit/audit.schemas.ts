import { nextCursorField } from '../../core/cursor';
import { limitOffset, queryId, z } from '../../core/schemas';

export const auditActions = [
  'user.role-changed',
  'user.invited',
  'token.generated',
  'token.revoked',
  'run.locked',
  'run.unlocked',
  'run.reset',
  'project.deleted',
  'test.deleted',
  'section.deleted',
  'label.deleted',
  'squad.deleted',
  'lookup.deleted',
  'shared-steps.deleted',
  'custom-field.deleted',
  'run.deleted',
  'invitation.revoked',
  'org.created',
  'milestone.deleted',
  'plan.locked',
  'plan.unlocked',
  'plan.deleted',
  'configuration-group.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.secret-rotated',
  'webhook.deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditQuery = z.object({
  orgId: queryId,
  actorId: queryId.optional().describe('Only the entries of this user (the actorId of the entries)'),
  action: z.enum(auditActions).optional().describe('Only the entries of this kind'),
  from: z.iso
    .datetime({ offset: true, error: 'Expected an ISO date-time, e.g. 2026-01-31T00:00:00Z' })
    .optional()
    .describe('Only the entries made at or after this moment'),
  to: z.iso
    .datetime({ offset: true, error: 'Expected an ISO date-time, e.g. 2026-02-01T00:00:00Z' })
    .optional()
    .describe('Only the entries made before this moment'),
  ...limitOffset,
});
export type AuditFilter = Pick<z.output<typeof auditQuery>, 'actorId' | 'action' | 'from' | 'to'>;
export const auditRecord = z.object({
  auditId: z.number().int(),
  orgId: z.number().int(),
  actorId: z.number().int().nullable().describe('The user who acted (null once that user is gone)'),
  tokenId: z
    .number()
    .int()
    .nullable()
    .describe(
      'The API token the user acted with (a Bearer token, or the token a browser session was started from); null: their own OAuth session or the CLI',
    ),
  action: z.enum(auditActions),
  targetType: z
    .string()
    .describe(
      'What was acted on: user, invitation, token, run, project, test, section, label, squad, lookup, shared-steps, custom-field, milestone',
    ),
  targetId: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable().describe('What changed, e.g. { from, to } of a role'),
  createdAt: z.iso.datetime(),
});
export const auditPage = z.object({
  events: z.array(auditRecord),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  nextCursor: nextCursorField,
});
