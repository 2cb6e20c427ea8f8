import type { Request } from 'express';
import type { Db } from '../db/client';
import { hashSecret, TOKEN_PREFIX } from '../core/secrets';
import type { Membership } from '../core/context';
import { findTokenCredential, setTokenLastUsed } from '../domain/tokens/data';
import { credentialMemberships, findSessionCredential, type CredentialRider, type CredentialRow } from '../domain/users/data';

export type { Membership };

export const SESSION_COOKIE = 'user_session';

export interface Principal {
  userId: number;
  /** Every organization of the caller, ordered by orgId, with the caller's role in it. */
  memberships: Membership[];
  via: 'session' | 'token';
  /** The API token acted with: a Bearer token or the token a session was started from; null for an OAuth session. */
  tokenId: number | null;
  /** When the credential expires (null: an API token without expiry). */
  expiresAt: Date | null;
  /** What the column rider authentication was given read in the credential's statement. */
  rider?: unknown;
  /** What its row rider read (its columns, beside the credential's), null when it found nothing; absent without one. */
  ridden?: Record<string, unknown> | null;
  /** The credential its requests are counted under (src/http/rate-limit/): its token, else its session. */
  limitKey: string;
}

// Credentials are read in one round trip each (tokens/data, users/data): every
// API call pays for authentication.

function live(row: CredentialRow | undefined, now: number): row is CredentialRow {
  return Boolean(row && !row.revoked && !(row.expiresMs !== null && row.expiresMs <= now));
}

// A session started from a token counts as that token; an OAuth session by its secret's hash (a prefix: 128 bits).
const principal = (row: CredentialRow, via: Principal['via'], secretHash: string, rider?: CredentialRider): Principal => ({
  userId: row.userId,
  memberships: credentialMemberships(row),
  via,
  tokenId: row.tokenId,
  expiresAt: row.expiresMs === null ? null : new Date(row.expiresMs),
  rider: row.rider,
  ridden: rider?.row ? (typeof row.orgId === 'number' ? (row as unknown as Record<string, unknown>) : null) : undefined,
  limitKey: row.tokenId === null ? `s${secretHash.slice(0, 32)}` : `t${row.tokenId}`,
});

// lastUsedAt is advisory: written at most once a minute per token, off the request path.
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * The owner of an API token, or null for an unknown, revoked or expired one: the check of a
 * Bearer header, also used by the login page's "Sign in with an API token".
 */
export async function authenticateToken(db: Db, secret: string, req: Request, rider?: CredentialRider): Promise<Principal | null> {
  const now = Date.now();
  if (!secret.startsWith(TOKEN_PREFIX)) return null;
  const hash = hashSecret(secret);
  const [token] = await findTokenCredential(db, hash, rider);
  if (!live(token, now)) return null;
  if (token.lastUsedMs === null || now - token.lastUsedMs > LAST_USED_GRANULARITY_MS) {
    setTokenLastUsed(db, { tokenId: token.tokenId!, userId: token.userId }, new Date(now)).catch((err: unknown) =>
      req.log?.warn({ err }, 'could not record when the token was last used'),
    );
  }
  return principal(token, 'token', hash, rider);
}

/**
 * The caller behind a request: a Bearer token in the Authorization header, or
 * else the session cookie. Tokens in query strings are never looked at. A `rider`
 * is read in the same statement as the credential (Principal.rider, Principal.ridden).
 * Returns null for no, unknown, revoked or expired credentials alike.
 */
export async function authenticate(db: Db, req: Request, rider?: CredentialRider): Promise<Principal | null> {
  const now = Date.now();
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? authenticateToken(db, match[1], req, rider) : null;
  }
  const cookie: unknown = req.cookies?.[SESSION_COOKIE];
  if (typeof cookie === 'string' && cookie.length > 0) {
    const hash = hashSecret(cookie);
    const [session] = await findSessionCredential(db, hash, rider);
    return live(session, now) ? principal(session, 'session', hash, rider) : null;
  }
  return null;
}
