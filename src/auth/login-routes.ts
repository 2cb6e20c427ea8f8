import express, { type Request } from 'express';
import { Passport, type Authenticator } from 'passport';
import OAuth2Strategy from 'passport-oauth2';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { admitOAuthLogin, type LoginOutcome, type OAuthProfile, type RefusalReason } from './oauth-identity';
import { AppError, forbiddenOrigin } from '../core/errors';
import { sendError } from '../http/envelope';
import { limitAddress, type SharedLimit } from '../http/rate-limit';
import { authenticateToken, SESSION_COOKIE } from './authenticate';
import { loginPage, refusedPage } from './login-pages';
import { returnPath, RETURN_COOKIE } from './return-path';
import { isForeignOrigin } from './same-origin';
import { databaseStateStore } from './oauth-state-store';
import { createSession, endSession, sessionCookieOptions } from './sessions';

/** Passport as Express uses it: authenticate() makes a request handler (its types default to any). */
type ExpressPassport = Authenticator<express.Handler, express.RequestHandler>;

function buildPassport(config: Config, db: Db): ExpressPassport | undefined {
  const oauth = config.oauth;
  if (!oauth) return undefined;
  const passport = new Passport() as ExpressPassport;
  const strategy = new OAuth2Strategy(
    {
      authorizationURL: oauth.authorizationUrl,
      tokenURL: oauth.tokenUrl,
      clientID: oauth.clientId,
      clientSecret: oauth.clientSecret,
      callbackURL: `${config.publicUrl}/auth/callback`,
      scope: oauth.scope.split(/\s+/).filter(Boolean),
      // PKCE (S256) with a single-use state kept server-side, bound to the browser (oauth-state-store.ts).
      state: true,
      pkce: true,
      store: databaseStateStore(db, config.publicUrl),
    },
    (_access: string, _refresh: string, profile: OAuthProfile, done: (err: unknown, user?: unknown, info?: unknown) => void) => {
      const policy = { adminEmails: config.adminEmails, ...config.oauthAdmission };
      admitOAuthLogin(db, profile, policy).then(
        (outcome: LoginOutcome) => ('user' in outcome ? done(null, outcome.user) : done(null, false, { ...outcome, email: profile.email })),
        done,
      );
    },
  );
  // The provider's userinfo endpoint gives the subject we key users on, and the email and name.
  strategy.userProfile = (accessToken, done) => {
    const client = (
      strategy as unknown as {
        _oauth2: {
          useAuthorizationHeaderforGET(b: boolean): void;
          get: (u: string, t: string, cb: (e: unknown, body?: string | Buffer) => void) => void;
        };
      }
    )._oauth2;
    client.useAuthorizationHeaderforGET(true);
    client.get(oauth.userInfoUrl, accessToken, (err, body) => {
      if (err) return done(new Error('Failed to fetch the user profile'));
      try {
        const info = JSON.parse(String(body)) as { sub?: unknown; email?: unknown; email_verified?: unknown; name?: unknown };
        const subject = typeof info.sub === 'number' ? String(info.sub) : info.sub;
        if (typeof subject !== 'string' || !subject) return done(new Error('The provider gave no subject (sub)'));
        // Whether it is one well-formed address is the admission's to say (oauth-identity.ts), with a page that explains.
        if (typeof info.email !== 'string' || !info.email) return done(new Error('The provider gave no email address'));
        const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim() : info.email.split('@')[0];
        // Some providers send the flag as a string.
        const emailVerified = info.email_verified === true || info.email_verified === 'true';
        const profile: OAuthProfile = { subject, email: info.email.toLowerCase(), emailVerified, name };
        done(null, profile);
      } catch {
        done(new Error('The provider answered an unreadable profile'));
      }
    });
  };
  passport.use('oauth2', strategy);
  return passport;
}

interface Refusal {
  refused?: RefusalReason;
  detail?: string;
  email: string;
}

/**
 * `/login`, `/auth/token`, `/auth/login`, `/auth/callback` and `/logout`. The three that sign in
 * count against their client address's limit (`perAddress`), before a body is read.
 */
