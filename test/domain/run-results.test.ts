import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { countedStatuses, runSnapshot, startRun } from '../support/run-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;

async function newRun(count: number) {
  const ids = await createTests(t.db, w.projectA.projectId, count);
  const run = await startRun(t, w.user.token, w.projectA.projectId, ids);
  return { ids, runId: run.runId, q: { runId: run.runId, projectId: w.projectA.projectId } };
}

describe('PUT /run/update-test-status', () => {
  it('refuses bad entries with 400 naming them, writing nothing', async () => {
    const { ids, runId, q } = await newRun(3);
    const [outsider] = await createTests(t.db, w.projectA.projectId, 1);
    const before = await runSnapshot(t.db, runId);
    const cases: [unknown, string][] = [
      [
        [
          { testId: ids[0], status: 'passed' },
          { testId: ids[1], status: 'done' },
        ],
        'testResults.1.status: Expected one of passed, failed, blocked, retest, untested',
      ],
      [[{ testId: ids[0], status: 'passed' }, { testId: ids[1] }], 'testResults.1.status: Required'],
      [
        [
          { testId: ids[0], status: 'passed' },
          { testId: ids[1], status: 'failed' },
          { testId: outsider, status: 'failed' },
        ],
        `testResults.2.testId: Test ${outsider} is not in the run`,
      ],
      [
        [
          { testId: ids[0], status: 'passed' },
          { testId: ids[1], status: 'failed' },
          { testId: ids[2], status: 'failed' },
          { testId: ids[0], status: 'blocked' },
        ],
        'testResults.3.testId: Duplicate of testResults.0.testId',
      ],
      [[{ testId: ids[0], status: 'passed', comment: 5 }], 'testResults.0.comment'],
      [[{ testId: -1, status: 'passed' }], 'testResults.0.testId'],
      [[], 'testResults: At least one result'],
      [Array.from({ length: 5001 }, (_, i) => ({ testId: i + 1, status: 'passed' })), 'testResults: At most 5000 results'],
    ];
    for (const [testResults, message] of cases) {
      const res = await t
        .as(w.user.token)
        .put('/run/update-test-status', { ...q, testResults })
        .expect(400);
      expect(res.body.error).toContain(message);
    }
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/update-test-status', { ...q })
          .expect(400)
      ).body.error,
    ).toContain('testResults: Required');
    expect(await runSnapshot(t.db, runId)).toEqual(before);
  });

  it('is 403 for a Reader and 404 for another organization', async () => {
    const { ids, runId, q } = await newRun(1);
    const body = { ...q, testResults: [{ testId: ids[0], status: 'passed' }] };
    await t.as(w.reader.token).put('/run/update-test-status', body).expect(403);
    expect((await t.as(w.adminB.token).put('/run/update-test-status', body).expect(404)).body.error).toBe('Project not found');
    expect(
      (
        await t
          .as(w.adminB.token)
          .put('/run/update-test-status', { ...body, projectId: w.projectB.projectId })
          .expect(404)
      ).body.error,
    ).toBe('Run not found');
    expect(await countedStatuses(t.db, runId)).toMatchObject({ untested: 1 });
  });

  it('appends one history entry per change, with status, comment, user and time', async () => {
    const { ids, runId, q } = await newRun(2);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[0], status: 'failed', comment: 'first try' }] })
      .expect(200);
    await t
      .as(w.admin.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [
          { testId: ids[0], status: 'failed', comment: 'still' },
          { testId: ids[1], status: 'passed' },
        ],
      })
      .expect(200);
    const res = await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: ids[0] }).expect(200);
    expect(res.body.data.map((h: { status: string; comment: string | null; userId: number }) => [h.status, h.comment, h.userId])).toEqual([
      ['failed', 'still', w.admin.userId],
      ['failed', 'first try', w.user.userId],
      ['untested', null, w.user.userId],
    ]);
    const times = res.body.data.map((h: { createdAt: string }) => Date.parse(h.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const current = await t.db.runTest.findUnique({ where: { runId_testId: { runId, testId: ids[0] } } });
    expect(current).toMatchObject({ status: 'failed', comment: 'still', updatedBy: w.admin.userId });
    // The catalog's history of the test across runs is fed by the same rows.
    expect(await t.db.statusHistory.count({ where: { testId: ids[0] } })).toBe(3);
  });

  it('keeps the counters equal to the statuses held, through updates, removals and resets', async () => {
    const { ids, runId, q } = await newRun(12);
    const user = t.as(w.user.token);
    await user
      .put('/run/update-test-status', { ...q, testResults: ids.map((testId, i) => ({ testId, status: STATUSES[i % 5] })) })
      .expect(200);
    await user
      .put('/run/update-test-status', { ...q, testResults: ids.slice(0, 4).map((testId) => ({ testId, status: 'blocked' })) })
      .expect(200);
    const check = async () => {
      const state = (await t.as(w.reader.token).get('/run/state-detail', q).expect(200)).body.data;
      const { runId: _id, locked: _l, ...counts } = state;
      expect(counts).toEqual(await countedStatuses(t.db, runId));
      return counts;
    };
    expect(await check()).toEqual({ total: 12, passed: 2, failed: 2, blocked: 5, retest: 1, untested: 2 });
    const removed = await user.put('/run/remove-tests', { ...q, testIds: [ids[4], ids[9], ids[0]] }).expect(200);
    expect(removed.body.data).toEqual({ removed: 3 });
    expect(await check()).toEqual({ total: 9, passed: 2, failed: 2, blocked: 4, retest: 1, untested: 0 });
    await user.put('/run/reset', q).expect(200);
    expect(await check()).toEqual({ total: 9, passed: 0, failed: 0, blocked: 0, retest: 9, untested: 0 });
  });

  it('loses nothing under 20 concurrent updates of one run: all in the history, the last committed is current', async () => {
    const { ids, runId, q } = await newRun(21);
    const shared = ids[0];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.as(w.user.token).put('/run/update-test-status', {
          ...q,
          testResults: [
            { testId: shared, status: STATUSES[i % 4], comment: `update ${i}` },
            { testId: ids[i + 1], status: 'passed', comment: `own ${i}` },
          ],
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const history = (await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: shared }).expect(200)).body.data;
    expect(history).toHaveLength(21);
    expect(
      history
        .slice(0, 20)
        .map((h: { comment: string }) => h.comment)
        .sort(),
    ).toEqual(Array.from({ length: 20 }, (_, i) => `update ${i}`).sort());
    const current = (
      await t
        .as(w.reader.token)
        .get('/run/tests', { ...q, limit: 1 })
        .expect(200)
    ).body.data.tests[0];
    expect(current.testId).toBe(shared);
    expect([current.status, current.comment]).toEqual([history[0].status, history[0].comment]);
    // History ids follow commit order, and so do their times.
    const times = history.map((h: { createdAt: string }) => Date.parse(h.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const counts = await countedStatuses(t.db, runId);
    expect(counts).toMatchObject({ total: 21, passed: 20 + (current.status === 'passed' ? 1 : 0) });
    const state = (await t.as(w.reader.token).get('/run/state-detail', q).expect(200)).body.data;
    expect(state).toMatchObject(counts);
  });

  it('takes 5000 results in one call', async () => {
    const { ids, q } = await newRun(5000);
    const res = await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: ids.map((testId) => ({ testId, status: 'passed' })) })
      .expect(200);
    expect(res.body.data).toEqual({ updated: 5000 });
    expect((await t.as(w.reader.token).get('/run/state-detail', q).expect(200)).body.data).toMatchObject({
      total: 5000,
      passed: 5000,
      untested: 0,
    });
  });
});

