import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createTests, labelTests } from '../support/catalog-factories';
import { importJUnit, suite } from '../support/junit-import';

// GET /project/test-stability on hand-built histories whose flips, same-commit results,
// in-run flakiness, never-run and stale tests are known in advance.

let t: TestApp;
let w: World;
let p: number;
const id: Record<string, number> = {};
let runIds: number[];

type Status = 'passed' | 'failed' | 'blocked' | 'retest' | 'untested';
// Five runs, oldest first, with their build commits; '-' leaves the test untested in that run.
const COMMITS = ['c0', 'c1', 'c2', 'c1', 'c4'];
const HISTORY: Record<string, string> = {
  flipper: 'PFPFP', // 4 flips (failed twice on c1: not a same-commit pass and failure)
  steady: 'PPPPP',
  broken: 'FFFFF',
  sameCommit: '-P-F-', // passed and failed on c1
  retested: 'PRB--', // passed, retest, blocked: 1 flip (a retest neither flips nor breaks the pair)
  never: '-----',
  oldOnly: 'P----',
};
const CODE: Record<string, Status> = { P: 'passed', F: 'failed', B: 'blocked', R: 'retest' };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
  const top = await createSection(t.db, p, 'Checkout');
  const child = await createSection(t.db, p, 'Payments', top.sectionId);
  const names = Object.keys(HISTORY);
  const ids = await createTests(t.db, p, names.length, (i) => ({
    title: names[i],
    sectionId: i < 2 ? top.sectionId : i === 2 ? child.sectionId : undefined,
  }));
  names.forEach((n, i) => (id[n] = ids[i]));
  const label = await createLabel(t.db, p, 'smoke');
  await labelTests(t.db, label.labelId, [id.broken, id.never]);
  id.label = label.labelId;
  id.top = top.sectionId;

  runIds = [];
  for (const [r, commit] of COMMITS.entries()) {
    const run = await t
      .as(w.user.token)
      .post('/run/create', { projectId: p, runName: `Build ${r}`, testIds: ids, build: { commit } })
      .expect(201);
    const runId = run.body.data.runId;
    runIds.push(runId);
    const testResults = names.flatMap((n) => {
      const c = HISTORY[n][r];
      if (c === '-') return [];
      return [{ testId: id[n], status: CODE[c], ...(n === 'steady' ? { elapsedMs: (r + 1) * 100 } : {}) }];
    });
    await t.as(w.user.token).put('/run/update-test-status', { projectId: p, runId, testResults }).expect(200);
  }
  // A rerun in one import that failed, then passed, makes its test flaky within the last run.
  const flakyXml = suite('s', '<testcase classname="shop" name="retried"><flakyFailure message="timeout"/></testcase>');
  await importJUnit(t, w.user.token, { projectId: p, runId: runIds[4], createMissing: true }, flakyXml).expect(201);
  id.retried = (await t.db.test.findFirstOrThrow({ where: { projectId: p, title: 'retried' } })).testId;
  // The first run's results were recorded 40 days ago (the clock of the database, moved back).
  await t.db.$executeRaw`UPDATE run_tests SET updated_at = updated_at - interval '40 days' WHERE run_id = ${runIds[0]}`;
  await t.db
    .$executeRaw`UPDATE runs SET results_at = results_at - interval '40 days', results_version = results_version + 1 WHERE id = ${runIds[0]}`;
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { testId: number; title: string };
async function stability(query: Record<string, unknown> = {}, token = w.reader.token) {
  const res = await t
    .as(token)
    .get('/project/test-stability', { projectId: p, ...query })
    .expect(200);
  return res.body.data as { tests: Row[]; total: number; window: { runs: number; firstRunId: number; lastRunId: number } };
}
const byTitle = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.title, r]));

