import pg from 'pg';

// Several instances may start together on one PostgreSQL database. What each does once at start
// (apply migrations, index missing values, create the first Admin) runs under one session-level
// advisory lock, so they take turns: the first does the work, the others then find it done.

/** The lock's key: any bigint no other program on the database uses ('casebook' in ASCII). */
export const STARTUP_LOCK_KEY = '7161131761776160619';

/** Runs `fn` once no other instance holds the start-up lock, on a connection of its own that holds it meanwhile. */
export type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

export function advisoryLock(url: string, connectTimeoutMs: number): Exclusive {
  return async (fn) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    client.on('error', () => {}); // a broken connection also fails the pending query, which reports it
    await client.connect();
    try {
      // Waits for the instance holding it; the lock goes with this connection's session if we die.
      await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch(() => {});
      }
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/** The embedded database: one process holds its directory (directory-lock.ts), so there is no one to wait for. */
export const alone: Exclusive = (fn) => fn();
