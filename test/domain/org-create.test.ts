import { createSession } from '../../src/auth/sessions';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, createWorld, type World } from '../support/factories';

// POST /org/create: only an Admin of the installation (an Admin of its first organization)
// creates organizations, and becomes the new one's first Admin.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  // The world's first organization is the installation's first (the test database starts empty).
  const first = await t.db.organization.findFirstOrThrow({ orderBy: { orgId: 'asc' } });
  expect(first.orgId).toBe(w.orgA.orgId);
});
afterAll(() => t.close());

const orgsNamed = (orgName: string) => t.db.organization.findMany({ where: { orgName } });

it("creates the organization (201) with the caller as its Admin, who sees it at once, and audits it in the new organization's log", async () => {
  const res = await t.as(w.admin.token).post('/org/create', { orgName: '  Mobile team ' }).expect(201);
  expect(res.body).toEqual({ data: { orgId: expect.any(Number), orgName: 'Mobile team', createdAt: expect.any(String) }, status: 201 });
  const { orgId } = res.body.data;
  expect(await t.db.membership.findMany({ where: { orgId } })).toEqual([
    expect.objectContaining({ userId: w.admin.userId, role: 'Admin' }),
  ]);
  // A browser session reaches it at once (a token keeps the scope it was minted with).
  const cookie = `user_session=${(await createSession(t.db, w.admin.userId, 60 * 60_000)).secret}`;
  const orgs = await t.http.get('/api/v1/orgs').set('Cookie', cookie).expect(200);
  expect(orgs.body.data.map((o: { orgName: string }) => o.orgName)).toContain('Mobile team');
  // Recorded in its own log and in the first organization's, which the installation's Admins read.
  const entry = {
    action: 'org.created',
    actorId: w.admin.userId,
    targetType: 'organization',
    targetId: orgId,
    detail: { orgName: 'Mobile team' },
  };
  const own = await t.http.get('/api/v1/audit').query({ orgId }).set('Cookie', cookie).expect(200);
  expect(own.body.data.events).toEqual([expect.objectContaining(entry)]);
  const first = await t.as(w.admin.token).get('/audit', { orgId: w.orgA.orgId, action: 'org.created' }).expect(200);
  expect(first.body.data.events).toEqual([expect.objectContaining(entry)]);
});

it('is 403 for a Reader and a User of the first organization, and for an Admin of another one only, creating nothing', async () => {
  for (const caller of [w.reader, w.user, w.adminB]) {
    const res = await t.as(caller.token).post('/org/create', { orgName: 'Not allowed' }).expect(403);
    expect(res.body).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
  }
  // Admin elsewhere, only a User of the first organization.
  const mixed = await createMember(t.db, [
    [w.orgA.orgId, 'User'],
    [w.orgB.orgId, 'Admin'],
  ]);
  await t.as(mixed.token).post('/org/create', { orgName: 'Not allowed' }).expect(403);
  expect(await orgsNamed('Not allowed')).toEqual([]);
});

it('is 400 naming the field for a missing, blank, too long or unknown field, creating nothing', async () => {
  const before = await t.db.organization.count();
  const bad: [unknown, RegExp][] = [
    [{}, /^Invalid request: orgName: Required$/],
    [{ orgName: '   ' }, /^Invalid request: orgName: Must not be empty$/],
    [{ orgName: 'x'.repeat(101) }, /^Invalid request: orgName: At most 100 characters$/],
    [{ orgName: 'Ok', extra: 1 }, /Unknown field\(s\): extra/],
  ];
  for (const [body, message] of bad) {
    const res = await t.as(w.admin.token).post('/org/create', body).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
  }
  expect(await t.db.organization.count()).toBe(before);
});

it('is 409 duplicate_name for a name taken, in any organization', async () => {
  const res = await t.as(w.admin.token).post('/org/create', { orgName: w.orgB.orgName }).expect(409);
  expect(res.body).toEqual({ error: 'Organization already exists', status: 409, code: 'duplicate_name' });
  expect(await orgsNamed(w.orgB.orgName)).toHaveLength(1);
});
