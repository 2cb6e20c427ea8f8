import { Prisma } from '../../src/generated/prisma/client';
import { myWorkSql } from '../../src/domain/assignment/data';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, createUser, createWorld, type TestUser, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { runSnapshot, startRun } from '../support/run-factories';

// PUT /run/assign, the assignee filter of GET /run/tests, each assignee's share in the
// run's detail and state, GET /project/members and GET /my/work, over HTTP.

let t: TestApp;
let w: World;
let P: number;
let tester: TestUser;
let ids: { loose: number[]; checkout: number[]; cards: number[]; login: number[] };
let sections: { checkout: number; cards: number; login: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  P = w.projectA.projectId;
  tester = await createUser(t.db, 'User', [w.orgA.orgId]);
  const checkout = await createSection(t.db, P, 'Checkout');
  const cards = await createSection(t.db, P, 'Cards', checkout.sectionId);
  const login = await createSection(t.db, P, 'Login');
  sections = { checkout: checkout.sectionId, cards: cards.sectionId, login: login.sectionId };
  ids = {
    loose: await createTests(t.db, P, 2, () => ({}), 'Loose'),
    checkout: await createTests(t.db, P, 3, () => ({ sectionId: checkout.sectionId }), 'Pay'),
    cards: await createTests(t.db, P, 3, () => ({ sectionId: cards.sectionId }), 'Card'),
    login: await createTests(t.db, P, 4, () => ({ sectionId: login.sectionId }), 'Sign in'),
  };
});
afterAll(() => t.close());

const all = () => [...ids.loose, ...ids.checkout, ...ids.cards, ...ids.login];
const newRun = async (testIds = all()) => ({ runId: (await startRun(t, w.user.token, P, testIds)).runId, projectId: P });
const assign = (as: TestUser, body: object) => t.as(as.token).put('/run/assign', body);
const listed = async (run: object, query: Record<string, unknown>, as = w.reader) => {
  const res = await t
    .as(as.token)
    .get('/run/tests', { ...run, ...query })
    .expect(200);
  return {
    ids: res.body.data.tests.map((x: { testId: number }) => x.testId) as number[],
    total: res.body.data.total as number,
  };
};
const assigneeOf = async (runId: number) =>
  new Map((await t.db.runTest.findMany({ where: { runId } })).map((r) => [r.testId, r.assigneeId]));

