import { bodyId, nonBlank, z } from '../../core/schemas';

export const generateTokenBody = z.strictObject({
  userId: bodyId,
  name: nonBlank(100).optional().describe('What the token is for (e.g. the CI job); when given, not blank'),
  orgIds: z
    .array(bodyId)
    .min(1, 'At least one organization')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Must not repeat an organization')
    .optional()
    .meta({
      description:
        "The organizations the token may act in (default: every organization where the caller may give the user a token). Fixed at minting: a membership the user gains later is outside the token's scope.",
    }),
});
const tokenScope = z.array(z.number().int()).meta({
  description: "The token's organization scope, fixed at minting: it acts only in these organizations the user still belongs to.",
});
export const deleteTokenBody = z.strictObject({ tokenId: bodyId });
export const newTokenRecord = z.object({
  tokenId: z.number().int(),
  token: z.string(),
  userId: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  orgIds: tokenScope,
});
export const tokenRecord = z.object({
  tokenId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  orgIds: tokenScope,
});
export const tokenRevoked = z.object({ tokenId: z.number().int(), revoked: z.literal(true) });
