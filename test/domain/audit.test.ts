import { createTestApp, type TestApp } from '../support/app';
import { createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';

// The audit log: who deleted what, and when, in the organization it belonged to.

let t: TestApp;
let org: { orgId: number };
let admin: TestUser;
let user: TestUser;

const events = async (limit = 100) =>
  (await t.as(admin.token).get('/audit', { orgId: org.orgId, limit }).expect(200)).body.data.events as {
    action: string;
    actorId: number;
    targetType: string;
    targetId: number | null;
    detail: Record<string, unknown>;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.db);
  [admin, user] = await Promise.all([createUser(t.db, 'Admin', [org.orgId]), createUser(t.db, 'User', [org.orgId])]);
});
afterAll(() => t.close());

it('records deletions of tests, sections and projects with the actor, newest first', async () => {
  const project = await createProject(t.db, org.orgId, { projectName: 'Audited' });
  const { projectId } = project;
  const [one, two, three] = await createTests(t.db, projectId, 3);
  const section = await createSection(t.db, projectId, 'Old');
  const as = t.as(admin.token);
  await as.delete('/test/delete', { projectId, testId: one }).expect(200);
  await as.delete('/test/bulk-delete', { projectId, testIds: [two, three] }).expect(200);
  await as.delete('/project/delete-section', { sectionId: section.sectionId }).expect(200);
  await as.delete('/project/delete', { projectId }).expect(200);

  const [p, s, bulk, single] = (await events()).filter((e) => e.action.endsWith('.deleted'));
  expect(p).toMatchObject({
    action: 'project.deleted',
    actorId: admin.userId,
    targetType: 'project',
    targetId: projectId,
    detail: { projectName: 'Audited' },
  });
  expect(s).toMatchObject({ action: 'section.deleted', targetId: section.sectionId, detail: { projectId, sectionName: 'Old' } });
  expect(bulk).toMatchObject({ action: 'test.deleted', targetId: null, detail: { projectId, testIds: [two, three] } });
  expect(single).toMatchObject({ action: 'test.deleted', targetId: one, detail: { projectId } });
});

it('records nothing for a refused deletion', async () => {
  const before = (await events()).length;
  const { projectId } = await createProject(t.db, org.orgId);
  const [testId] = await createTests(t.db, projectId, 1);
  await t.as(user.token).delete('/test/delete', { projectId, testId }).expect(403);
  await t.as(admin.token).delete('/test/delete', { projectId, testId: 999999 }).expect(404);
  expect((await events()).length).toBe(before);
});

it('pages with limit and offset and refuses bad paging', async () => {
  const all = await events();
  const page = await t.as(admin.token).get('/audit', { orgId: org.orgId, limit: 1, offset: 1 }).expect(200);
  expect(page.body.data).toMatchObject({ total: all.length, limit: 1, offset: 1 });
  expect(page.body.data.events).toEqual([expect.objectContaining({ action: all[1].action })]);
  const bad = await t.as(admin.token).get('/audit', { orgId: org.orgId, offset: -1 }).expect(400);
  expect(bad.body.error).toContain('offset');
  await t.as(admin.token).get('/audit').expect(400, { error: 'Invalid request: orgId: Required', status: 400, code: 'validation_failed' });
});

it('records run reset, lock, unlock and deletion', async () => {
  const { projectId } = await createProject(t.db, org.orgId);
  const testIds = await createTests(t.db, projectId, 2);
  const run = await t.as(user.token).post('/run/create', { projectId, runName: 'Audited run', testIds }).expect(201);
  const { runId } = run.body.data;
  await t.as(user.token).put('/run/reset', { runId, projectId }).expect(200);
  await t.as(user.token).put('/run/lock', { runId, projectId }).expect(200);
  await t.as(admin.token).put('/run/unlock', { runId, projectId }).expect(200);
  await t.as(admin.token).delete('/run/delete', { runId, projectId }).expect(200);
  const runEvents = (await events()).filter((e) => e.targetType === 'run' && e.targetId === runId);
  expect(runEvents.map((e) => [e.action, e.actorId])).toEqual([
    ['run.deleted', admin.userId],
    ['run.unlocked', admin.userId],
    ['run.locked', user.userId],
    ['run.reset', user.userId],
  ]);
  expect(runEvents[0].detail).toEqual({ projectId, runName: 'Audited run' });
  expect(runEvents[3].detail).toEqual({ projectId, reset: 2 });
});

