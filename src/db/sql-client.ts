import type { PGlite } from '@electric-sql/pglite';

/**
 * Plain SQL on the app's database for the libraries that speak pg, in the two shapes they call:
 * pg's `Pool.query(config)` (rate-limiter-flexible's PostgreSQL store, src/http/rate-limit/) and
 * pg-boss's `executeSql` (the job queue, src/jobs). On PostgreSQL, the app's pool; on the
 * embedded database, `pgliteSqlClient`.
 */
export interface SqlClient {
  query(q: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
  /** With values, one statement; without, a script of several (the rows of the last). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
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
    async executeSql(text, values) {
      if (values?.length) return { rows: (await pg.query<Record<string, unknown>>(text, values)).rows };
      const results = await pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