describe('PUT /run/reset and PUT /run/remove-tests', () => {
  it('reset is User or above; 404 across organizations', async () => {
    const { runId, q } = await newRun(2);
    await t.as(w.reader.token).put('/run/reset', q).expect(403);
    expect((await t.as(w.adminB.token).put('/run/reset', q).expect(404)).body.error).toBe('Project not found');
    expect(await countedStatuses(t.db, runId)).toMatchObject({ untested: 2, retest: 0 });
  });

  it('removes tests but keeps their history; a test not in the run is 400 and nothing is removed', async () => {
    const { ids, runId, q } = await newRun(3);
    const [outsider] = await createTests(t.db, w.projectA.projectId, 1);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[1], status: 'failed', comment: 'broken' }] })
      .expect(200);
    await t
      .as(w.reader.token)
      .put('/run/remove-tests', { ...q, testIds: [ids[1]] })
      .expect(403);
    const before = await runSnapshot(t.db, runId);
    const bad = await t
      .as(w.user.token)
      .put('/run/remove-tests', { ...q, testIds: [ids[1], outsider] })
      .expect(400);
    expect(bad.body.error).toBe(`Invalid request: testIds.1: Test ${outsider} is not in the run`);
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/remove-tests', { ...q, testIds: [ids[1], ids[1]] })
          .expect(400)
      ).body.error,
    ).toContain('testIds.1: Duplicate of testIds.0');
    expect(await runSnapshot(t.db, runId)).toEqual(before);

    await t
      .as(w.user.token)
      .put('/run/remove-tests', { ...q, testIds: [ids[1]] })
      .expect(200);
    const listed = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data;
    expect(listed.tests.map((x: { testId: number }) => x.testId)).toEqual([ids[0], ids[2]]);
    expect(listed.total).toBe(2);
    const history = (await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: ids[1] }).expect(200)).body.data;
    expect(history.map((h: { status: string }) => h.status)).toEqual(['failed', 'untested']);
    // Removed means gone from the run: a status update of it is now 400.
    const upd = await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[1], status: 'passed' }] })
      .expect(400);
    expect(upd.body.error).toBe(`Invalid request: testResults.0.testId: Test ${ids[1]} is not in the run`);
  });
});