describe('PUT /run/assign', () => {
  it('assigns listed tests to a member; GET /run/tests shows and filters by it (an id, me, none)', async () => {
    const run = await newRun();
    const res = await assign(w.user, { ...run, testIds: [ids.login[0], ids.loose[1]], assigneeId: tester.userId }).expect(200);
    expect(res.body.data).toEqual({ assigned: 2, assignees: [{ assigneeId: tester.userId, count: 2 }] });
    expect(await listed(run, { assigneeId: tester.userId })).toEqual({ ids: [ids.loose[1], ids.login[0]].sort((a, b) => a - b), total: 2 });
    expect(await listed(run, { assigneeId: 'me' }, tester)).toEqual({ ids: [ids.loose[1], ids.login[0]].sort((a, b) => a - b), total: 2 });
    expect(await listed(run, { assigneeId: 'me' }, w.user)).toEqual({ ids: [], total: 0 });
    expect((await listed(run, { assigneeId: 'none' })).total).toBe(all().length - 2);
    const page = await t
      .as(w.reader.token)
      .get('/run/tests', { ...run, assigneeId: tester.userId })
      .expect(200);
    expect(page.body.data.tests.map((x: { assigneeId: number | null }) => x.assigneeId)).toEqual([tester.userId, tester.userId]);
    // The filter goes with the others.
    expect(await listed(run, { assigneeId: tester.userId, sectionId: sections.login })).toEqual({ ids: [ids.login[0]], total: 1 });
  });

  it('answers assigneeId=me for the caller alone: no ETag, no kept answer sent to another', async () => {
    const run = await newRun([ids.login[1]]);
    await assign(w.admin, { ...run, testIds: [ids.login[1]], assigneeId: tester.userId }).expect(200);
    const mine = await t
      .as(tester.token)
      .get('/run/tests', { ...run, assigneeId: 'me' })
      .expect(200);
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body.data.total).toBe(1);
    const theirs = await t
      .as(w.user.token)
      .get('/run/tests', { ...run, assigneeId: 'me' })
      .expect(200);
    expect(theirs.body.data.total).toBe(0);
    const byId = await t
      .as(w.user.token)
      .get('/run/tests', { ...run, assigneeId: tester.userId })
      .expect(200);
    expect(byId.headers.etag).toBeDefined();
  });

  it("assigns a selection of the run's tests (a section with its subsections), and null takes it away", async () => {
    const run = await newRun([...ids.loose, ...ids.checkout, ...ids.cards]);
    const res = await assign(w.user, { ...run, sectionIds: [sections.checkout, sections.login], assigneeId: w.user.userId }).expect(200);
    // Login's tests are not in this run: only the run's tests are assigned.
    expect(res.body.data.assigned).toBe(6);
    expect(await listed(run, { assigneeId: w.user.userId })).toEqual({ ids: [...ids.checkout, ...ids.cards], total: 6 });
    await assign(w.user, { ...run, allTests: true, assigneeId: null }).expect(200);
    expect(await listed(run, { assigneeId: 'none' })).toEqual({ ids: [...ids.loose, ...ids.checkout, ...ids.cards], total: 8 });
  });

  it('distributes by section blocks, evenly and the same way every time; the run detail counts each share', async () => {
    const run = await newRun();
    const body = { ...run, allTests: true, distribute: [tester.userId, w.user.userId, w.admin.userId] };
    const res = await assign(w.user, body).expect(200);
    // 12 tests in tree order: loose (2), Checkout (3), Checkout > Cards (3), Login (4); shares of 4:
    // the cuts go to the section boundaries nearest 4 and 8, i.e. 5 and 8.
    expect(res.body.data).toEqual({
      assigned: 12,
      assignees: [
        { assigneeId: tester.userId, count: 5 },
        { assigneeId: w.user.userId, count: 3 },
        { assigneeId: w.admin.userId, count: 4 },
      ],
    });
    const first = await assigneeOf(run.runId);
    expect([...ids.loose, ...ids.checkout].map((id) => first.get(id))).toEqual(Array(5).fill(tester.userId));
    expect(ids.cards.map((id) => first.get(id))).toEqual(Array(3).fill(w.user.userId));
    expect(ids.login.map((id) => first.get(id))).toEqual(Array(4).fill(w.admin.userId));
    await assign(w.admin, body).expect(200);
    expect(await assigneeOf(run.runId)).toEqual(first);

    await t
      .as(tester.token)
      .put('/run/update-test-status', {
        ...run,
        testResults: [
          { testId: ids.loose[0], status: 'passed' },
          { testId: ids.checkout[0], status: 'retest' },
        ],
      })
      .expect(200);
    const shares = [
      { assigneeId: tester.userId, total: 5, done: 1 },
      { assigneeId: w.user.userId, total: 3, done: 0 },
      { assigneeId: w.admin.userId, total: 4, done: 0 },
    ].sort((a, b) => a.assigneeId - b.assigneeId);
    expect((await t.as(w.reader.token).get('/run/detail', run).expect(200)).body.data.assignees).toEqual(shares);
  });

  it('splits listed tests too, in tree order whatever order they come in', async () => {
    const run = await newRun();
    const testIds = [...ids.login].reverse().concat(ids.cards);
    const res = await assign(w.user, { ...run, testIds, distribute: [w.admin.userId, tester.userId] }).expect(200);
    expect(res.body.data.assignees).toEqual([
      { assigneeId: w.admin.userId, count: 3 },
      { assigneeId: tester.userId, count: 4 },
    ]);
    expect(await listed(run, { assigneeId: w.admin.userId })).toEqual({ ids: ids.cards, total: 3 });
    expect(await listed(run, { assigneeId: tester.userId })).toEqual({ ids: ids.login, total: 4 });
  });

  it('lets User and Admin assign, refuses a Reader (403)', async () => {
    const run = await newRun([ids.loose[0]]);
    const body = { ...run, testIds: [ids.loose[0]], assigneeId: w.reader.userId };
    await assign(w.user, body).expect(200);
    await assign(w.admin, body).expect(200);
    const denied = await assign(w.reader, body).expect(403);
    expect(denied.body.code).toBe('forbidden');
  });

  it("answers 404 for another organization's run or project, and writes nothing", async () => {
    const run = await newRun([ids.loose[0]]);
    const before = await runSnapshot(t.db, run.runId);
    const other = await assign(w.adminB, { ...run, testIds: [ids.loose[0]], assigneeId: w.adminB.userId }).expect(404);
    expect(other.body.code).toBe('project_not_found');
    const wrongProject = await assign(w.user, { ...run, projectId: w.projectB.projectId, testIds: [ids.loose[0]], assigneeId: null });
    expect([wrongProject.status, wrongProject.body.code]).toEqual([404, 'project_not_found']);
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);
  });

  it('refuses a user who is not a member of the organization (400 naming them), and writes nothing', async () => {
    const run = await newRun();
    await assign(w.user, { ...run, testIds: [ids.loose[0]], assigneeId: tester.userId }).expect(200);
    const before = await runSnapshot(t.db, run.runId);
    const one = await assign(w.user, { ...run, allTests: true, assigneeId: w.adminB.userId }).expect(400);
    expect(one.body).toEqual({
      error: `Invalid request: assigneeId: User ${w.adminB.userId} is not a member of the run's organization`,
      status: 400,
      code: 'assignee_not_member',
    });
    const several = await assign(w.user, { ...run, allTests: true, distribute: [tester.userId, w.adminB.userId, 2147483000] }).expect(400);
    expect(several.body).toEqual({
      error:
        `Invalid request: distribute.1: User ${w.adminB.userId} is not a member of the run's organization; ` +
        "distribute.2: User 2147483000 is not a member of the run's organization",
      status: 400,
      code: 'assignee_not_member',
    });
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);
  });

  it('refuses tests not in the run, a selection matching none of it, and ids of nothing (400), writing nothing', async () => {
    const run = await newRun(ids.loose);
    const before = await runSnapshot(t.db, run.runId);
    const outside = await assign(w.user, { ...run, testIds: [ids.loose[0], ids.login[0]], assigneeId: tester.userId }).expect(400);
    expect(outside.body).toMatchObject({
      error: `Invalid request: testIds.1: Test ${ids.login[0]} is not in the run`,
      code: 'invalid_reference',
    });
    const none = await assign(w.user, { ...run, sectionIds: [sections.login], assigneeId: tester.userId }).expect(400);
    expect(none.body.code).toBe('no_matching_tests');
    const unknown = await assign(w.user, { ...run, sectionIds: [2147483000], assigneeId: tester.userId }).expect(400);
    expect(unknown.body).toMatchObject({
      error: 'Invalid request: sectionIds.0: Section 2147483000 is not in the project',
      code: 'invalid_reference',
    });
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);
  });

  it('refuses a body without tests or assignee, or with both kinds of each (400 naming the field)', async () => {
    const run = await newRun([ids.loose[0]]);
    const cases: [object, string][] = [
      [{ assigneeId: tester.userId }, 'testIds: Required, or a selection: sectionIds, labelIds, priorityIds or allTests'],
      [{ testIds: [ids.loose[0]], allTests: true, assigneeId: null }, 'testIds: Give testIds or a selection, not both'],
      [{ testIds: [ids.loose[0]] }, 'assigneeId: Required (a user id, or null), or distribute'],
      [{ testIds: [ids.loose[0]], assigneeId: null, distribute: [tester.userId] }, 'distribute: Not with assigneeId'],
      [{ testIds: [ids.loose[0]], distribute: [tester.userId, tester.userId] }, 'distribute.1: Duplicate of distribute.0'],
      [{ testIds: [ids.loose[0]], distribute: [] }, 'distribute: At least one user'],
    ];
    for (const [body, message] of cases) {
      const res = await assign(w.user, { ...run, ...body }).expect(400);
      expect(res.body).toEqual({ error: `Invalid request: ${message}`, status: 400, code: 'validation_failed' });
    }
    const filter = await t
      .as(w.reader.token)
      .get('/run/tests', { ...run, assigneeId: 'someone' })
      .expect(400);
    expect(filter.body).toEqual({
      error: 'Invalid request: assigneeId: Expected a user id, me or none',
      status: 400,
      code: 'validation_failed',
    });
  });

  it('refuses a locked run (423) and writes nothing', async () => {
    const run = await newRun([ids.loose[0]]);
    await t.as(w.user.token).put('/run/lock', run).expect(200);
    const before = await runSnapshot(t.db, run.runId);
    const res = await assign(w.user, { ...run, allTests: true, assigneeId: tester.userId }).expect(423);
    expect(res.body.code).toBe('run_locked');
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);
  });
});

