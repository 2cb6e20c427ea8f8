import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { importJUnit, suite } from '../support/junit-import';

// GET /run/compare on hand-built runs: every category, the default base on the same branch,
// elapsed time changes, failures grouped by message with new groups marked, paging and errors.

let t: TestApp;
let w: World;
let p: number;
const id: Record<string, number> = {};
const run: Record<string, number> = {};

type Result = { testId: number; status: string; comment?: string; elapsedMs?: number };
async function runOf(name: string, branch: string, testIds: number[], results: Result[]) {
  const made = await t.as(w.user.token).post('/run/create', { projectId: p, runName: name, testIds, build: { branch } }).expect(201);
  const runId = made.body.data.runId;
  await t.as(w.user.token).put('/run/update-test-status', { projectId: p, runId, testResults: results }).expect(200);
  return runId as number;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
  const names = ['newFailure', 'fixed', 'stillFailing', 'steady', 'added', 'removed', 'newGroup'];
  const ids = await createTests(t.db, p, names.length, (i) => ({ title: names[i] }));
  names.forEach((n, i) => (id[n] = ids[i]));
  const inBase = ids.filter((x) => x !== id.added);
  run.base = await runOf('Base', 'main', inBase, [
    { testId: id.newFailure, status: 'passed', elapsedMs: 100 },
    { testId: id.fixed, status: 'failed', comment: 'Timeout 30000ms exceeded' },
    { testId: id.stillFailing, status: 'failed', comment: 'AssertionError: expected 1 items, got 2\n  at cart.ts:4' },
    { testId: id.steady, status: 'passed' },
    { testId: id.removed, status: 'passed' },
    { testId: id.newGroup, status: 'passed' },
  ]);
  run.other = await runOf('Other branch', 'feature/x', inBase, [{ testId: id.newFailure, status: 'failed' }]);
  const inRun = ids.filter((x) => x !== id.removed);
  run.now = await runOf('Now', 'main', inRun, [
    { testId: id.newFailure, status: 'failed', comment: 'AssertionError: expected 3 items, got 4', elapsedMs: 250 },
    { testId: id.fixed, status: 'passed' },
    { testId: id.stillFailing, status: 'blocked', comment: 'AssertionError: expected 5 items, got 0' },
    { testId: id.steady, status: 'passed' },
    { testId: id.added, status: 'passed' },
    { testId: id.newGroup, status: 'failed', comment: 'TypeError: card is undefined' },
  ]);
  // A test that failed, then passed on a rerun within one import into the run.
  const xml = suite('s', '<testcase classname="shop" name="retried"><flakyFailure message="timeout"/></testcase>');
  await importJUnit(t, w.user.token, { projectId: p, runId: run.now, createMissing: true }, xml).expect(201);
  id.retried = (await t.db.test.findFirstOrThrow({ where: { projectId: p, title: 'retried' } })).testId;
});
afterAll(() => t.close());

type Comparison = {
  run: { runId: number };
  base: { runId: number; runName: string; branch: string } | null;
  totals: Record<string, number>;
  tests: Record<
    string,
    { testId: number; title: string; status: string | null; baseStatus: string | null; elapsedChangeMs: number | null }[]
  >;
  failureGroups: { signature: string; sample: string; count: number; testIds: number[]; new: boolean }[];
};
async function compare(query: Record<string, unknown> = {}) {
  const res = await t
    .as(w.reader.token)
    .get('/run/compare', { projectId: p, runId: run.now, ...query })
    .expect(200);
  return res.body.data as Comparison;
}
const titles = (c: Comparison, category: string) => c.tests[category]?.map((x) => x.title);