describe('filters: who acted, what kind, when', () => {
  let filterOrg: { orgId: number };
  let boss: TestUser;
  let other: TestUser;
  let before: string;
  let between: string;

  beforeAll(async () => {
    filterOrg = await createOrg(t.db);
    [boss, other] = await Promise.all([createUser(t.db, 'Admin', [filterOrg.orgId]), createUser(t.db, 'Admin', [filterOrg.orgId])]);
    const reader = await createUser(t.db, 'Reader', [filterOrg.orgId]);
    // Their tokens' entries come first; the span starts after them.
    await new Promise((r) => setTimeout(r, 50));
    before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    await t.as(boss.token).put('/user/update-role', { userId: reader.userId, role: 'User', orgId: filterOrg.orgId }).expect(200);
    await t.as(boss.token).post('/user/invite', { orgId: filterOrg.orgId, email: 'filter@example.test', role: 'Reader' }).expect(201);
    await new Promise((r) => setTimeout(r, 50));
    between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    await t.as(other.token).put('/user/update-role', { userId: reader.userId, role: 'Reader', orgId: filterOrg.orgId }).expect(200);
  });

  const page = async (query: Record<string, unknown>) =>
    (
      await t
        .as(boss.token)
        .get('/audit', { orgId: filterOrg.orgId, ...query })
        .expect(200)
    ).body.data as {
      events: { action: string; actorId: number }[];
      total: number;
    };

  it('narrows to one person, one kind, a span of time, and all of them at once, with the total of what matches', async () => {
    const mine = await page({ actorId: boss.userId });
    expect(mine.events.map((e) => e.action)).toEqual(['user.invited', 'user.role-changed']);
    expect(mine.total).toBe(2);
    const roles = await page({ action: 'user.role-changed' });
    expect(roles.events.map((e) => e.actorId)).toEqual([other.userId, boss.userId]);
    expect((await page({ from: between })).events.map((e) => e.actorId)).toEqual([other.userId]);
    expect((await page({ from: before, to: between })).total).toBe(2);
    expect((await page({ actorId: boss.userId, action: 'user.role-changed', from: before, to: between })).total).toBe(1);
    expect(await page({ action: 'run.deleted' })).toMatchObject({ events: [], total: 0 });
  });

  it('pages through a filtered log', async () => {
    const first = await page({ action: 'user.role-changed', limit: 1 });
    const second = await page({ action: 'user.role-changed', limit: 1, offset: 1 });
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([first.events[0].actorId, second.events[0].actorId]).toEqual([other.userId, boss.userId]);
  });

  it('is 400 naming the field for a bad filter', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ actorId: 'me' }, /^Invalid request: actorId: /],
      [{ action: 'user.deleted' }, /^Invalid request: action: /],
      [{ from: 'yesterday' }, /^Invalid request: from: Expected an ISO date-time/],
      [{ to: '2026-13-01' }, /^Invalid request: to: Expected an ISO date-time/],
    ];
    for (const [query, message] of bad) {
      const res = await t
        .as(boss.token)
        .get('/audit', { orgId: filterOrg.orgId, ...query })
        .expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
    }
  });

  it("is 404 for another organization's log and 403 for a member who is not Admin", async () => {
    await t.as(admin.token).get('/audit', { orgId: filterOrg.orgId, actorId: boss.userId }).expect(404);
    await t.as(user.token).get('/audit', { orgId: org.orgId, action: 'user.invited' }).expect(403);
  });
});
