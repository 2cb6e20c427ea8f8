import type { Db, DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { Prisma } from '../../../generated/prisma/client';
import { epochMs, membershipColumns, noteUserChange, withRider, type CredentialRider, type CredentialRow } from '../../users/data';

// The api_tokens table. A token's secret is never stored, only its hash.

export function insertToken(db: DbOrTx, t: { userId: number; name: string; tokenHash: string; scopeOrgIds: number[] }) {
  return db.apiToken.create({ data: t });
}

export function findToken(db: DbOrTx, tokenId: number) {
  return db.apiToken.findUnique({ where: { tokenId }, select: { tokenId: true, userId: true, revokedAt: true } });
}

/** The user's tokens neither revoked nor expired at `now`. */
export function countActiveTokens(db: DbOrTx, userId: number, now: Date): Promise<number> {
  return db.apiToken.count({ where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
}

export async function setTokenRevoked(db: DbOrTx, tokenId: number, at: Date): Promise<void> {
  await db.apiToken.update({ where: { tokenId }, data: { revokedAt: at } });
}

/** Records when the token was used; its owner's token list shows that, so the owner's change counter moves with it. */
export async function setTokenLastUsed(db: Db, token: { tokenId: number; userId: number }, at: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.apiToken.update({ where: { tokenId: token.tokenId }, data: { lastUsedAt: at } });
    await noteUserChange(tx, token.userId);
  });
}

/** The user's tokens by id, revoked ones included; never their hash. */
export function listTokensOf(db: DbOrTx, userId: number) {
  return db.apiToken.findMany({
    where: { userId },
    select: { tokenId: true, userId: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true, scopeOrgIds: true },
    orderBy: { tokenId: 'asc' },
  });
}

// One round trip per request: every API call pays for authentication, so the
// credential, its user and the user's organizations come back from one query. A token
// acts only in its scope (fixed at minting) ∩ the user's memberships now, with today's roles.
export function findTokenCredential(db: DbOrTx, tokenHash: string, rider?: CredentialRider) {
  return readRows<CredentialRow>(
    db,
    withRider(
      Prisma.sql`
    SELECT t.user_id AS "userId", t.id AS "tokenId", ${epochMs(Prisma.sql`t.expires_at`)} AS "expiresMs",
           t.revoked_at IS NOT NULL AS revoked, ${epochMs(Prisma.sql`t.last_used_at`)} AS "lastUsedMs",
           ${membershipColumns(Prisma.sql`t.user_id`, Prisma.sql`m.org_id = ANY(t.scope_org_ids)`)}
      FROM api_tokens t
     WHERE t.token_hash = ${tokenHash}`,
      rider,
    ),
  );
}
