import { createTestApp, type TestApp } from '../support/app';
import { createUser, createWorld, type World } from '../support/factories';

// GET /project/activity: who created, changed, deleted or ran what in a project, by person and
// kind, from the tests' versions, the runs' results and the audit log, with titles and counts.

type Item = { id: number | null; title: string | null; count: number; at: string; fields?: string[]; statuses?: Record<string, number> };
type Group = { kind: string; count: number; subjects: number; items: Item[]; more: number };
type Person = { userId: number | null; userName: string | null; total: number; kinds: Group[] };
type Activity = { projectId: number; since: string; until: string; total: number; people: Person[]; morePeople: number };

let t: TestApp;
let w: World;
let p: number;
const tests: number[] = [];
let runId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  const user = t.as(w.user.token);
  const admin = t.as(w.admin.token);
  const added = await user
    .post('/test/bulk-add', {
      projectId: p,
      tests: ['Login works', 'Logout works', 'Cart keeps items', 'Old checkout'].map((title) => ({ title })),
    })
    .expect(201);
  tests.push(...(added.body.data.testIds as number[]));
  // The admin changes one test twice (title, then steps) and deletes two, one alone and one in bulk.
  await admin.put('/test/update', { testId: tests[0], title: 'Login works with SSO' }).expect(200);
  await admin.put('/test/update', { testId: tests[0], steps: 'Open the login page' }).expect(200);
  await admin.delete('/test/delete', { projectId: p, testId: tests[3] }).expect(200);
  // The user runs three tests and locks the run; the admin makes and deletes another run.
  runId = (await user.post('/run/create', { projectId: p, runName: 'Nightly 7', testIds: tests.slice(0, 3) }).expect(201)).body.data.runId;
  const testResults = [
    { testId: tests[0], status: 'passed' },
    { testId: tests[1], status: 'passed' },
    { testId: tests[2], status: 'failed' },
  ];
  await user.put('/run/update-test-status', { projectId: p, runId, testResults }).expect(200);
  await user.put('/run/lock', { projectId: p, runId }).expect(200);
  const scratch = (await admin.post('/run/create', { projectId: p, runName: 'Scratch run', testIds: [tests[1]] }).expect(201)).body.data
    .runId;
  await admin.delete('/run/delete', { projectId: p, runId: scratch }).expect(200);
  await admin.delete('/test/bulk-delete', { projectId: p, testIds: [tests[2]] }).expect(200);
});
afterAll(() => t.close());

const activity = async (query: Record<string, unknown>, token = w.reader.token): Promise<Activity> =>
  (
    await t
      .as(token)
      .get('/project/activity', { projectId: p, ...query })
      .expect(200)
  ).body.data;

const groupOf = (a: Activity, userId: number, kind: string): Group | undefined =>
  a.people.find((person) => person.userId === userId)?.kinds.find((g) => g.kind === kind);