describe('GET /project/test-stability', () => {
  it('counts executions, flips and failures per test, and says why a test is flaky', async () => {
    const page = await stability();
    expect(page.window).toEqual({ runs: 5, firstRunId: runIds[0], lastRunId: runIds[4] });
    expect(page.total).toBe(8);
    const rows = byTitle(page.tests);
    expect(rows.flipper).toMatchObject({ executions: 5, passed: 3, failed: 2, flips: 4, possibleFlips: 4, failureRate: 0.4 });
    expect(rows.flipper).toMatchObject({ lastStatus: 'passed', lastRunId: runIds[4], flaky: true, flakyReasons: ['flips'] });
    expect(rows.steady).toMatchObject({
      flips: 0,
      failureRate: 0,
      flaky: false,
      flakyReasons: [],
      medianElapsedMs: 300,
      p95ElapsedMs: 500,
    });
    expect(rows.broken).toMatchObject({ executions: 5, failed: 5, failureRate: 1, flips: 0, flaky: false, lastStatus: 'failed' });
    expect(rows.sameCommit).toMatchObject({ executions: 2, flips: 1, flaky: true, flakyReasons: ['same_commit'], lastRunId: runIds[3] });
    expect(rows.retested).toMatchObject({ executions: 3, passed: 1, failed: 1, flips: 1, possibleFlips: 2, lastStatus: 'blocked' });
    expect(rows.retried).toMatchObject({ executions: 1, flaky: true, flakyReasons: ['flaky_in_run'] });
    expect(rows.never).toMatchObject({
      executions: 0,
      lastStatus: null,
      lastRunId: null,
      lastExecutedAt: null,
      possibleFlips: 0,
      medianElapsedMs: null,
    });
    expect(typeof rows.broken.lastFailedAt).toBe('string');
    expect(rows.steady.lastFailedAt).toBeNull();
    // Most flips first, then the highest failure rate.
    expect(page.tests.slice(0, 2).map((r) => r.title)).toEqual(['flipper', 'sameCommit']);
  });

  it('counts only the runs of the window, and minFlips sets the flips that make a test flaky', async () => {
    const last2 = byTitle((await stability({ window: 2 })).tests);
    expect(last2.flipper).toMatchObject({ executions: 2, flips: 1, flaky: false });
    expect(last2.sameCommit).toMatchObject({ executions: 1, flaky: false });
    expect(byTitle((await stability({ minFlips: 5 })).tests).flipper).toMatchObject({ flaky: false, flakyReasons: [] });
    const flaky = await stability({ flakyOnly: true });
    expect(flaky.tests.map((r) => r.title)).toEqual(['flipper', 'sameCommit', 'retried']);
    expect(flaky.total).toBe(3);
  });

  it('lists never-run and stale tests', async () => {
    expect((await stability({ neverRun: true })).tests.map((r) => r.title)).toEqual(['never']);
    expect((await stability({ neverRun: true, window: 3 })).tests.map((r) => r.title)).toEqual(['never', 'oldOnly']);
    expect((await stability({ neverRun: true, window: 'all' })).tests.map((r) => r.title)).toEqual(['never']);
    // oldOnly ran 40 days ago only: stale at 30 days, not at 50.
    expect((await stability({ staleDays: 30 })).tests.map((r) => r.title).sort()).toEqual(['never', 'oldOnly']);
    expect((await stability({ staleDays: 50 })).tests.map((r) => r.title)).toEqual(['never']);
  });

  it('sorts by failure rate, duration and last execution, filters by section subtree and label, and pages', async () => {
    expect((await stability({ sort: 'failureRate' })).tests[0].title).toBe('broken');
    expect((await stability({ sort: 'duration' })).tests[0].title).toBe('steady');
    const byLast = (await stability({ sort: 'lastExecuted' })).tests.map((r) => r.title);
    expect(byLast.slice(0, 2)).toEqual(['never', 'oldOnly']);
    expect((await stability({ sectionId: id.top })).tests.map((r) => r.title).sort()).toEqual(['broken', 'flipper', 'steady']);
    expect((await stability({ labelId: id.label })).tests.map((r) => r.title).sort()).toEqual(['broken', 'never']);
    const all = (await stability()).tests.map((r) => r.title);
    const paged = await stability({ limit: 2, offset: 1 });
    expect(paged.tests.map((r) => r.title)).toEqual(all.slice(1, 3));
    expect(paged.total).toBe(8);
  });

  it('follows new results: a run’s digest is rebuilt once its results change', async () => {
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { projectId: p, runId: runIds[4], testResults: [{ testId: id.steady, status: 'failed' }] })
      .expect(200);
    expect(byTitle((await stability()).tests).steady).toMatchObject({ flips: 1, failed: 1, lastStatus: 'failed' });
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { projectId: p, runId: runIds[4], testResults: [{ testId: id.steady, status: 'passed' }] })
      .expect(200);
    expect(byTitle((await stability()).tests).steady).toMatchObject({ flips: 0, failed: 0 });
  });

  it('refuses bad parameters with 400, another organization with 404, and no credentials with 401', async () => {
    for (const [query, message] of [
      [{ window: 0 }, 'window: Must be at least 1'],
      [{ window: 201 }, 'window: Must be at most 200'],
      [{ window: 'all' }, 'window: all is only for neverRun=true'],
      [{ window: 'ten' }, 'window: Expected a number of runs'],
      [{ sort: 'name' }, 'sort: Expected flakiness, failureRate, duration, lastExecuted'],
      [{ minFlips: 0 }, 'minFlips: Must be at least 1'],
      [{ staleDays: -1 }, 'staleDays'],
    ] as const) {
      const res = await t
        .as(w.reader.token)
        .get('/project/test-stability', { projectId: p, ...query })
        .expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(message);
    }
    const other = await t.as(w.adminB.token).get('/project/test-stability', { projectId: p }).expect(404);
    expect(other.body.code).toBe('project_not_found');
    await t.http.get('/api/v1/project/test-stability').query({ projectId: p }).expect(401);
  });
});
