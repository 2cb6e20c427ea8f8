import { noteOrgChange } from '../../src/domain/orgs/data';
import { noteUserChange } from '../../src/domain/users/data';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser, type TestUser } from '../support/factories';
import { cookieValue } from '../support/oauth-login';

// A browser session started from an API token ("Sign in with an API
// token") ends when the token is revoked or expires, and has exactly the token's
// rights and organization scope, never more.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => t.close());

async function sessionFrom(token: string): Promise<string> {
  const res = await t.http.post('/auth/token').set('Sec-Fetch-Site', 'same-origin').type('form').send({ token }).expect(303);
  return `user_session=${cookieValue(res.headers['set-cookie'] as unknown as string[], 'user_session')}`;
}
const get = (cookie: string, path: string, query: Record<string, unknown> = {}) =>
  t.http
    .get(`/api/v1${path}`)
    .query(query as Record<string, string>)
    .set('Cookie', cookie);
const post = (cookie: string, path: string, body: object) =>
  t.http.post(`/api/v1${path}`).set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').send(body);

let reader: TestUser;
let orgId: number;
beforeAll(async () => {
  orgId = (await createOrg(t.db)).orgId;
  reader = await createUser(t.db, 'Reader', [orgId]);
});

it('ends when its token is revoked', async () => {
  const cookie = await sessionFrom(reader.token);
  await get(cookie, '/orgs').expect(200);
  const spare = (await t.db.apiToken.findUniqueOrThrow({ where: { tokenId: reader.tokenId } })).tokenId;
  await t.as(reader.token).delete('/token/delete', { tokenId: spare }).expect(200);
  await get(cookie, '/orgs').expect(401);
  await get(cookie, '/user/details').expect(401);
  // The web app's own pages are refused too: back to the login page.
  const page = await t.http.get('/projects').set('Cookie', cookie).set('Accept', 'text/html');
  expect(page.status).toBe(302);
  expect(page.headers.location).toBe('/login?next=%2Fprojects');
});

it('ends when its token expires, and its cookie expires no later than the token', async () => {
  const org = await createOrg(t.db);
  const user = await createUser(t.db, 'User', [org.orgId]);
  const expiresAt = new Date(Date.now() + 60 * 60_000);
  await t.db.apiToken.update({ where: { tokenId: user.tokenId }, data: { expiresAt } });
  const res = await t.http.post('/auth/token').set('Sec-Fetch-Site', 'same-origin').type('form').send({ token: user.token }).expect(303);
  const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('user_session='))!;
  expect(new Date(/Expires=([^;]+)/.exec(setCookie)![1]).getTime()).toBeLessThanOrEqual(expiresAt.getTime());
  const cookie = `user_session=${cookieValue(res.headers['set-cookie'] as unknown as string[], 'user_session')}`;
  await get(cookie, '/orgs').expect(200);
  await t.db.apiToken.update({ where: { tokenId: user.tokenId }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await get(cookie, '/orgs').expect(401);
});

it("cannot mint tokens when the token alone may not (a Reader's): 403 in the session, 401 with the token, nothing minted", async () => {
  const org = await createOrg(t.db);
  const someone = await createUser(t.db, 'Reader', [org.orgId]);
  const cookie = await sessionFrom(someone.token);
  await t.as(someone.token).post('/token/generate', { userId: someone.userId }).expect(401);
  await post(cookie, '/token/generate', { userId: someone.userId }).expect(403, {
    error: 'Forbidden - User does not have access',
    status: 403,
    code: 'forbidden',
  });
  expect(await t.db.apiToken.count({ where: { userId: someone.userId } })).toBe(1);
});

it("may mint where the token may (an Admin's), within the token's scope", async () => {
  const a = await createOrg(t.db);
  const b = await createOrg(t.db);
  const admin = await createUser(t.db, 'Admin', [a.orgId]);
  const cookie = await sessionFrom(admin.token);
  // A membership gained after the token was minted stays outside the session too.
  await t.db.membership.create({ data: { userId: admin.userId, orgId: b.orgId, role: 'Admin' } });
  await noteUserChange(t.db, admin.userId);
  await noteOrgChange(t.db, [b.orgId]);
  const minted = await post(cookie, '/token/generate', { userId: admin.userId }).expect(201);
  expect(minted.body.data.orgIds).toEqual([a.orgId]);
  await get(cookie, '/org/detail', { orgId: b.orgId }).expect(404);
  await get(cookie, '/audit', { orgId: b.orgId }).expect(404);
  const me = await get(cookie, '/user/details').expect(200);
  expect(me.body.data.memberships).toEqual([{ orgId: a.orgId, role: 'Admin' }]);
  // Its acts name the token in the audit log.
  await post(cookie, '/user/invite', { orgId: a.orgId, email: 'via-session@example.test', role: 'Reader' }).expect(201);
  const entry = await t.db.auditEvent.findFirstOrThrow({ where: { orgId: a.orgId, action: 'user.invited' } });
  expect(entry).toMatchObject({ actorId: admin.userId, tokenId: admin.tokenId });
});