describe('GET /project/members', () => {
  it("lists the members of the project's organization by name, with their emails; another organization's project is 404", async () => {
    const res = await t.as(w.reader.token).get('/project/members', { projectId: P }).expect(200);
    const members = res.body.data as { userId: number; name: string; email: string }[];
    expect(members).toContainEqual({ userId: tester.userId, name: expect.any(String), email: tester.email });
    expect(members.map((m) => m.userId).sort((a, b) => a - b)).toEqual(
      [w.reader.userId, w.user.userId, w.admin.userId, tester.userId].sort((a, b) => a - b),
    );
    expect(members.map((m) => m.name.toLowerCase())).toEqual(members.map((m) => m.name.toLowerCase()).sort());
    const other = await t.as(w.reader.token).get('/project/members', { projectId: w.projectB.projectId }).expect(404);
    expect(other.body.code).toBe('project_not_found');
  });
});

describe('GET /my/work', () => {
  it("lists the caller's open runs with tests assigned to them, newest first, with counts, paged; locked runs drop out", async () => {
    const worker = await createMember(t.db, [[w.orgA.orgId, 'User']]);
    const older = await newRun([ids.loose[0], ids.login[0], ids.login[1]]);
    const newer = await newRun([ids.cards[0], ids.cards[1]]);
    const locked = await newRun([ids.cards[2]]);
    await newRun([ids.checkout[0]]); // nothing assigned to the worker
    await assign(w.user, { ...older, allTests: true, assigneeId: worker.userId }).expect(200);
    await assign(w.user, { ...newer, testIds: [ids.cards[0]], assigneeId: worker.userId }).expect(200);
    await assign(w.user, { ...locked, allTests: true, assigneeId: worker.userId }).expect(200);
    await t.as(w.user.token).put('/run/lock', locked).expect(200);
    await t
      .as(worker.token)
      .put('/run/update-test-status', { ...older, testResults: [{ testId: ids.login[0], status: 'failed' }] })
      .expect(200);

    const res = await t.as(worker.token).get('/my/work').expect(200);
    expect(res.body.data).toMatchObject({ total: 2, untested: 3, limit: 100, offset: 0 });
    expect(res.body.data.runs).toEqual([
      expect.objectContaining({
        runId: newer.runId,
        projectId: P,
        orgId: w.orgA.orgId,
        projectName: w.projectA.projectName,
        total: 1,
        done: 0,
        untested: 1,
      }),
      expect.objectContaining({ runId: older.runId, total: 3, done: 1, untested: 2 }),
    ]);
    const second = await t.as(worker.token).get('/my/work', { limit: 1, offset: 1 }).expect(200);
    expect(second.body.data.runs.map((r: { runId: number }) => r.runId)).toEqual([older.runId]);
    expect(second.body.data.total).toBe(2);
    // Others see their own work, not the worker's.
    const readerWork = await t.as(w.adminB.token).get('/my/work').expect(200);
    expect(readerWork.body.data).toMatchObject({ runs: [], total: 0, untested: 0 });
  });

  it('probes the work index once per open run, never reading the assignments of locked runs', async () => {
    const worker = await createMember(t.db, [[w.orgA.orgId, 'User']]);
    const open = await newRun();
    await assign(w.user, { ...open, allTests: true, assigneeId: worker.userId }).expect(200);
    for (let i = 0; i < 3; i++) {
      const locked = await newRun();
      await assign(w.user, { ...locked, allTests: true, assigneeId: worker.userId }).expect(200);
      await t.as(w.user.token).put('/run/lock', locked).expect(200);
    }
    await t.db.$executeRawUnsafe('VACUUM (ANALYZE) run_tests');
    const plan = await t.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${myWorkSql(worker.userId, [w.orgA.orgId], 100, 0)}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // Each scan of run_tests is the work index, bounded by the assignee and one run: an open one.
    const scans = plan.split('\n').filter((line) => /run_tests/.test(line));
    expect(scans).toEqual([expect.stringMatching(/Index Only Scan using run_tests_assignee_work_idx on run_tests/)]);
    expect(plan).toMatch(new RegExp(`Index Cond: \\(\\(assignee_id = (${worker.userId}|\\$\\d+)\\) AND \\(run_id = r\\.id\\)\\)`));
    const res = await t.as(worker.token).get('/my/work').expect(200);
    expect(res.body.data.runs.map((r: { runId: number }) => r.runId)).toEqual([open.runId]);
  });
});
