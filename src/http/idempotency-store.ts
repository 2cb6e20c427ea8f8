import type { Db } from '../db/client';

// The SQL behind Idempotency-Key (src/http/idempotency.ts): one row per
// (user, key) in idempotency_keys, claimed in flight, then done with the answer.

/** How long a stored answer is replayed; older rows are ignored, replaced and deleted. */
export const KEY_TTL_HOURS = 24;
/**
 * An in-flight claim older than this is taken to be abandoned by a process that
 * died mid-request (it never completed or released it), and may be claimed again.
 * Far longer than any request runs (the largest JUnit import takes seconds), so a
 * live request's claim is never taken over, yet a crash blocks its key only briefly.
 */
export const ABANDONED_AFTER_MINUTES = 10;
/** Expired rows deleted per claim: bounded, so cleanup never makes one request slow. */
const EXPIRED_BATCH = 100;

export type Claim =
  | { kind: 'claimed'; id: number }
  | { kind: 'in_flight'; fingerprint: string }
  | { kind: 'done'; fingerprint: string; status: number; body: string };

interface ExistingRow {
  fingerprint: string;
  state: 'in_flight' | 'done';
  status: number | null;
  body: string | null;
}

/**
 * Claims (user, key) for a request with this fingerprint, or answers what holds it.
 * The INSERT ... ON CONFLICT DO NOTHING is the atomic step: of two concurrent
 * requests with one key exactly one inserts; the other reads the winner's row.
 */
export async function claimKey(db: Db, userId: number, key: string, fingerprint: string): Promise<Claim> {
  // Stale rows first: this key's own when expired or abandoned, and a bounded batch of anyone's expired ones.
  await db.$executeRaw`
    DELETE FROM idempotency_keys
    WHERE user_id = ${userId} AND key = ${key}
      AND (created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
        OR (state = 'in_flight' AND created_at < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})))`;
  await db.$executeRaw`
    DELETE FROM idempotency_keys WHERE id IN (
      SELECT id FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
      ORDER BY created_at LIMIT ${EXPIRED_BATCH} FOR UPDATE SKIP LOCKED)`;
  // A row released between the insert and the read frees the key: try again (twice is plenty).
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO idempotency_keys (user_id, key, fingerprint, state)
      VALUES (${userId}, ${key}, ${fingerprint}, 'in_flight')
      ON CONFLICT (user_id, key) DO NOTHING
      RETURNING id`;
    if (inserted.length === 1) return { kind: 'claimed', id: inserted[0].id };
    const [row] = await db.$queryRaw<ExistingRow[]>`
      SELECT fingerprint, state::text AS state, status, response::text AS body
      FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`;
    if (!row) continue;
    if (row.state === 'done' && row.status !== null && row.body !== null) {
      return { kind: 'done', fingerprint: row.fingerprint, status: row.status, body: row.body };
    }
    return { kind: 'in_flight', fingerprint: row.fingerprint };
  }
  return { kind: 'in_flight', fingerprint };
}

/** Stores the answer of the claim's request; `body` is the JSON text sent. */
export async function completeKey(db: Db, id: number, status: number, body: string): Promise<void> {
  await db.$executeRaw`
    UPDATE idempotency_keys SET state = 'done', status = ${status}, response = ${body}::json
    WHERE id = ${id} AND state = 'in_flight'`;
}

/** Frees the key of a request that failed, so a retry runs afresh. */
export async function releaseKey(db: Db, id: number): Promise<void> {
  await db.$executeRaw`DELETE FROM idempotency_keys WHERE id = ${id} AND state = 'in_flight'`;
}
