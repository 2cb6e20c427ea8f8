import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createSection, createTests, lookupIds } from '../support/catalog-factories';

// GET /project/dashboard on a hand-built project: runs of the period with their pass rates,
// results per day, flaky / failing / never-run / stale counts, the flakiest and slowest tests,
// coverage per top-level section and the automated share.

let t: TestApp;
let w: World;
let p: number;
const id: Record<string, number> = {};
const runs: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
  const checkout = await createSection(t.db, p, 'Checkout');
  const cards = await createSection(t.db, p, 'Cards', checkout.sectionId);
  const search = await createSection(t.db, p, 'Search');
  const automated = (await lookupIds(t.db, p)).automation_status.Automated;
  const names = ['flipper', 'slow', 'broken', 'idle', 'loose'];
  const sections = [checkout.sectionId, cards.sectionId, search.sectionId, search.sectionId, undefined];
  const ids = await createTests(t.db, p, names.length, (i) => ({
    title: names[i],
    sectionId: sections[i],
    ...(names[i] === 'slow' ? { automationStatusId: automated } : {}),
  }));
  names.forEach((n, i) => (id[n] = ids[i]));
  await t.db.test.update({ where: { testId: id.loose }, data: { automationKey: 'shop.loose' } });
  // An old run (45 days ago): outside a 30-day period.
  const statuses: Record<string, string[]> = {
    flipper: ['passed', 'failed', 'passed', 'failed'],
    slow: ['passed', 'passed', 'passed', 'passed'],
    broken: ['failed', 'failed', 'failed', 'blocked'],
    loose: ['passed', '-', '-', '-'],
  };
  for (let r = 0; r < 4; r++) {
    const made = await t
      .as(w.user.token)
      .post('/run/create', { projectId: p, runName: `Nightly ${r}`, testIds: ids, build: { buildNumber: String(r) } })
      .expect(201);
    runs.push(made.body.data.runId);
    const testResults = Object.entries(statuses)
      .filter(([, s]) => s[r] !== '-')
      .map(([n, s]) => ({ testId: id[n], status: s[r], ...(n === 'slow' ? { elapsedMs: 1000 * (r + 1) } : { elapsedMs: 10 }) }));
    await t.as(w.user.token).put('/run/update-test-status', { projectId: p, runId: made.body.data.runId, testResults }).expect(200);
  }
  await t.db
    .$executeRaw`UPDATE runs SET created_at = created_at - interval '45 days', results_at = results_at - interval '45 days', results_version = results_version + 1 WHERE id = ${runs[0]}`;
  await t.db.$executeRaw`UPDATE run_tests SET updated_at = updated_at - interval '45 days' WHERE run_id = ${runs[0]}`;
});
afterAll(() => t.close());

async function dashboard(query: Record<string, unknown> = {}) {
  return (
    await t
      .as(w.reader.token)
      .get('/project/dashboard', { projectId: p, ...query })
      .expect(200)
  ).body.data;
}

describe('GET /project/dashboard', () => {
  it('shows the period’s runs with pass rates and builds, and results per day', async () => {
    const d = await dashboard();
    expect(d.days).toBe(30);
    expect(d.runs.map((r: { runId: number }) => r.runId)).toEqual(runs.slice(1));
    expect(d.runs[0]).toMatchObject({ runName: 'Nightly 1', buildNumber: '1', total: 5, passed: 1, failed: 2, untested: 2, passRate: 0.2 });
    expect(d.resultsPerDay).toHaveLength(30);
    type Day = { date: string; passed: number; failed: number; blocked: number; retest: number };
    const days = d.resultsPerDay as Day[];
    expect(days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    // Recorded today (or just before midnight, should the test cross it): the last two days hold them all.
    const recent = days
      .slice(-2)
      .reduce((sum, day) => ({ passed: sum.passed + day.passed, failed: sum.failed + day.failed, blocked: sum.blocked + day.blocked }), {
        passed: 0,
        failed: 0,
        blocked: 0,
      });
    expect(recent).toEqual({ passed: 4, failed: 4, blocked: 1 });
    expect(days.slice(0, -2).every((day) => day.passed + day.failed + day.blocked === 0)).toBe(true);
  });

  it('counts flaky, failing, never-run and stale tests and lists the flakiest and slowest', async () => {
    const d = await dashboard();
    // In the period: flipper failed, passed, failed (2 flips: not flaky by flips); over 60 days the old run adds a third.
    expect(d.counts).toEqual({ tests: 5, flaky: 0, failing: 2, neverRun: 2, stale: 2 });
    expect(d.flakiest.map((x: { title: string }) => x.title)).toEqual(['flipper']);
    expect(d.slowest.map((x: { title: string }) => x.title).slice(0, 1)).toEqual(['slow']);
    expect(d.slowest[0]).toMatchObject({ medianElapsedMs: 3000 });
    const longer = await dashboard({ days: 60 });
    expect(longer.counts).toMatchObject({ flaky: 1, neverRun: 1, stale: 1 });
    expect(longer.flakiest[0]).toMatchObject({ title: 'flipper', flips: 3, flakyReasons: ['flips'] });
  });

  it('gives coverage per top-level section and the automated share', async () => {
    const d = await dashboard();
    expect(d.coverage).toEqual([
      { sectionId: null, sectionName: null, tests: 1, executed: 0, share: 0 },
      { sectionId: expect.any(Number), sectionName: 'Checkout', tests: 2, executed: 2, share: 1 },
      { sectionId: expect.any(Number), sectionName: 'Search', tests: 2, executed: 1, share: 0.5 },
    ]);
    expect(d.automation).toEqual({ automated: 2, manual: 3, automatedShare: 0.4 });
  });

  it('refuses bad days (400), another organization (404) and no credentials (401)', async () => {
    for (const days of [0, 366, 'week']) {
      const res = await t.as(w.reader.token).get('/project/dashboard', { projectId: p, days }).expect(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await t.as(w.adminB.token).get('/project/dashboard', { projectId: p }).expect(404)).body.code).toBe('project_not_found');
    await t.http.get('/api/v1/project/dashboard').query({ projectId: p }).expect(401);
  });
});
