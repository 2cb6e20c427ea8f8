import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser, type TestUser } from '../support/factories';
import { cookieValue } from '../support/oauth-login';

// "Sign in with an API token" on the login page: the embedded default has no OAuth, so a
// newcomer signs in with the token printed at first start.

let t: TestApp;
let ada: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  const org = await createOrg(t.db);
  ada = await createUser(t.db, 'User', [org.orgId]);
});
afterAll(() => t.close());

const signIn = (token: string, headers: Record<string, string> = {}) =>
  t.http.post('/auth/token').set(headers).type('form').send({ token });
const sessionOf = (res: { headers: Record<string, unknown> }) =>
  cookieValue(res.headers['set-cookie'] as string[] | undefined, 'user_session');

it('offers the form on the login page, with a labelled "API token" field, when OAuth is not configured', async () => {
  const page = await t.http.get('/login').expect(200);
  expect(page.text).toMatch(/<form method="post" action="\/auth\/token"/);
  expect(page.text).toContain('<label for="token">API token</label>');
  expect(page.text).toMatch(/<input id="token" name="token"/);
});

it('starts a session for a valid token and redirects (303) to the app', async () => {
  const res = await signIn(ada.token, { 'Sec-Fetch-Site': 'same-origin' }).expect(303);
  expect(res.headers.location).toBe('/');
  const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('user_session='))!;
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  expect(res.headers['cache-control']).toBe('no-store');
  const cookie = `user_session=${sessionOf(res)}`;
  const me = await t.http.get('/api/v1/user/details').set('Cookie', cookie).expect(200);
  expect(me.body.data).toMatchObject({ userId: ada.userId, email: ada.email });
  await t.http.post('/logout').set('Cookie', cookie).set('Accept', 'application/json').expect(200);
  await t.http.get('/api/v1/user/details').set('Cookie', cookie).expect(401);
});

it.each([
  ['an unknown token', 'cb_thisTokenWasNeverIssuedByThisServer_0000000000000'],
  ['something that is no token', 'hello'],
])('refuses %s: the login page again with the error (401), and no cookie', async (_what, token) => {
  const res = await signIn(token).expect(401);
  expect(res.type).toBe('text/html');
  expect(res.text).toContain('This API token is not valid: it is unknown, revoked or expired.');
  expect(res.text).toContain('<label for="token">API token</label>');
  expect(sessionOf(res)).toBeUndefined();
});

it('refuses a revoked token, and an empty field (400)', async () => {
  const org = await createOrg(t.db);
  const bob = await createUser(t.db, 'Reader', [org.orgId]);
  await t.as(bob.token).delete('/token/delete', { tokenId: bob.tokenId }).expect(200);
  const revoked = await signIn(bob.token).expect(401);
  expect(revoked.text).toContain('not valid');
  expect(sessionOf(revoked)).toBeUndefined();
  const empty = await signIn('  ').expect(400);
  expect(empty.text).toContain('Enter an API token.');
  expect(sessionOf(empty)).toBeUndefined();
  expect(await t.db.session.count({ where: { userId: bob.userId } })).toBe(0);
});

it('refuses a post from another site (403) and starts no session', async () => {
  const before = await t.db.session.count({ where: { userId: ada.userId } });
  const crossSite = await signIn(ada.token, { 'Sec-Fetch-Site': 'cross-site' }).expect(403);
  expect(sessionOf(crossSite)).toBeUndefined();
  const foreignOrigin = await signIn(ada.token, { Origin: 'https://evil.example' }).expect(403);
  expect(sessionOf(foreignOrigin)).toBeUndefined();
  expect(await t.db.session.count({ where: { userId: ada.userId } })).toBe(before);
});

it('returns to the page given as next (a path of this site only), which the login page carries in its form', async () => {
  const page = await t.http.get('/login').query({ next: '/projects/3/runs/7?q=pay' }).expect(200);
  expect(page.text).toContain('<input type="hidden" name="next" value="/projects/3/runs/7?q=pay">');
  const back = await t.http.post('/auth/token').type('form').send({ token: ada.token, next: '/projects/3/runs/7?q=pay' }).expect(303);
  expect(back.headers.location).toBe('/projects/3/runs/7?q=pay');
  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/login']) {
    const res = await t.http.post('/auth/token').type('form').send({ token: ada.token, next }).expect(303);
    expect(res.headers.location).toBe('/');
  }
  const foreign = await t.http.get('/login').query({ next: '//evil.example' }).expect(200);
  expect(foreign.text).not.toContain('name="next"');
  // A refusal keeps next in the form, for the second try.
  const refused = await t.http.post('/auth/token').type('form').send({ token: 'hello', next: '/tokens' }).expect(401);
  expect(refused.text).toContain('<input type="hidden" name="next" value="/tokens">');
});

it('answers JSON to the web app signing in again in place: the session, or the reason (401, 400)', async () => {
  const json = { Accept: 'application/json' };
  const res = await signIn(ada.token, json).expect(200);
  expect(res.body).toEqual({ data: { signedIn: true, userId: ada.userId }, status: 200 });
  await t.http
    .get('/api/v1/user/details')
    .set('Cookie', `user_session=${sessionOf(res)}`)
    .expect(200);
  const refused = await signIn('hello', json).expect(401);
  expect(refused.body).toEqual({
    error: 'This API token is not valid: it is unknown, revoked or expired.',
    status: 401,
    code: 'unauthorized',
  });
  expect(sessionOf(refused)).toBeUndefined();
  const empty = await signIn(' ', json).expect(400);
  expect(empty.body).toMatchObject({ error: 'Enter an API token.', code: 'validation_failed' });
});