describe('GET /project/activity', () => {
  it('tells who did what, by person and kind, with titles and counts', async () => {
    const a = await activity({ since: '1h' });
    expect(a.projectId).toBe(p);
    // since is read at validation, until (now) just after.
    expect(Math.abs(new Date(a.until).getTime() - new Date(a.since).getTime() - 3_600_000)).toBeLessThan(5000);
    expect(a.people.map((person) => person.userId).sort()).toEqual([w.user.userId, w.admin.userId].sort());
    const user = a.people.find((person) => person.userId === w.user.userId)!;
    expect(user.userName).toBe(`User ${w.user.email}`);
    expect(user.kinds.map((g) => g.kind)).toEqual(['test.created', 'run.created', 'run.results', 'run.locked']);
    expect(groupOf(a, w.user.userId, 'test.created')).toMatchObject({ count: 4, subjects: 4, more: 0 });
    expect(
      groupOf(a, w.user.userId, 'test.created')!
        .items.map((i) => i.title)
        .sort(),
    ).toEqual(['Cart keeps items', 'Login works with SSO', 'Logout works', 'Old checkout'].sort());
    expect(groupOf(a, w.user.userId, 'run.results')).toMatchObject({
      count: 3,
      items: [{ id: runId, title: 'Nightly 7', count: 3, statuses: { passed: 2, failed: 1 } }],
    });
    expect(groupOf(a, w.user.userId, 'run.locked')!.items).toMatchObject([{ id: runId, title: 'Nightly 7', count: 1 }]);
    expect(groupOf(a, w.admin.userId, 'test.changed')).toMatchObject({
      count: 2,
      items: [{ id: tests[0], title: 'Login works with SSO', count: 2 }],
    });
    expect(groupOf(a, w.admin.userId, 'test.changed')!.items[0].fields!.sort()).toEqual(['steps', 'title']);
    // The deleted tests by title (one deleted alone, one in bulk), the deleted run by its name.
    expect(
      groupOf(a, w.admin.userId, 'test.deleted')!
        .items.map((i) => i.title)
        .sort(),
    ).toEqual(['Cart keeps items', 'Old checkout']);
    expect(groupOf(a, w.admin.userId, 'run.deleted')!.items).toMatchObject([{ title: 'Scratch run' }]);
    // A deleted run takes its row along: its making is told by its deletion alone.
    expect(a.people.find((person) => person.userId === w.admin.userId)!.kinds.map((g) => g.kind)).toEqual([
      'test.changed',
      'test.deleted',
      'run.deleted',
    ]);
    expect(a.total).toBe(a.people.reduce((sum, person) => sum + person.total, 0));
    expect(user.total).toBe(4 + 1 + 3 + 1);
    expect(a.morePeople).toBe(0);
  });

  it('lists perKind records per group and counts the rest; people lists the most active', async () => {
    const a = await activity({ since: 'today', perKind: 1, people: 1 });
    expect(a.people).toHaveLength(1);
    expect(a.morePeople).toBe(1);
    // The user acted 9 times (4 tests, a run, 3 results, a lock), the admin 5 (2 versions, 2 tests and a run deleted).
    expect(a.people[0].userId).toBe(w.user.userId);
    expect(a.people[0].kinds.find((g) => g.kind === 'test.created')).toMatchObject({ subjects: 4, more: 3 });
    expect(a.people[0].kinds.every((g) => g.items.length === 1 && g.more === g.subjects - 1)).toBe(true);
  });

  it("narrows to one person's activity", async () => {
    const a = await activity({ since: '7d', userId: w.admin.userId });
    expect(a.people.map((person) => person.userId)).toEqual([w.admin.userId]);
    expect(a.total).toBe(a.people[0].total);
  });

  it('is empty for a span before anything happened, and takes dates, yesterday and ages', async () => {
    const a = await activity({ since: '2020-01-01', until: '2020-01-02T00:00:00Z' });
    expect(a).toMatchObject({ since: '2020-01-01T00:00:00.000Z', until: '2020-01-02T00:00:00.000Z', total: 0, people: [], morePeople: 0 });
    for (const since of ['yesterday', '24h', '7d', '2w', '90m', new Date(Date.now() - 60_000).toISOString()]) {
      expect((await activity({ since })).since).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
  });

  it('is readable by every role of the organization', async () => {
    for (const who of [w.reader, w.user, w.admin]) expect((await activity({ since: '1h' }, who.token)).total).toBeGreaterThan(0);
  });

  it("answers 404 for another organization's project, and to a non-member", async () => {
    const other = await t.as(w.admin.token).get('/project/activity', { projectId: w.projectB.projectId, since: '1h' }).expect(404);
    expect(other.body).toMatchObject({ error: 'Project not found', code: 'project_not_found' });
    const outsider = await createUser(t.db, 'Admin', []);
    const denied = await t.as(outsider.token).get('/project/activity', { projectId: p, since: '1h' });
    expect(denied.status).toBe(404);
    expect(denied.body).toMatchObject({ error: 'Project not found', code: 'project_not_found' });
    // A member of another organization only, whatever its role there.
    const readerB = await createUser(t.db, 'Reader', [w.orgB.orgId]);
    await t.as(readerB.token).get('/project/activity', { projectId: p, since: '1h' }).expect(404);
  });

  it('refuses bad moments and a since after until with 400 naming the field', async () => {
    const bad = async (query: Record<string, unknown>, text: RegExp) => {
      const res = await t
        .as(w.reader.token)
        .get('/project/activity', { projectId: p, ...query })
        .expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toMatch(text);
    };
    await bad({ since: 'soon' }, /since: Expected an ISO date-time .*yesterday/);
    await bad({ since: '2026-02-30' }, /since: Expected/);
    await bad({ since: '1h', until: 'someday' }, /until: Expected/);
    await bad({ since: '2026-02-02', until: '2026-02-01' }, /since: Must be before until \(2026-02-01T00:00:00.000Z\)/);
    await bad({ since: '2020-01-01', until: '2022-01-01' }, /since: At most 366 days before until/);
    await bad({}, /since: /);
    await bad({ since: '1h', perKind: '0' }, /perKind: Must be at least 1/);
  });
});