describe('PUT /run/add-tests', () => {
  it('adds tests as untested, leaves those already in the run as they are, keeps the counters right', async () => {
    const { ids, runId, q } = await newRun(2);
    const [c, d] = await createTests(t.db, w.projectA.projectId, 2);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[0], status: 'failed', comment: 'boom' }] })
      .expect(200);
    const res = await t
      .as(w.user.token)
      .put('/run/add-tests', { ...q, testIds: [d, ids[0], c] })
      .expect(200);
    expect(res.body).toEqual({ data: { added: 2, total: 4 }, status: 200 });
    const tests = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data.tests;
    expect(tests.map((x: { testId: number; status: string; comment: string | null }) => [x.testId, x.status, x.comment])).toEqual([
      [ids[0], 'failed', 'boom'],
      [ids[1], 'untested', null],
      [c, 'untested', null],
      [d, 'untested', null],
    ]);
    const state = (await t.as(w.reader.token).get('/run/state-detail', q).expect(200)).body.data;
    expect(state).toEqual({ runId, locked: false, ...(await countedStatuses(t.db, runId)) });
    expect(state).toMatchObject({ total: 4, failed: 1, untested: 3 });
    // One history entry per added test, by test id; none for the test already there.
    const history = await t.db.statusHistory.findMany({ where: { runId }, orderBy: { id: 'asc' } });
    expect(history.slice(-2).map((h) => [h.testId, h.status, h.userId])).toEqual([
      [c, 'untested', w.user.userId],
      [d, 'untested', w.user.userId],
    ]);
    expect(history.filter((h) => h.testId === ids[0]).map((h) => h.status)).toEqual(['untested', 'failed']);

    // Again: nothing new to add.
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/add-tests', { ...q, testIds: [c, d] })
          .expect(200)
      ).body.data,
    ).toEqual({ added: 0, total: 4 });
    expect(await t.db.statusHistory.count({ where: { runId } })).toBe(history.length);
  });

  it('refuses bad test ids with 400 naming them, writing nothing', async () => {
    const { runId, q } = await newRun(1);
    const [fresh, gone] = await createTests(t.db, w.projectA.projectId, 2);
    await t.db.test.update({ where: { testId: gone }, data: { deletedAt: new Date() } });
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    const before = await runSnapshot(t.db, runId);
    const cases: [unknown, string][] = [
      [
        [fresh, foreign, gone],
        `Invalid request: testIds.1: Test ${foreign} is not in the project; testIds.2: Test ${gone} is not in the project`,
      ],
      [[fresh, fresh], 'testIds.1: Duplicate of testIds.0'],
      [[], 'testIds: At least one test'],
      [['1'], 'testIds.0: Expected number'],
    ];
    for (const [testIds, message] of cases) {
      const res = await t
        .as(w.user.token)
        .put('/run/add-tests', { ...q, testIds })
        .expect(400);
      expect(res.body.error).toContain(message);
    }
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/add-tests', { runId, testIds: [fresh] })
          .expect(400)
      ).body.error,
    ).toContain('projectId: Required');
    expect(await runSnapshot(t.db, runId)).toEqual(before);
  });

  it('is 423 on a locked run, 404 for another organization or an unknown run, 403 for a Reader', async () => {
    const { runId, q } = await newRun(1);
    const [fresh] = await createTests(t.db, w.projectA.projectId, 1);
    await t
      .as(w.reader.token)
      .put('/run/add-tests', { ...q, testIds: [fresh] })
      .expect(403);
    expect(
      (
        await t
          .as(w.adminB.token)
          .put('/run/add-tests', { ...q, testIds: [fresh] })
          .expect(404)
      ).body,
    ).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/add-tests', { ...q, runId: runId + 1000, testIds: [fresh] })
          .expect(404)
      ).body.error,
    ).toBe('Run not found');
    await t.as(w.user.token).put('/run/lock', q).expect(200);
    const before = await runSnapshot(t.db, runId);
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/add-tests', { ...q, testIds: [fresh] })
          .expect(423)
      ).body,
    ).toEqual({ error: 'Run is locked', status: 423, code: 'run_locked' });
    expect(await runSnapshot(t.db, runId)).toEqual(before);
  });
});

