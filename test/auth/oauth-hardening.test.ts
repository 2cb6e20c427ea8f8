import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg } from '../support/factories';
import { beginOAuthLogin, cookieValue, oauthLogin, sessionCookie } from '../support/oauth-login';
import { startOAuthProvider, type OAuthIdentity, type OAuthProvider } from '../support/oauth-provider';

// The OAuth login against a real provider (oauth2-mock-server): the email must be
// one well-formed address before its domain counts; the authorization code is
// bound to us by PKCE (S256); the state is kept server-side, bound to the browser's
// cookie, and used up by its callback, so replaying a callback URL starts nothing.

let provider: OAuthProvider;
let t: TestApp;
let acme: number;

beforeAll(async () => {
  provider = await startOAuthProvider();
  t = await createTestApp({
    ...provider.env,
    PUBLIC_URL: 'http://localhost:3000',
    OAUTH_ALLOWED_DOMAINS: 'acme.test',
    OAUTH_DEFAULT_ORG: 'Acme',
  });
  acme = (await createOrg(t.db, 'Acme')).orgId;
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const login = (identity: OAuthIdentity) => oauthLogin(t, provider, identity);
const counts = async () => ({ users: await t.db.user.count(), sessions: await t.db.session.count() });
const callbackOf = (callback: URL, stateCookie: string) =>
  t.http.get(callback.pathname + callback.search).set('Cookie', `oauth_state=${stateCookie}`);

/** A login that signed in: the redirect home and a session cookie. */
function expectSignedIn(res: Awaited<ReturnType<typeof login>>) {
  expect([res.status, res.headers.location]).toEqual([302, '/']);
  expect(sessionCookie(res)).toBeDefined();
}

/** A callback refused before anything was asked of the provider's user: back to /login, no session. */
function expectStateRefused(res: Awaited<ReturnType<typeof login>>) {
  expect([res.status, res.headers.location]).toEqual([302, '/login?error']);
  expect(sessionCookie(res)).toBeUndefined();
}

describe('the email address', () => {
  it('refuses attacker@evil.test@acme.test, verified, though acme.test is allowed: no user, no session', async () => {
    const before = await counts();
    const res = await login({ sub: 'sub-attacker', email: 'attacker@evil.test@acme.test', name: 'Attacker', email_verified: true });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('not one well-formed address');
    expect(res.text).toContain('attacker@evil.test@acme.test');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect(await t.db.user.count({ where: { OR: [{ oauthSubject: 'sub-attacker' }, { email: { contains: 'attacker' } }] } })).toBe(0);
  });

  it('refuses other malformed addresses whose text ends in an allowed domain', async () => {
    const before = await counts();
    const malformed = [
      '"eve@evil.test"@acme.test',
      '"eve smith"@acme.test',
      'eve smith@acme.test',
      'eve@acme.test ',
      ' eve@acme.test',
      'eve@acme.test\n',
      'eve@@acme.test',
      '@acme.test',
      'eve@',
      'eve',
      'eve@acme.test.',
      'eve@.acme.test',
      'eve..x@acme.test',
      'eve@acme.test,boss@acme.test',
      'eve(comment)@acme.test',
      'eve@[127.0.0.1]',
      `${'e'.repeat(65)}@acme.test`,
    ];
    for (const [i, email] of malformed.entries()) {
      const res = await login({ sub: `sub-malformed-${i}`, email, name: 'Eve' });
      expect([email, res.status]).toEqual([email, 403]);
      expect(res.text).toContain('not one well-formed address');
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a known identity whose provider now gives a malformed address, and admits a well-formed one', async () => {
    const first = await login({ sub: 'sub-kim', email: 'Kim@Acme.test', name: 'Kim' });
    expectSignedIn(first);
    const kim = await t.db.user.findUniqueOrThrow({ where: { oauthSubject: 'sub-kim' }, include: { memberships: true } });
    expect(kim.email).toBe('kim@acme.test');
    expect(kim.memberships.map((m) => [m.orgId, m.role])).toEqual([[acme, 'Reader']]);
    const sessions = await t.db.session.count({ where: { userId: kim.userId } });
    const res = await login({ sub: 'sub-kim', email: 'kim@acme.test@evil.test', name: 'Kim' });
    expect(res.status).toBe(403);
    expect(await t.db.session.count({ where: { userId: kim.userId } })).toBe(sessions);
  });
});

describe('PKCE', () => {
  it('sends an S256 code_challenge with the authorization request and its code_verifier with the token request', async () => {
    const { authorize, callback, stateCookie } = await beginOAuthLogin(t, provider, { email: 'pk@acme.test', name: 'Pk' });
    const challenge = authorize.searchParams.get('code_challenge')!;
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier is neither in the browser's URL nor in its cookie.
    expect(authorize.href).not.toContain('code_verifier');
    expectSignedIn(await callbackOf(callback, stateCookie));

    const sent = await provider.requests();
    expect(sent.authorize.find((q) => q.state === authorize.searchParams.get('state'))).toMatchObject({
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const tokenRequest = sent.token.find((b) => b.code === callback.searchParams.get('code'))!;
    expect(tokenRequest).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43,128}$/),
    });
    expect(crypto.createHash('sha256').update(tokenRequest.code_verifier).digest('base64url')).toBe(challenge);
    expect(stateCookie).not.toContain(tokenRequest.code_verifier);
  });
});

describe('the state', () => {
  it('is kept server-side by a hash, with the verifier, until its callback uses it up', async () => {
    const { authorize, callback, stateCookie } = await beginOAuthLogin(t, provider, { email: 'row@acme.test', name: 'Row' });
    const state = authorize.searchParams.get('state')!;
    const rows = await t.db.oAuthState.findMany();
    const mine = rows.filter((r) => r.expiresAt > new Date(Date.now() + 9 * 60_000));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    for (const r of rows) expect([r.stateHash.includes(state), r.stateHash.includes(stateCookie)]).toEqual([false, false]);
    expectSignedIn(await callbackOf(callback, stateCookie));
    expect(await t.db.oAuthState.count()).toBe(rows.length - 1);
  });

  it('is used once: replaying the callback URL with the same cookie starts no second session', async () => {
    const { callback, stateCookie } = await beginOAuthLogin(t, provider, { email: 'replay@acme.test', name: 'Replay' });
    expectSignedIn(await callbackOf(callback, stateCookie));
    const before = await counts();
    expectStateRefused(await callbackOf(callback, stateCookie));
    expect(await counts()).toEqual(before);
  });

  it('is used once when two callbacks bring it at the same time', async () => {
    const { callback, stateCookie } = await beginOAuthLogin(t, provider, { email: 'twice@acme.test', name: 'Twice' });
    const sessions = await t.db.session.count();
    const answers = await Promise.all([callbackOf(callback, stateCookie), callbackOf(callback, stateCookie)]);
    expect(answers.map((r) => r.headers.location).sort()).toEqual(['/', '/login?error']);
    expect(await t.db.session.count()).toBe(sessions + 1);
  });

  it("needs the browser's cookie: without it, or with another browser's, the callback URL starts nothing and stays usable by its browser", async () => {
    const mine = await beginOAuthLogin(t, provider, { email: 'bound@acme.test', name: 'Bound' });
    const other = await beginOAuthLogin(t, provider, { email: 'bound@acme.test', name: 'Bound' });
    const before = await counts();
    expectStateRefused(await t.http.get(mine.callback.pathname + mine.callback.search));
    expectStateRefused(await callbackOf(mine.callback, other.stateCookie));
    expect(await counts()).toEqual(before);
    expectSignedIn(await callbackOf(mine.callback, mine.stateCookie));
  });

  it('expires after 10 minutes, and expired states are cleaned up when a login begins', async () => {
    const { callback, stateCookie } = await beginOAuthLogin(t, provider, { email: 'late@acme.test', name: 'Late' });
    await t.db.oAuthState.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expectStateRefused(await callbackOf(callback, stateCookie));
    await t.db.oAuthState.create({ data: { stateHash: 'stale', codeVerifier: 'v', expiresAt: new Date(Date.now() - 1000) } });
    const start = await t.http.get('/auth/login').expect(302);
    expect(cookieValue(start.headers['set-cookie'] as unknown as string[], 'oauth_state')).toBeTruthy();
    expect(await t.db.oAuthState.count({ where: { expiresAt: { lte: new Date() } } })).toBe(0);
  });

  it('refuses a repeated state parameter', async () => {
    const { callback, stateCookie } = await beginOAuthLogin(t, provider, { email: 'twostates@acme.test', name: 'Two' });
    const state = callback.searchParams.get('state')!;
    callback.searchParams.append('state', state);
    expectStateRefused(await callbackOf(callback, stateCookie));
  });
});
