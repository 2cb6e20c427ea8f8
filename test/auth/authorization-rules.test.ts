import { createSession } from '../../src/auth/sessions';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, createWorld, type World } from '../support/factories';

// The seven authorization rules of the service description, literally.
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const FORBIDDEN = { error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' };
const UNAUTHORIZED = { error: 'Unauthorized - Please login', status: 401, code: 'unauthorized' };

it('1-2. a request without a token or cookie, or with an invalid one, is 401', async () => {
  await t.http.get('/api/v1/projects').query({ orgId: w.orgA.orgId }).expect(401, UNAUTHORIZED);
  await t.as('cb_not-a-real-token').get('/projects', { orgId: w.orgA.orgId }).expect(401, UNAUTHORIZED);
  await t.http.get('/api/v1/projects').query({ orgId: w.orgA.orgId }).set('Cookie', 'user_session=forged').expect(401, UNAUTHORIZED);
  await t.http.get('/api/v1/projects').query({ orgId: w.orgA.orgId }).set('Authorization', 'Basic abc').expect(401, UNAUTHORIZED);
});

it('1. a token in the query string is never accepted', async () => {
  for (const name of ['token', 'access_token', 'apiKey']) {
    await t.http
      .get('/api/v1/orgs')
      .query({ [name]: w.admin.token })
      .expect(401, UNAUTHORIZED);
  }
});

it('3-4. Reader may GET /projects and /project/tests; may not POST /test/create or DELETE /test/delete (403)', async () => {
  const reader = t.as(w.reader.token);
  await reader.get('/projects', { orgId: w.orgA.orgId }).expect(200);
  await reader.get('/project/tests', { projectId: w.projectA.projectId }).expect(200);
  await reader.post('/test/create', { projectId: w.projectA.projectId, title: 'nope' }).expect(403, FORBIDDEN);
  const test = await t.db.test.create({ data: { projectId: w.projectA.projectId, title: 'kept' } });
  await reader.delete('/test/delete', { testId: test.testId, projectId: w.projectA.projectId }).expect(403, FORBIDDEN);
  expect(await t.db.test.count({ where: { projectId: w.projectA.projectId, title: 'nope' } })).toBe(0);
  expect((await t.db.test.findUniqueOrThrow({ where: { testId: test.testId } })).deletedAt).toBeNull();
});

it('5. User may create and update tests and create runs; may not delete projects or change roles', async () => {
  const user = t.as(w.user.token);
  const created = await user.post('/test/create', { projectId: w.projectA.projectId, title: 'by user' }).expect(201);
  const testId = created.body.data.testId;
  await user.put('/test/update', { testId, title: 'by user, edited' }).expect(200);
  await user.post('/run/create', { projectId: w.projectA.projectId, runName: 'R1', testIds: [testId] }).expect(201);
  await user.delete('/project/delete', { projectId: w.projectA.projectId }).expect(403, FORBIDDEN);
  await user.put('/user/update-role', { userId: w.reader.userId, role: 'Admin' }).expect(403, FORBIDDEN);
  expect(
    (await t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId: w.reader.userId, orgId: w.orgA.orgId } } })).role,
  ).toBe('Reader');
});

it('6. Admin may delete tests, change roles and generate tokens', async () => {
  const admin = t.as(w.admin.token);
  const test = await t.db.test.create({ data: { projectId: w.projectA.projectId, title: 'to delete' } });
  await admin.delete('/test/delete', { testId: test.testId, projectId: w.projectA.projectId }).expect(200);
  const target = await createUser(t.db, 'Reader', [w.orgA.orgId]);
  const promoted = await admin.put('/user/update-role', { userId: target.userId, role: 'User' }).expect(200);
  expect(promoted.body.data).toMatchObject({ userId: target.userId, role: 'User' });
  const cookie = `user_session=${(await createSession(t.db, w.admin.userId, 60_000)).secret}`;
  const token = await t.http.post('/api/v1/token/generate').set('Cookie', cookie).send({ userId: target.userId }).expect(201);
  expect(token.body.data.userId).toBe(target.userId);
  await t.as(token.body.data.token).get('/user/details').expect(200);
});

it('7. a non-admin calling GET /all-users receives 403', async () => {
  await t.as(w.reader.token).get('/all-users').expect(403, FORBIDDEN);
  await t.as(w.user.token).get('/all-users').expect(403, FORBIDDEN);
  const all = await t.as(w.admin.token).get('/all-users').expect(200);
  expect(all.body.data.total).toBeGreaterThanOrEqual(3);
});
