import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { Prisma } from '../../../generated/prisma/client';
import type { Role } from '../../../generated/prisma/client';

// The sessions table (server-side sessions behind the login cookie, stored by
// the hash of their secret), and the credential read that authenticates one.

/**
 * A credential (session or API token) with its user and the user's organizations, as
 * authentication reads it. Every API call decodes one, so its columns are few and cheap to
 * decode: instants as epoch milliseconds (float8), not timestamps, and the memberships as
 * one text (`orgId:role,…` in orgId order), not two arrays.
 */
export interface CredentialRow {
  userId: number;
  /** The API token behind the credential (a Bearer token, or a session started from one), else null. */
  tokenId: number | null;
  /** `orgId:role` pairs joined by commas, in orgId order; null without memberships. */
  memberships: string | null;
  /** When the credential expires, in epoch milliseconds; null: never. */
  expiresMs: number | null;
  revoked: boolean;
  /** When the token was last used, in epoch milliseconds (a session: null). */
  lastUsedMs: number | null;
  /** What the credential's column rider read, when it had one. */
  rider?: unknown;
  /** The columns of a row rider (CredentialRider.row), its `orgId` first among them. */
  orgId?: number | null;
}

/** The organizations and roles of a credential's `memberships`. */
export function credentialMemberships(row: Pick<CredentialRow, 'memberships'>): { orgId: number; role: Role }[] {
  if (!row.memberships) return [];
  return row.memberships.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return { orgId: Number(pair.slice(0, colon)), role: pair.slice(colon + 1) as Role };
  });
}

/**
 * Reads riding in the credential's statement, as SQL over the caller's organizations (an int[]
 * expression; none for a revoked credential), so that a request costs one round trip:
 * - `column`: one value, the version a conditional read compares (a 304 from one statement);
 * - `row`: a subquery of at most one row, a handler's first read (src/core/route.ts, Caching.ride):
 *   its columns come back beside the credential's, so none may be named as those (CredentialRow),
 *   and its `"orgId"` (the organization owning what it read) is null when it found nothing.
 */
export interface CredentialRider {
  column?: (orgIds: Prisma.Sql) => Prisma.Sql;
  row?: (orgIds: Prisma.Sql) => Prisma.Sql;
}

/** Epoch milliseconds of a timestamp column, as float8 (decoded alike by pg and Prisma). */
export const epochMs = (column: Prisma.Sql): Prisma.Sql => Prisma.sql`(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The credential statement's answer from its inner select (`c`), which names the
 * caller's organizations `orgIds` (an int[] only riders read: unread, PostgreSQL
 * leaves it out) and their `orgId:role` pairs `memberships`; the column rider's value is `rider`,
 * the row rider's columns follow.
 */
export const withRider = (credential: Prisma.Sql, rider?: CredentialRider): Prisma.Sql => {
  const column = rider?.column ? Prisma.sql`, ${rider.column(Prisma.sql`c."orgIds"`)} AS rider` : Prisma.empty;
  const row = rider?.row
    ? Prisma.sql`, r.* FROM (${credential}) c LEFT JOIN LATERAL (${rider.row(Prisma.sql`(CASE WHEN NOT c.revoked THEN c."orgIds" END)`)}) r ON true`
    : Prisma.sql` FROM (${credential}) c`;
  return Prisma.sql`SELECT c."userId", c."tokenId", c.memberships, c."expiresMs", c.revoked, c."lastUsedMs"${column}${row}`;
};

/**
 * The memberships of the user `userId` (a column) in `scope` (SQL over `m`, those memberships), as the
 * credential statement names them. The user's id comes from the credential's row: its foreign key
 * holds it to a user, so the users table is not joined.
 */
export const membershipColumns = (userId: Prisma.Sql, scope: Prisma.Sql): Prisma.Sql => Prisma.sql`
           ARRAY(SELECT m.org_id FROM memberships m WHERE m.user_id = ${userId} AND ${scope} ORDER BY m.org_id) AS "orgIds",
           (SELECT string_agg(m.org_id::text || ':' || m.role::text, ',' ORDER BY m.org_id) FROM memberships m
             WHERE m.user_id = ${userId} AND ${scope}) AS memberships`;

export async function insertSession(
  db: DbOrTx,
  s: { sessionHash: string; userId: number; expiresAt: Date; tokenId?: number | null },
): Promise<void> {
  await db.session.create({ data: s });
}

export async function deleteExpiredSessions(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } });
}

export async function deleteSession(db: DbOrTx, sessionHash: string): Promise<void> {
  await db.session.deleteMany({ where: { sessionHash } });
}

// One round trip per request: every API call pays for authentication, so the
// credential, its user and the user's organizations come back from one query.
// A session started from an API token ends with the token (revoked, expired) and
// reaches only the token's organizations.
export function findSessionCredential(db: DbOrTx, sessionHash: string, rider?: CredentialRider) {
  return readRows<CredentialRow>(
    db,
    withRider(
      Prisma.sql`
    SELECT s.user_id AS "userId", s.token_id AS "tokenId", ${epochMs(Prisma.sql`LEAST(s.expires_at, t.expires_at)`)} AS "expiresMs",
           t.revoked_at IS NOT NULL AS revoked, NULL::float8 AS "lastUsedMs",
           ${membershipColumns(Prisma.sql`s.user_id`, Prisma.sql`(t.id IS NULL OR m.org_id = ANY(t.scope_org_ids))`)}
      FROM sessions s
      LEFT JOIN api_tokens t ON t.id = s.token_id
     WHERE s.session_hash = ${sessionHash}`,
      rider,
    ),
  );
}