export function buildLoginRouter(config: Config, db: Db, perAddress?: SharedLimit): express.Router {
  const router = express.Router();
  const passport = buildPassport(config, db);
  const embedded = config.databaseUrl === undefined;
  // Before a body is read. Over the limit, a browser (it asks for HTML) gets the login page saying
  // how long to wait, with the same 429 and Retry-After as an API client's rate_limited.
  router.use(['/auth/token', '/auth/login', '/auth/callback'], async (req, res, next) => {
    try {
      await limitAddress(perAddress, req, res);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'rate_limited') || req.accepts(['html', 'json']) !== 'html') throw err;
      const retryAfterS = Number(res.getHeader('Retry-After'));
      return res
        .status(429)
        .type('html')
        .send(loginPage({ configured: Boolean(passport), embedded, retryAfterS }));
    }
    next();
  });

  router.get('/login', (req, res) => {
    res
      .type('html')
      .send(loginPage({ configured: Boolean(passport), embedded, error: 'error' in req.query, next: returnPath(req.query.next) }));
  });

  // "Sign in with an API token": the token is checked as a Bearer header is, and starts the
  // same session an OAuth login does. A form post, so checked for a foreign origin like /logout.
  router.post('/auth/token', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    if (isForeignOrigin(req, config.publicUrl)) throw forbiddenOrigin();
    const form = req.body as Record<string, unknown> | undefined;
    const secret = typeof form?.token === 'string' ? form.token.trim() : '';
    const next = returnPath(form?.next);
    // The web app signs in again in place (its session ended mid-work) and asks for JSON.
    const wantsJson = req.accepts(['html', 'json']) === 'json';
    const refuse = (status: number, tokenError: string) =>
      wantsJson
        ? sendError(res, status === 400 ? 'validation_failed' : 'unauthorized', tokenError)
        : res
            .status(status)
            .type('html')
            .send(loginPage({ configured: Boolean(passport), embedded, tokenError, next }));
    if (!secret) return refuse(400, 'Enter an API token.');
    const principal = await authenticateToken(db, secret, req);
    if (!principal) return refuse(401, 'This API token is not valid: it is unknown, revoked or expired.');
    // The session is the token's: it ends with it and has its rights and scope, never more.
    const from = principal.tokenId === null ? null : { tokenId: principal.tokenId, expiresAt: principal.expiresAt };
    const session = await createSession(db, principal.userId, config.sessionTtlMs, from);
    res.cookie(SESSION_COOKIE, session.secret, sessionCookieOptions(config.publicUrl, session.expiresAt));
    if (wantsJson) return res.json({ data: { signedIn: true, userId: principal.userId }, status: 200 });
    res.redirect(303, next ?? '/');
  });

  if (passport) {
    // The page to come back to rides along in a short-lived cookie of its own (the provider
    // round trip carries only the state).
    const returnCookie = { ...sessionCookieOptions(config.publicUrl), path: '/auth' };
    router.get(
      '/auth/login',
      (req, res, next) => {
        const back = returnPath(req.query.next);
        if (back) res.cookie(RETURN_COOKIE, back, { ...returnCookie, maxAge: 10 * 60_000 });
        else res.clearCookie(RETURN_COOKIE, returnCookie);
        next();
      },
      passport.authenticate('oauth2', { session: false }),
    );
    router.get('/auth/callback', (req, res, next) => {
      passport.authenticate('oauth2', { session: false }, async (err: unknown, user: { userId: number } | false, info?: Refusal) => {
        try {
          if (!err && !user && info?.refused) {
            // Known to the provider, not admitted here: no session, and nothing was written.
            if (info.detail) req.log?.warn({ reason: info.refused }, info.detail);
            else req.log?.info({ reason: info.refused }, 'oauth login refused');
            return res.status(403).type('html').send(refusedPage(info.refused, info.email));
          }
          if (err || !user) {
            req.log?.warn({ err }, 'oauth login failed');
            return res.redirect('/login?error');
          }
          const session = await createSession(db, user.userId, config.sessionTtlMs);
          res.cookie(SESSION_COOKIE, session.secret, sessionCookieOptions(config.publicUrl, session.expiresAt));
          const back = returnPath((req as Request).cookies?.[RETURN_COOKIE]);
          res.clearCookie(RETURN_COOKIE, returnCookie);
          res.redirect(back ?? '/');
        } catch (e) {
          next(e);
        }
      })(req, res, next);
    });
  } else {
    router.get(['/auth/login', '/auth/callback'], (_req, res) => res.redirect('/login'));
  }

  // express.Request (not the router's own) is where cookie-parser declares req.cookies.
  router.post('/logout', async (req: Request, res) => {
    if (isForeignOrigin(req, config.publicUrl)) throw forbiddenOrigin();
    const secret: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof secret === 'string') await endSession(db, secret);
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config.publicUrl));
    if (req.accepts(['json', 'html']) === 'html') return res.redirect(303, '/login');
    res.json({ data: { loggedOut: true }, status: 200 });
  });

  return router;
}
