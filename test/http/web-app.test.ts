import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser, type TestUser } from '../support/factories';
import { cookieValue } from '../support/oauth-login';
import { ensureWebBuild } from '../web/support/web-build';

// The web app at `/`: index.html for every client-side route of a signed-in browser,
// hashed assets cached for good, the server's own paths untouched.

let t: TestApp;
let user: TestUser;
let cookie: string;
const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp();
  user = await createUser(t.db, 'Reader', [(await createOrg(t.db)).orgId]);
  const res = await t.http.post('/auth/token').type('form').send({ token: user.token }).expect(303);
  cookie = `user_session=${cookieValue(res.headers['set-cookie'] as unknown as string[], 'user_session')}`;
});
afterAll(() => t.close());

it.each(['/', '/projects', '/projects/12/catalog', '/projects/12/runs/3/report', '/tokens', '/users'])(
  'answers %s with the app (index.html, revalidated every time) for a signed-in browser',
  async (path) => {
    const res = await t.http.get(path).set(html).set('Cookie', cookie).expect(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  },
);

it('sends a browser without a session (or with an ended one) to /login, to come back to the same page', async () => {
  const anonymous = await t.http.get('/projects/1/runs/2?q=pay').set(html).expect(302);
  expect(anonymous.headers.location).toBe('/login?next=%2Fprojects%2F1%2Fruns%2F2%3Fq%3Dpay');
  const ended = await t.http.get('/tokens').set(html).set('Cookie', 'user_session=not-a-session').expect(302);
  expect(ended.headers.location).toBe('/login?next=%2Ftokens');
  expect((await t.http.get('/').set(html).expect(302)).headers.location).toBe('/login');
});

it('serves the hashed assets with a year-long immutable cache, and 404 for an unknown one', async () => {
  const index = await t.http.get('/').set(html).set('Cookie', cookie).expect(200);
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.text)![1];
  const res = await t.http.get(script).expect(200);
  expect(res.headers['content-type']).toMatch(/javascript/);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  await t.http.get('/assets/nothing-here.js').expect(404);
});

it("leaves the server's own paths and non-HTML requests alone", async () => {
  await t.http
    .get('/login')
    .set(html)
    .expect(200)
    .expect((r) => expect(r.text).toContain('API token'));
  await t.http
    .get('/healthz')
    .set(html)
    .expect(200, { data: { ok: true }, status: 200 });
  const api = await t.http.get('/api/v1/no-such-route').set(html).set('Cookie', cookie).expect(404);
  expect(api.body).toEqual({ error: 'Route not found', status: 404, code: 'route_not_found' });
  // A script asking for JSON at an app path gets the API's 404, not a page.
  await t.http.get('/projects').set('Accept', 'application/json').set('Cookie', cookie).expect(404);
  await t.http.post('/projects').set(html).set('Cookie', cookie).expect(404);
});
