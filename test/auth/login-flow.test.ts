import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser } from '../support/factories';
import { cookieValue, oauthLogin } from '../support/oauth-login';
import { startOAuthProvider, type OAuthIdentity, type OAuthProvider } from '../support/oauth-provider';
import { ensureWebBuild } from '../web/support/web-build';

let provider: OAuthProvider;
let t: TestApp;
let firstOrgId: number;

beforeAll(async () => {
  ensureWebBuild();
  provider = await startOAuthProvider();
  // example.test addresses join First at their first login (see oauth-admission.test.ts for who else may).
  t = await createTestApp({
    ...provider.env,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAILS: 'Boss@Example.test',
    OAUTH_ALLOWED_DOMAINS: 'example.test',
    OAUTH_DEFAULT_ORG: 'First',
  });
  firstOrgId = (await createOrg(t.db, 'First')).orgId;
  await createOrg(t.db, 'Second');
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

/** Walks /auth/login → provider → /auth/callback; returns the callback's response. */
const login = (identity: OAuthIdentity, tamperState = false) => oauthLogin(t, provider, identity, tamperState);

describe('browser login through the OAuth provider', () => {
  it('signs in, uses the session, generates a token, and revokes it', async () => {
    const res = await login({ email: 'Ada@Example.test', name: 'Ada Lovelace' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('user_session='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Expires=/);
    expect(setCookie).not.toMatch(/Secure/);
    const session = cookieValue([setCookie], 'user_session')!;
    const cookie = `user_session=${session}`;

    const me = await t.http.get('/api/v1/user/details').set('Cookie', cookie).expect(200);
    expect(me.body.data).toMatchObject({ email: 'ada@example.test', name: 'Ada Lovelace', role: 'Reader', orgIds: [firstOrgId] });
    // The redirect's target is the web app, which the session may open.
    const home = await t.http.get('/').set('Accept', 'text/html').set('Cookie', cookie).expect(200);
    expect(home.text).toContain('<div id="root"></div>');

    const gen = await t.http
      .post('/api/v1/token/generate')
      .set('Cookie', cookie)
      .send({ userId: me.body.data.userId, name: 'ci' })
      .expect(201);
    expect(gen.body.data).toMatchObject({ userId: me.body.data.userId, tokenId: expect.any(Number), createdAt: expect.any(String) });
    expect(gen.body.data.token).toMatch(/^cb_[A-Za-z0-9_-]{43,}$/);
    const stored = await t.db.apiToken.findUniqueOrThrow({ where: { tokenId: gen.body.data.tokenId } });
    expect(stored.tokenHash).not.toContain(gen.body.data.token);

    const bearer = t.as(gen.body.data.token);
    await bearer.get('/user/details').expect(200);
    const listed = await bearer.get('/tokens').expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ tokenId: gen.body.data.tokenId, name: 'ci' })]);
    expect(JSON.stringify(listed.body)).not.toContain(gen.body.data.token);

    await bearer.delete('/token/delete', { tokenId: gen.body.data.tokenId }).expect(200, {
      data: { tokenId: gen.body.data.tokenId, revoked: true },
      status: 200,
    });
    const after = await bearer.get('/user/details').expect(401);
    expect(after.body).toEqual({ error: 'Unauthorized - Please login', status: 401, code: 'unauthorized' });

    // Logging out ends the server-side session.
    await t.http.post('/logout').set('Cookie', cookie).set('Accept', 'application/json').expect(200);
    await t.http.get('/api/v1/user/details').set('Cookie', cookie).expect(401);
  });

  it('makes the configured admin addresses Admin, case-insensitively, and reuses the user on the next login', async () => {
    const first = await login({ email: 'boss@example.test', name: 'Boss' });
    const again = await login({ email: 'boss@example.test', name: 'Boss' });
    const a = cookieValue(first.headers['set-cookie'] as unknown as string[], 'user_session');
    const b = cookieValue(again.headers['set-cookie'] as unknown as string[], 'user_session');
    expect(a).not.toBe(b);
    const me = await t.http.get('/api/v1/user/details').set('Cookie', `user_session=${b}`).expect(200);
    expect(me.body.data.role).toBe('Admin');
    expect(await t.db.user.count({ where: { email: 'boss@example.test' } })).toBe(1);
  });

  it('refuses a callback whose state does not match, creating no session', async () => {
    const sessions = await t.db.session.count();
    const res = await login({ email: 'mallory@example.test', name: 'Mallory' }, true);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?error');
    expect(cookieValue(res.headers['set-cookie'] as unknown as string[], 'user_session')).toBeUndefined();
    expect(await t.db.session.count()).toBe(sessions);
  });

  it('comes back to the page the login started from (next, carried in a cookie through the provider)', async () => {
    const page = await t.http.get('/login').query({ next: '/projects/3/runs/7' }).expect(200);
    expect(page.text).toContain('href="/auth/login?next=%2Fprojects%2F3%2Fruns%2F7"');
    await provider.setIdentity({ email: 'back@example.test', name: 'Back' });
    const start = await t.http.get('/auth/login').query({ next: '/projects/3/runs/7' }).expect(302);
    const returnTo = cookieValue(start.headers['set-cookie'] as unknown as string[], 'return_to');
    expect(decodeURIComponent(returnTo!)).toBe('/projects/3/runs/7');
    const stateCookie = cookieValue(start.headers['set-cookie'] as unknown as string[], 'oauth_state')!;
    const atProvider = await fetch(new URL(start.headers.location), { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const res = await t.http
      .get(callback.pathname + callback.search)
      .set('Cookie', `oauth_state=${stateCookie}; return_to=${returnTo}`)
      .expect(302);
    expect(res.headers.location).toBe('/projects/3/runs/7');
    // A cookie set by anything else than this server is checked again: another site is refused.
    const evil = await t.http.get('/auth/login').query({ next: '//evil.example' }).expect(302);
    expect(cookieValue(evil.headers['set-cookie'] as unknown as string[], 'return_to')).toBe('');
  });

  it('serves a login page with a sign-in button', async () => {
    const res = await t.http.get('/login').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toMatch(/href="\/auth\/login"[^>]*>Sign in</);
  });
});

describe('session rules', () => {
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    const res = await login({ email: 'reader@example.test', name: 'Reader' });
    cookie = `user_session=${cookieValue(res.headers['set-cookie'] as unknown as string[], 'user_session')}`;
    userId = (await t.db.user.findUniqueOrThrow({ where: { email: 'reader@example.test' } })).userId;
  });

  it("requires the session cookie to generate a token, except for an Admin's Bearer token", async () => {
    for (const role of ['Reader', 'User'] as const) {
      const other = await createUser(t.db, role, [firstOrgId]);
      await t.as(other.token).post('/token/generate', { userId: other.userId }).expect(401);
    }
    const admin = await createUser(t.db, 'Admin', [firstOrgId]);
    const minted = await t.as(admin.token).post('/token/generate', { userId: admin.userId, name: 'ci' }).expect(201);
    await t.as(minted.body.data.token).get('/tokens').expect(200);
  });

  it('forbids a non-Admin to generate a token for someone else (403)', async () => {
    const other = await createUser(t.db, 'Reader', [firstOrgId]);
    const res = await t.http.post('/api/v1/token/generate').set('Cookie', cookie).send({ userId: other.userId }).expect(403);
    expect(res.body.error).toBe('Forbidden - User does not have access');
    expect(await t.db.apiToken.count({ where: { userId: other.userId, name: { not: 'test' } } })).toBe(0);
  });

  it('refuses cookie-authenticated writes from another site (403) but allows same-origin ones', async () => {
    await t.http.post('/api/v1/token/generate').set('Cookie', cookie).set('Origin', 'https://evil.example').send({ userId }).expect(403);
    await t.http.post('/api/v1/token/generate').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').send({ userId }).expect(403);
    await t.http.post('/api/v1/token/generate').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-site').send({ userId }).expect(403);
    await t.http.post('/api/v1/token/generate').set('Cookie', cookie).set('Origin', 'null').send({ userId }).expect(403);
    // A browser's own page: its Sec-Fetch-Site outweighs the opaque Origin that no-referrer gives a form post.
    await t.http
      .post('/api/v1/token/generate')
      .set('Cookie', cookie)
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ userId })
      .expect(201);
    await t.http.post('/api/v1/token/generate').set('Cookie', cookie).set('Origin', 'http://localhost:3000').send({ userId }).expect(201);
  });

  it('rejects an expired session', async () => {
    await t.db.session.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await t.http.get('/api/v1/user/details').set('Cookie', cookie).expect(401);
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure under an https public URL', async () => {
    const secure = await createTestApp({
      ...provider.env,
      PUBLIC_URL: 'https://casebook.example',
      OAUTH_ALLOWED_DOMAINS: 'example.test',
      OAUTH_DEFAULT_ORG: 'Secure',
    });
    try {
      await createOrg(secure.db, 'Secure');
      await provider.setIdentity({ email: 'sec@example.test', name: 'Sec' });
      const start = await secure.http.get('/auth/login').expect(302);
      const stateCookie = cookieValue(start.headers['set-cookie'] as unknown as string[], 'oauth_state');
      const atProvider = await fetch(start.headers.location, { redirect: 'manual' });
      const callback = new URL(atProvider.headers.get('location')!);
      expect(callback.origin).toBe('https://casebook.example');
      const res = await secure.http
        .get(callback.pathname + callback.search)
        .set('Cookie', `oauth_state=${stateCookie}`)
        .expect(302);
      const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('user_session='))!;
      expect(setCookie).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