describe('GET /run/compare', () => {
  it('compares with the latest earlier run of the same branch and sorts every test into its categories', async () => {
    const c = await compare();
    expect(c.base).toEqual({ runId: run.base, runName: 'Base', branch: 'main' });
    expect(c.totals).toEqual({ new_failure: 2, fixed: 1, still_failing: 1, flaky_in_run: 1, added: 2, removed: 1 });
    expect(titles(c, 'new_failure')).toEqual(['newFailure', 'newGroup']);
    expect(titles(c, 'fixed')).toEqual(['fixed']);
    expect(titles(c, 'still_failing')).toEqual(['stillFailing']);
    expect(titles(c, 'flaky_in_run')).toEqual(['retried']);
    expect(titles(c, 'added')).toEqual(['added', 'retried']);
    expect(titles(c, 'removed')).toEqual(['removed']);
    expect(c.tests.new_failure[0]).toEqual({
      testId: id.newFailure,
      title: 'newFailure',
      status: 'failed',
      baseStatus: 'passed',
      elapsedMs: 250,
      baseElapsedMs: 100,
      elapsedChangeMs: 150,
    });
    expect(c.tests.removed[0]).toMatchObject({ status: null, baseStatus: 'passed', elapsedChangeMs: null });
  });

  it('groups the run’s failures by their message with the values replaced, and marks groups the base did not have', async () => {
    const c = await compare();
    expect(c.failureGroups).toEqual([
      {
        signature: 'AssertionError: expected <n> items, got <n>',
        sample: expect.stringMatching(/^AssertionError: expected \d items, got \d$/),
        count: 2,
        testIds: [id.newFailure, id.stillFailing],
        new: false,
      },
      { signature: 'TypeError: card is undefined', sample: 'TypeError: card is undefined', count: 1, testIds: [id.newGroup], new: true },
    ]);
  });

  it('takes another base, pages one category, and answers a run without an earlier one with no base', async () => {
    const other = await compare({ baseRunId: run.other });
    expect(other.base).toMatchObject({ runId: run.other, branch: 'feature/x' });
    expect(other.totals.still_failing).toBe(1);
    expect(titles(other, 'still_failing')).toEqual(['newFailure']);
    const paged = await compare({ category: 'added', perCategory: 1, offset: 1 });
    expect(Object.keys(paged.tests)).toEqual(['added']);
    expect(titles(paged, 'added')).toEqual(['retried']);
    expect(paged.totals.added).toBe(2);
    const first = await compare({ runId: run.base });
    expect(first.base).toBeNull();
    expect(first.totals).toEqual({ new_failure: 0, fixed: 0, still_failing: 0, flaky_in_run: 0, added: 0, removed: 0 });
    expect(first.failureGroups.map((g) => g.new)).toEqual([false, false]);
  });

  it("compares the project's latest run without runId, and lists only the first `groups` failure groups", async () => {
    const latest = (await t.as(w.reader.token).get('/run/compare', { projectId: p }).expect(200)).body.data as Comparison;
    expect(latest).toEqual(await compare());
    expect(latest.run.runId).toBe(run.now);
    const all = await compare();
    expect(all.failureGroups.length).toBeGreaterThan(1);
    expect((await compare({ groups: 1 })).failureGroups).toEqual(all.failureGroups.slice(0, 1));
    expect((await compare({ groups: 0 })).failureGroups).toEqual([]);
    const empty = (await createProject(t.db, w.orgA.orgId)).projectId;
    const none = await t.as(w.reader.token).get('/run/compare', { projectId: empty }).expect(404);
    expect(none.body.code).toBe('run_not_found');
  });

  it('refuses bad parameters (400), runs it cannot see (404) and no credentials (401)', async () => {
    const same = await t.as(w.reader.token).get('/run/compare', { projectId: p, runId: run.now, baseRunId: run.now }).expect(400);
    expect(same.body).toMatchObject({ code: 'validation_failed', error: 'Invalid request: baseRunId: Must be another run than runId' });
    const category = await t.as(w.reader.token).get('/run/compare', { projectId: p, runId: run.now, category: 'broken' }).expect(400);
    expect(category.body.code).toBe('validation_failed');
    const groups = await t.as(w.reader.token).get('/run/compare', { projectId: p, runId: run.now, groups: 51 }).expect(400);
    expect(groups.body).toMatchObject({ code: 'validation_failed', error: 'Invalid request: groups: Must be at most 50' });
    const missing = await t.as(w.reader.token).get('/run/compare', { projectId: p, runId: run.now, baseRunId: 999999 }).expect(404);
    expect(missing.body.code).toBe('run_not_found');
    const foreignRun = await t
      .as(w.adminB.token)
      .post('/run/create', { projectId: w.projectB.projectId, runName: 'B', testIds: [], empty: true });
    const crossed = await t
      .as(w.reader.token)
      .get('/run/compare', { projectId: p, runId: run.now, baseRunId: foreignRun.body.data.runId })
      .expect(404);
    expect(crossed.body.code).toBe('run_not_found');
    const other = await t.as(w.adminB.token).get('/run/compare', { projectId: p, runId: run.now }).expect(404);
    expect(other.body.code).toBe('project_not_found');
    await t.http.get('/api/v1/run/compare').query({ projectId: p, runId: run.now }).expect(401);
  });
});