describe('reads of the tests in a run', () => {
  it('GET /run/tests pages by test id, filters by status, totals per filter', async () => {
    const { ids, q } = await newRun(7);
    await t.db.test.update({ where: { testId: ids[6] }, data: { deletedAt: new Date() } });
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [0, 2, 4, 6].map((i) => ({ testId: ids[i], status: 'passed', comment: `ok ${i}` })),
      })
      .expect(200);
    const reader = t.as(w.reader.token);
    const page = (await reader.get('/run/tests', { ...q, limit: 3, offset: 2 }).expect(200)).body.data;
    expect(page).toMatchObject({ total: 7, limit: 3, offset: 2 });
    expect(page.tests.map((x: { testId: number }) => x.testId)).toEqual(ids.slice(2, 5));
    const passed = (await reader.get('/run/tests', { ...q, status: 'passed' }).expect(200)).body.data;
    expect(passed.total).toBe(4);
    expect(passed.tests.map((x: { testId: number; comment: string }) => [x.testId, x.comment])).toEqual(
      [0, 2, 4, 6].map((i) => [ids[i], `ok ${i}`]),
    );
    // A test deleted from the catalog stays in the run, marked.
    expect(passed.tests[3]).toMatchObject({ testId: ids[6], deleted: true, title: 'Test 6' });
    expect((await reader.get('/run/tests', { ...q, offset: 50 }).expect(200)).body.data.tests).toEqual([]);
    for (const bad of [{ status: 'done' }, { limit: 1001 }, { offset: -1 }, { runId: 'x' }]) {
      const res = await reader.get('/run/tests', { ...q, ...bad }).expect(400);
      expect(res.body.error).toContain(Object.keys(bad)[0]);
    }
  });

  it('GET /run/test-status pages all tests or one status', async () => {
    const { ids, q } = await newRun(4);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[3], status: 'blocked' }] })
      .expect(200);
    const all = (await t.as(w.reader.token).get('/run/test-status', q).expect(200)).body.data;
    expect(all).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(all.tests.map((x: { testId: number; status: string }) => [x.testId, x.status])).toEqual([
      [ids[0], 'untested'],
      [ids[1], 'untested'],
      [ids[2], 'untested'],
      [ids[3], 'blocked'],
    ]);
    const blocked = (
      await t
        .as(w.reader.token)
        .get('/run/test-status', { ...q, status: 'blocked' })
        .expect(200)
    ).body.data;
    expect(blocked.tests.map((x: { testId: number }) => x.testId)).toEqual([ids[3]]);
    expect(
      (
        await t
          .as(w.reader.token)
          .get('/run/test-status', { ...q, status: 'failed' })
          .expect(200)
      ).body.data,
    ).toMatchObject({ tests: [], total: 0 });
    expect((await t.as(w.adminB.token).get('/run/test-status', q).expect(404)).body.error).toBe('Project not found');
  });

  it('GET /run/test-status-history: 404 for a test outside the project, [] for one never in the run', async () => {
    const { runId } = await newRun(1);
    const [neverInRun] = await createTests(t.db, w.projectA.projectId, 1);
    const other = await createProject(t.db, w.orgA.orgId);
    const [elsewhere] = await createTests(t.db, other.projectId, 1);
    expect((await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: neverInRun }).expect(200)).body.data).toEqual([]);
    expect((await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: elsewhere }).expect(404)).body.error).toBe(
      'Test not found',
    );
    expect((await t.as(w.reader.token).get('/run/test-status-history', { runId }).expect(400)).body.error).toContain('testId: Required');
  });
});
