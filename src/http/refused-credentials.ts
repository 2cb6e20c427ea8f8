import crypto from 'node:crypto';
import type { Request } from 'express';
import { SESSION_COOKIE } from '../auth/authenticate';

// Credentials the rate limit refused lately (429), by a digest of their Authorization header or
// session cookie, until their window resets: a request of one reads no page with its credential
// (Caching.ride in src/core/route.ts), so a refused request stays as cheap as a 429 should be.
// Bounded: a full map starts over (a refused credential then rides once more, and is noted again).

const MAX_KEPT = 10_000;

function keyOf(req: Request): string | undefined {
  const cookie: unknown = req.cookies?.[SESSION_COOKIE];
  const credential = req.headers.authorization ?? (typeof cookie === 'string' ? cookie : undefined);
  return credential === undefined ? undefined : crypto.hash('sha256', credential, 'base64url');
}

export class RefusedCredentials {
  private readonly until = new Map<string, number>();

  /** Notes the request's credential as refused for `retryAfterS` seconds. */
  note(req: Request, retryAfterS: number): void {
    const key = keyOf(req);
    if (key === undefined) return;
    if (this.until.size >= MAX_KEPT) this.until.clear();
    this.until.set(key, Date.now() + retryAfterS * 1000);
  }

  /** Whether the request's credential was refused and its window has not reset yet. */
  holds(req: Request): boolean {
    if (this.until.size === 0) return false;
    const key = keyOf(req);
    const until = key === undefined ? undefined : this.until.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.until.delete(key!);
    return false;
  }
}
