import { bodyId, z } from '../../core/schemas';

export const generateTokenBody = z.strictObject({ userId: bodyId, name: z.string().trim().max(100, 'At most 100 characters').optional() });
export const deleteTokenBody = z.strictObject({ tokenId: bodyId });
export const newTokenRecord = z.object({
  tokenId: z.number().int(),
  token: z.string(),
  userId: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
});
export const tokenRecord = z.object({
  tokenId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export const tokenRevoked = z.object({ tokenId: z.number().int(), revoked: z.literal(true) });
