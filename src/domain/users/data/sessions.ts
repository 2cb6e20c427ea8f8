import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { Prisma } from '../../../generated/prisma/client';
import type { Role } from '../../../generated/prisma/client';

// The sessions table (server-side sessions behind the login cookie, stored by
// the hash of their secret), and the credential read that authenticates one.

/** A credential (session or API token) with its user and the user's organizations, as authentication reads it. */
export interface CredentialRow {
  id: number;
  userId: number;
  /** The API token behind the credential (a Bearer token, or a session started from one), else null. */
  tokenId: number | null;
  orgIds: number[];
  roles: Role[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** What the credential's rider read, when it had one. */
  rider?: unknown;
}

/**
 * A value read in the credential's statement, as SQL over the caller's organizations
 * (an int[] expression): the version a conditional read compares, so that a 304
 * costs one round trip.
 */
export type CredentialRider = (orgIds: Prisma.Sql) => Prisma.Sql;

/** The credential statement, with the rider's value as `rider` when there is one. */
export const withRider = (credential: Prisma.Sql, rider?: CredentialRider): Prisma.Sql =>
  rider ? Prisma.sql`SELECT c.*, ${rider(Prisma.sql`c."orgIds"`)} AS rider FROM (${credential}) c` : credential;

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
    SELECT 0 AS id, u.id AS "userId", s.token_id AS "tokenId",
           LEAST(s.expires_at, t.expires_at) AS "expiresAt", t.revoked_at AS "revokedAt",
           NULL::timestamp AS "lastUsedAt",
           ARRAY(SELECT m.org_id FROM memberships m
                  WHERE m.user_id = u.id AND (t.id IS NULL OR m.org_id = ANY(t.scope_org_ids)) ORDER BY m.org_id) AS "orgIds",
           ARRAY(SELECT m.role::text FROM memberships m
                  WHERE m.user_id = u.id AND (t.id IS NULL OR m.org_id = ANY(t.scope_org_ids)) ORDER BY m.org_id) AS roles
      FROM sessions s JOIN users u ON u.id = s.user_id
      LEFT JOIN api_tokens t ON t.id = s.token_id
     WHERE s.session_hash = ${sessionHash}`,
      rider,
    ),
  );
}
