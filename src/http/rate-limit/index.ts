import type { Request, Response } from 'express';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Config } from '../../config';
import type { SqlClient } from '../../db/sql-client';
import { AppError } from '../../core/errors';
import { SharedLimit, type Verdict } from './shared-limit';

// The two rate limits (src/config.ts: RATE_LIMIT_PER_MINUTE, LOGIN_RATE_LIMIT_PER_MINUTE), shared
// by every instance on the database through the rate_limits table (shared-limit.ts says how).
// Both answer with RateLimit-Limit, -Remaining and -Reset (seconds), as the IETF draft
// "RateLimit header fields for HTTP" names them; over the limit, 429 rate_limited with Retry-After.

export { SharedLimit, type Verdict } from './shared-limit';
export { startRateLimitCleanup } from './cleanup';

export interface RateLimits {
  /** Requests of one API token or session; absent: no limit. */
  perCredential?: SharedLimit;
  /** Sign-ins and token creations from one client address; absent: no limit. */
  perAddress?: SharedLimit;
}

/**
 * rate-limiter-flexible's PostgreSQL store over the app's database (its table comes from a Prisma
 * migration). Its own timer that deletes expired rows is off: nothing would stop it at close, so
 * the server runs that cleanup as a worker (cleanup.ts).
 */
function sharedLimit(sql: SqlClient, keyPrefix: string, limit: number, windowMs: number): SharedLimit | undefined {
  if (limit <= 0) return undefined;
  const store = new RateLimiterPostgres({
    storeClient: sql,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix,
    points: limit,
    duration: windowMs / 1000,
  });
  return new SharedLimit(store, limit, windowMs);
}

export function rateLimits(config: Config['rateLimit'], sql: SqlClient): RateLimits {
  return {
    perCredential: sharedLimit(sql, 'api', config.perCredential, config.windowMs),
    perAddress: sharedLimit(sql, 'login', config.perAddress, config.windowMs),
  };
}

/** Sends the verdict's RateLimit headers; a refusal throws rate_limited, with Retry-After, before anything is done. */
export function enforce(res: Response, verdict: Verdict, what: string): void {
  const resetS = Math.max(1, Math.ceil(verdict.resetMs / 1000));
  res.setHeader('RateLimit-Limit', verdict.limit);
  res.setHeader('RateLimit-Remaining', verdict.remaining);
  res.setHeader('RateLimit-Reset', resetS);
  if (verdict.allowed) return;
  res.setHeader('Retry-After', resetS);
  throw new AppError('rate_limited', `Too many requests: ${what} allows ${verdict.limit} a minute; try again in ${resetS} s`);
}

const CREDENTIAL = 'this API token or session';

/**
 * Counts the request against its credential's limit (`key`: Principal.limitKey). Most requests are
 * decided from memory, without a promise to wait for: undefined then (and without a limit).
 */
export function limitCredential(limits: RateLimits | undefined, key: string, res: Response): Promise<void> | undefined {
  const limit = limits?.perCredential;
  if (!limit) return undefined;
  const verdict = limit.takeNow(key);
  if (verdict) {
    enforce(res, verdict, CREDENTIAL);
    return undefined;
  }
  return limit.take(key).then((v) => enforce(res, v, CREDENTIAL));
}

/** The client's address (Express's req.ip, which follows X-Forwarded-For only from the trusted proxy). */
const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Counts the request against its address's limit of sign-ins; a no-op without one. */
export async function limitAddress(limit: SharedLimit | undefined, req: Request, res: Response): Promise<void> {
  if (limit) enforce(res, await limit.take(addressOf(req)), 'this address');
}
