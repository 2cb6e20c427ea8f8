import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { AppError, conflict, forbidden, notFound } from '../../core/errors';
import { hashSecret, newApiTokenSecret } from '../../core/secrets';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { noteUserChange, userOrgIds } from '../users/data';
import { countActiveTokens, findToken, insertToken, listTokensOf, setTokenRevoked } from './data';

/** Active (neither revoked nor expired) tokens one user may hold: each is a standing credential to audit and revoke. */
export const MAX_ACTIVE_TOKENS = 100;

const managesOthersSomewhere = (ctx: RequestContext) => ctx.memberships.some((m) => ctx.can('token', 'manage-others', m.orgId));

/**
 * Another user's tokens are managed only by an Admin of every organization that
 * user belongs to (as the caller sees them). Not visible: 404.
 */
async function requireManagerOf(ctx: RequestContext, userId: number): Promise<number[]> {
  const theirs = await userOrgIds(ctx.db, userId);
  if (!theirs.some((orgId) => ctx.memberships.some((mine) => mine.orgId === orgId))) throw notFound('User');
  if (!theirs.every((orgId) => ctx.can('token', 'manage-others', orgId))) throw forbidden();
  return theirs;
}

/**
 * Issues a token scoped to `scopeOrgIds` (default: the user's organizations now); the
 * secret is returned here once and stored only as a hash. `actor` null: the CLI.
 */
export async function issueToken(db: Db, userId: number, name = '', actor: AuditActor | null = null, scopeOrgIds?: number[]) {
  const token = newApiTokenSecret();
  const row = await db.$transaction(async (tx) => {
    // The owner's row first: it moves the token list's version and serializes the user's mints, so the cap holds.
    await noteUserChange(tx, userId);
    if ((await countActiveTokens(tx, userId, new Date())) >= MAX_ACTIVE_TOKENS) {
      throw conflict('token_limit', `Too many active tokens: a user holds at most ${MAX_ACTIVE_TOKENS}; revoke one first`);
    }
    const orgIds = await userOrgIds(tx, userId);
    const scope = (scopeOrgIds ?? orgIds).filter((orgId) => orgIds.includes(orgId)).sort((a, b) => a - b);
    const created = await insertToken(tx, { userId, name, tokenHash: hashSecret(token), scopeOrgIds: scope });
    await recordAudit(tx, actor, scope, {
      action: 'token.generated',
      targetType: 'token',
      targetId: created.tokenId,
      detail: { userId, name, orgIds: scope },
    });
    return created;
  });
  return { tokenId: row.tokenId, token, userId, name: row.name, createdAt: row.createdAt, orgIds: row.scopeOrgIds };
}

/**
 * A token carries its organization scope, fixed here: an Admin's token for another user
 * reaches the organizations where that Admin manages the user; one's own token those
 * chosen (`orgIds`), by default all the caller reaches now. Never more than the caller
 * reaches: a scoped token mints only within its scope.
 */
export async function generateToken(ctx: RequestContext, input: { userId: number; name?: string; orgIds?: number[] }) {
  let reachable: number[];
  if (input.userId !== ctx.userId) {
    if (!managesOthersSomewhere(ctx)) throw forbidden();
    reachable = await requireManagerOf(ctx, input.userId);
  } else {
    reachable = ctx.memberships.map((m) => m.orgId);
  }
  reachable = reachable.filter((orgId) => ctx.memberships.some((m) => m.orgId === orgId));
  const unknown = (input.orgIds ?? []).filter((orgId) => !reachable.includes(orgId));
  if (unknown.length) throw notFound('Organization');
  return issueToken(ctx.db, input.userId, input.name, ctx, input.orgIds ?? reachable);
}

/** Own tokens for everyone; Admins also those of users they manage (see requireManagerOf). Others: 404. */
export async function revokeToken(ctx: RequestContext, tokenId: number) {
  const token = await findToken(ctx.db, tokenId);
  if (!token) throw notFound('Token');
  if (token.userId !== ctx.userId) {
    if (!managesOthersSomewhere(ctx)) throw notFound('Token');
    await requireManagerOf(ctx, token.userId).catch((err) => {
      throw err instanceof AppError && err.status === 404 ? notFound('Token') : err;
    });
  }
  if (!token.revokedAt) {
    await ctx.db.$transaction(async (tx) => {
      await setTokenRevoked(tx, tokenId, new Date());
      await recordAudit(tx, ctx, await userOrgIds(tx, token.userId), {
        action: 'token.revoked',
        targetType: 'token',
        targetId: tokenId,
        detail: { userId: token.userId },
      });
    });
  }
  return { tokenId, revoked: true as const };
}

export async function listTokens(ctx: RequestContext) {
  const rows = await listTokensOf(ctx.db, ctx.userId);
  return rows.map(({ scopeOrgIds, ...t }) => ({ ...t, orgIds: scopeOrgIds }));
}
