import type { Request } from 'express';
import type { Db } from '../db/client';
import type { Role } from '../generated/prisma/client';
import { hashSecret, TOKEN_PREFIX } from './secrets';

export const SESSION_COOKIE = 'user_session';

export interface Principal {
  userId: number;
  role: Role;
  orgIds: number[];
  via: 'session' | 'token';
}

const userSelect = { userId: true, role: true, memberships: { select: { orgId: true } } } as const;

function toPrincipal(user: { userId: number; role: Role; memberships: { orgId: number }[] }, via: Principal['via']): Principal {
  return { userId: user.userId, role: user.role, orgIds: user.memberships.map((m) => m.orgId), via };
}

// lastUsedAt is advisory: written at most once a minute per token, off the request path.
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * The caller behind a request: a Bearer token in the Authorization header, or
 * else the session cookie. Tokens in query strings are never looked at.
 * Returns null for no, unknown, revoked or expired credentials alike.
 */
export async function authenticate(db: Db, req: Request): Promise<Principal | null> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !match[1].startsWith(TOKEN_PREFIX)) return null;
    const token = await db.apiToken.findUnique({
      where: { tokenHash: hashSecret(match[1]) },
      select: { tokenId: true, revokedAt: true, expiresAt: true, lastUsedAt: true, user: { select: userSelect } },
    });
    const now = Date.now();
    if (!token || token.revokedAt || (token.expiresAt && token.expiresAt.getTime() <= now)) return null;
    if (!token.lastUsedAt || now - token.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
      db.apiToken.update({ where: { tokenId: token.tokenId }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
    }
    return toPrincipal(token.user, 'token');
  }
  const cookie: unknown = req.cookies?.[SESSION_COOKIE];
  if (typeof cookie === 'string' && cookie.length > 0) {
    const session = await db.session.findUnique({
      where: { sessionHash: hashSecret(cookie) },
      select: { expiresAt: true, user: { select: userSelect } },
    });
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    return toPrincipal(session.user, 'session');
  }
  return null;
}
