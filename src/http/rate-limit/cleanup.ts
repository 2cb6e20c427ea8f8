import type { SqlClient } from '../../db/sql-client';

// The rate_limits table keeps a row per key seen (token, session, address); a row whose window
// ended long ago is dead weight. rate-limiter-flexible deletes them on a timer of its own that
// nothing stops at close (index.ts turns it off); the server runs this one as a worker instead
// (src/server.ts), stopped before the pool closes.

/** As the library does it: every 5 minutes, the rows whose window ended over an hour ago. */
export const RATE_LIMIT_CLEANUP_EVERY_MS = 5 * 60_000;
const KEPT_AFTER_EXPIRY_MS = 60 * 60_000;

/** The library's own statement (RateLimiterPostgres.clearExpired); `expire` is in epoch milliseconds. */
export async function deleteExpiredCounts(sql: SqlClient, now = Date.now()): Promise<void> {
  await sql.query({ text: 'DELETE FROM "rate_limits" WHERE expire < $1', values: [now - KEPT_AFTER_EXPIRY_MS] });
}

/** Deletes expired counts every `everyMs` until stopped; a failed delete is tried again next time. */
export function startRateLimitCleanup(sql: SqlClient, { everyMs = RATE_LIMIT_CLEANUP_EVERY_MS } = {}) {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => deleteExpiredCounts(sql).catch(() => {})); // not critical: the next round tries again
  }, everyMs);
  // Never what keeps the process alive; the server's close stops it all the same.
  timer.unref();
  return {
    /** Stops the timer and resolves once a delete in progress is over, before the pool closes. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
