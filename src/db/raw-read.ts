import crypto from 'node:crypto';
import pg from 'pg';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

/** A client or a transaction's (client.ts's DbOrTx, named here without importing it back). */
type DbOrTx = PrismaClient | Prisma.TransactionClient;

// The hot reads (credentials, versions, list pages) go straight to the pg pool
// of a PostgreSQL database, as named statements: Prisma's client would spend
// more CPU on each of them than the rest of the request. Inside a transaction, and
// on the embedded database, they go through Prisma as any other query.
//
// Rows must come out the same either way, so a statement read here returns only
// what both paths decode alike: int4, text, bool, their arrays, JSON as text,
// and timestamps (stored in UTC, without a zone: parsed as UTC below, as Prisma does;
// not arrays of them).

const pools = new WeakMap<object, pg.Pool>();

/** Lets `readRows(prisma, …)` use `pool`, the connections behind `prisma`. */
export function attachReadPool(prisma: object, pool: pg.Pool): void {
  pools.set(prisma, pool);
}

/** The pool `readRows(db, …)` reads on, if any: tests watch the statements a request sends. */
export function readPoolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}

/** Lets `readRows(wrapper, …)` use the pool of `prisma`, which `wrapper` stands for. */
export function shareReadPool(wrapper: object, prisma: object): void {
  const pool = pools.get(prisma);
  if (pool) pools.set(wrapper, pool);
}

const TIMESTAMP = 1114;
const utc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === TIMESTAMP ? utc : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

// Statement texts come from a few fixed shapes (filters add conditions, never inline values); the
// bound only guards each connection's statement cache against a shape that would vary without end.
// They are found by length, then compared: a map keyed by the text would hash all of it at every
// read (V8 takes ~10 µs for a page's 5 kB statement), where few texts share a length and comparing one is a copy's cost.
const MAX_NAMED = 500;
const byLength = new Map<number, { text: string; name: string }[]>();
let named = 0;
function statementName(text: string): string | undefined {
  const sameLength = byLength.get(text.length);
  if (sameLength) for (const known of sameLength) if (known.text === text) return known.name;
  if (named >= MAX_NAMED) return undefined;
  named++;
  const name = `cr_${crypto.createHash('sha1').update(text).digest('base64url')}`;
  if (sameLength) sameLength.push({ text, name });
  else byLength.set(text.length, [{ text, name }]);
  return name;
}

/** The rows of a read-only statement, on the pool when `db` is a PostgreSQL client outside a transaction. */
export async function readRows<T>(db: DbOrTx, query: Prisma.Sql): Promise<T[]> {
  const pool = pools.get(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  // Prisma.Sql builds its text anew at each reading.
  const text = query.text;
  const result = await pool.query<T & pg.QueryResultRow>({
    name: statementName(text),
    text,
    values: query.values,
    types,
  });
  return result.rows;
}
