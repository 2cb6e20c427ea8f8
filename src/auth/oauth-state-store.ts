import crypto from 'node:crypto';
import type { Request } from 'express';
import type { StateStore } from 'passport-oauth2';
import type { Db } from '../db/client';
import { hashSecret } from '../core/secrets';
import { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from '../domain/users/data';
import { sessionCookieOptions } from './sessions';

// The OAuth `state` of a login under way, and its PKCE code verifier, kept in
// PostgreSQL (no server session exists before login) and bound to the browser
// that began it: the row's key is the hash of the state together with a secret
// of that browser's HttpOnly cookie. A callback needs both, and uses them up: the
// row is deleted as it is read, so a replayed callback URL (same code, state and
// cookie) starts no second session, and a callback URL seen elsewhere (a log, a
// Referer) is useless without the cookie.

export const STATE_COOKIE = 'oauth_state';
const STATE_TTL_MS = 10 * 60_000;
const REFUSED = { message: 'Invalid or used authorization request state' };

const rowKey = (browserSecret: string, state: string) => hashSecret(`${browserSecret}.${state}`);

type Stored = (err: Error | null, state?: string) => void;
type Verified = (err: Error | null, ok: string | false, info?: unknown) => void;

/**
 * passport-oauth2's store for `pkce: true`: it tells this form by the arity of
 * store (req, verifier, state, meta, callback) and verify (req, providedState,
 * callback), and sends the verifier verify answers as the token request's code_verifier.
 */
export function databaseStateStore(db: Db, publicUrl: string): StateStore {
  const cookieOptions = { ...sessionCookieOptions(publicUrl), path: '/auth' };
  const store = {
    store(req: Request, verifier: string, _state: unknown, _meta: unknown, callback: Stored) {
      const browserSecret = crypto.randomBytes(32).toString('base64url');
      const state = crypto.randomBytes(24).toString('base64url');
      const now = Date.now();
      const saved = insertOAuthState(db, {
        stateHash: rowKey(browserSecret, state),
        codeVerifier: verifier,
        expiresAt: new Date(now + STATE_TTL_MS),
      });
      saved
        .then(async () => {
          // Logins begun and never finished go with the next one begun (the expiry is indexed).
          await deleteExpiredOAuthStates(db, new Date(now));
          req.res!.cookie(STATE_COOKIE, browserSecret, { ...cookieOptions, maxAge: STATE_TTL_MS });
          callback(null, state);
        })
        .catch((err: Error) => callback(err));
    },
    verify(req: Request, provided: unknown, callback: Verified) {
      const browserSecret: unknown = req.cookies?.[STATE_COOKIE];
      req.res!.clearCookie(STATE_COOKIE, cookieOptions);
      // A repeated ?state= is an array: no state of ours.
      if (typeof browserSecret !== 'string' || !browserSecret || typeof provided !== 'string' || !provided) {
        return callback(null, false, REFUSED);
      }
      takeOAuthState(db, rowKey(browserSecret, provided)).then(
        (row) => (row && row.expiresAt.getTime() > Date.now() ? callback(null, row.codeVerifier) : callback(null, false, REFUSED)),
        (err: Error) => callback(err, false),
      );
    },
  };
  // The library's types know only the one-argument store form.
  return store as unknown as StateStore;
}
