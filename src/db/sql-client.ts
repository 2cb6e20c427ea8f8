import type { PGlite } from '@electric-sql/pglite';

/**
 * Plain SQL on the app's database, in the shape of pg's `Pool.query(config)`: what
 * rate-limiter-flexible's PostgreSQL store calls (src/http/rate-limit/). On PostgreSQL it is
 * the app's pool itself; on the embedded database, `pgliteSqlClient`.
 */
export interface SqlClient {
  query(q: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
}

const INT8 = 20;

/**
 * PGlite behind the pg Pool shape: one connection, so the statement's name (pg's per-connection
 * prepared statement) is not needed; an int8 comes out as a JS number, as the store expects of
 * pg (which gives a numeric string: both compute alike), not as a BigInt.
 */
export function pgliteSqlClient(pg: PGlite): SqlClient {
  return {
    async query({ text, values }) {
      const result = await pg.query<Record<string, unknown>>(text, values, { parsers: { [INT8]: (v: string) => Number(v) } });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}
