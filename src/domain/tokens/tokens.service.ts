import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { AppError, forbidden, notFound } from '../../core/errors';
import { hashSecret, newApiTokenSecret } from '../../core/secrets';
import { recordAudit } from '../audit/audit.service';
import { noteUserChange, userOrgIds } from '../users/data';
import { findToken, insertToken, listTokensOf, setTokenRevoked } from './data';

const managesOthersSomewhere = (ctx: RequestContext) => ctx.memberships.some((m) => ctx.can('token', 'manage-others', m.orgId));

/**
 * Another user's tokens are managed only by an Admin of every organization that
 * user belongs to: a token carries all of its user's access. Not visible: 404.
 */
async function requireManagerOf(ctx: RequestContext, userId: number): Promise<void> {
  const theirs = await userOrgIds(ctx.db, userId);
  if (!theirs.some((orgId) => ctx.memberships.some((mine) => mine.orgId === orgId))) throw notFound('User');
  if (!theirs.every((orgId) => ctx.can('token', 'manage-others', orgId))) throw forbidden();
}

/** Issues a token; the secret is returned here once and stored only as a hash. `actorId` null: the CLI. */
export async function issueToken(db: Db, userId: number, name = '', actorId: number | null = null) {
  const token = newApiTokenSecret();
  const row = await db.$transaction(async (tx) => {
    const created = await insertToken(tx, { userId, name, tokenHash: hashSecret(token) });
    // The owner's token list shows it.
    await noteUserChange(tx, userId);
    await recordAudit(tx, actorId, await userOrgIds(tx, userId), {
      action: 'token.generated',
      targetType: 'token',
      targetId: created.tokenId,
      detail: { userId, name },
    });
    return created;
  });
  return { tokenId: row.tokenId, token, userId, name: row.name, createdAt: row.createdAt };
}

export async function generateToken(ctx: RequestContext, input: { userId: number; name?: string }) {
  if (input.userId !== ctx.userId) {
    if (!managesOthersSomewhere(ctx)) throw forbidden();
    await requireManagerOf(ctx, input.userId);
  }
  return issueToken(ctx.db, input.userId, input.name, ctx.userId);
}

/** Own tokens for everyone; Admins also those of users they manage (see requireManagerOf). Others: 404. */
export async function revokeToken(ctx: RequestContext, tokenId: number) {
  const token = await findToken(ctx.db, tokenId);
  if (!token) throw notFound('Token');
  if (token.userId !== ctx.userId) {
    if (!managesOthersSomewhere(ctx)) throw notFound('Token');
    await requireManagerOf(ctx, token.userId).catch((err) => {
      throw err instanceof AppError && err.code === 'not_found' ? notFound('Token') : err;
    });
  }
  if (!token.revokedAt) {
    await ctx.db.$transaction(async (tx) => {
      await setTokenRevoked(tx, tokenId, new Date());
      await noteUserChange(tx, token.userId);
      await recordAudit(tx, ctx.userId, await userOrgIds(tx, token.userId), {
        action: 'token.revoked',
        targetType: 'token',
        targetId: tokenId,
        detail: { userId: token.userId },
      });
    });
  }
  return { tokenId, revoked: true as const };
}

export function listTokens(ctx: RequestContext) {
  return listTokensOf(ctx.db, ctx.userId);
}
