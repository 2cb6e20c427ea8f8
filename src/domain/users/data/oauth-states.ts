import type { DbOrTx } from '../../../db/client';

// The oauth_states table: one row per OAuth login under way, from /auth/login to
// its callback, keyed by a hash (never the state itself) and holding the PKCE
// code verifier the token request must send.

export async function insertOAuthState(db: DbOrTx, s: { stateHash: string; codeVerifier: string; expiresAt: Date }): Promise<void> {
  await db.oAuthState.create({ data: s });
}

/** Logins begun and never finished: garbage once expired. */
export async function deleteExpiredOAuthStates(db: DbOrTx, now: Date): Promise<void> {
  await db.oAuthState.deleteMany({ where: { expiresAt: { lte: now } } });
}

/**
 * Takes a state: deletes its row and returns it, in one statement, so of two
 * callbacks bringing the same state (a replay, or a double click) only one gets it.
 */
export async function takeOAuthState(db: DbOrTx, stateHash: string): Promise<{ codeVerifier: string; expiresAt: Date } | undefined> {
  const [row] = await db.$queryRaw<{ codeVerifier: string; expiresAt: Date }[]>`
    DELETE FROM oauth_states WHERE state_hash = ${stateHash}
    RETURNING code_verifier AS "codeVerifier", expires_at AS "expiresAt"`;
  return row;
}
