import type { CookieOptions } from 'express';
import type { Db } from '../db/client';
import { hashSecret, newSessionSecret } from '../core/secrets';

/** Starts a server-side session with a fixed expiry; returns the cookie's secret. */
export async function createSession(db: Db, userId: number, ttlMs: number): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newSessionSecret();
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.session.create({ data: { sessionHash: hashSecret(secret), userId, expiresAt } });
  // Expired sessions of this user are garbage; drop them while we are here.
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
  return { secret, expiresAt };
}

export async function endSession(db: Db, secret: string): Promise<void> {
  await db.session.deleteMany({ where: { sessionHash: hashSecret(secret) } });
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
