import type { CookieOptions } from 'express';
import type { Db } from '../db/client';
import { hashSecret, newSessionSecret } from '../core/secrets';
import { deleteExpiredSessions, deleteSession, insertSession } from '../domain/users/data';

/**
 * Starts a server-side session with a fixed expiry; returns the cookie's secret. A session
 * started from an API token (`tokenId`) ends when the token is revoked or expires and acts
 * with the token's scope (the credential read, users/data/sessions.ts).
 */
export async function createSession(
  db: Db,
  userId: number,
  ttlMs: number,
  token: { tokenId: number; expiresAt: Date | null } | null = null,
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newSessionSecret();
  const ttlEnd = Date.now() + ttlMs;
  const expiresAt = new Date(token?.expiresAt ? Math.min(ttlEnd, token.expiresAt.getTime()) : ttlEnd);
  await insertSession(db, { sessionHash: hashSecret(secret), userId, expiresAt, tokenId: token?.tokenId ?? null });
  // Expired sessions of this user are garbage; drop them while we are here.
  await deleteExpiredSessions(db, userId, new Date());
  return { secret, expiresAt };
}

export async function endSession(db: Db, secret: string): Promise<void> {
  await deleteSession(db, hashSecret(secret));
}

export function sessionCookieOptions(publicUrl: string, expires?: Date): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    path: '/',
    ...(expires ? { expires } : {}),
  };
}
