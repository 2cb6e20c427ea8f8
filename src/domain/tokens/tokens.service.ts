import type { Db } from '../../db/client';
import type { RequestContext } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { hashSecret, newApiTokenSecret } from '../../auth/secrets';

const isAdmin = (ctx: RequestContext) => ctx.can('token', 'manage-others');

/** Issues a token; the secret is returned here once and stored only as a hash. */
export async function issueToken(db: Db, userId: number, name = '') {
  const token = newApiTokenSecret();
  const row = await db.apiToken.create({ data: { userId, name, tokenHash: hashSecret(token) } });
  return { tokenId: row.tokenId, token, userId, name: row.name, createdAt: row.createdAt };
}

export async function generateToken(ctx: RequestContext, input: { userId: number; name?: string }) {
  if (input.userId !== ctx.userId) {
    if (!isAdmin(ctx)) throw forbidden();
    const target = await ctx.db.user.findFirst({
      where: { userId: input.userId, memberships: { some: { orgId: { in: ctx.orgIds } } } },
      select: { userId: true },
    });
    if (!target) throw notFound('User');
  }
  return issueToken(ctx.db, input.userId, input.name);
}

/** Own tokens for everyone; Admins also those of users in their organizations. Others: 404. */
export async function revokeToken(ctx: RequestContext, tokenId: number) {
  const owner = isAdmin(ctx)
    ? { OR: [{ userId: ctx.userId }, { user: { memberships: { some: { orgId: { in: ctx.orgIds } } } } }] }
    : { userId: ctx.userId };
  const token = await ctx.db.apiToken.findFirst({ where: { tokenId, ...owner }, select: { tokenId: true, revokedAt: true } });
  if (!token) throw notFound('Token');
  if (!token.revokedAt) await ctx.db.apiToken.update({ where: { tokenId }, data: { revokedAt: new Date() } });
  return { tokenId, revoked: true as const };
}

export function listTokens(ctx: RequestContext) {
  return ctx.db.apiToken.findMany({
    where: { userId: ctx.userId },
    select: { tokenId: true, userId: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: { tokenId: 'asc' },
  });
}
