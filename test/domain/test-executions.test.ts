import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { importJUnit, suite } from '../support/junit-import';

// GET /test/executions: a test's latest results, one per run, newest first, for the strip of
// marks on the test case page and for an assistant asking how a test did lately.

let t: TestApp;
let w: World;
let p: number;
let testId: number;
let otherTest: number;
const runIds: number[] = [];

type Row = { runId: number; runName: string; status: string; executedAt: string; elapsedMs: number | null; flakyInRun: boolean };
const executions = async (query: Record<string, unknown>) =>
  (
    await t
      .as(w.reader.token)
      .get('/test/executions', { projectId: p, testId, ...query })
      .expect(200)
  ).body.data.executions as Row[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
  [testId, otherTest] = await createTests(t.db, p, 2, (i) => ({ title: ['checkout', 'other'][i] }));
  // Runs 0..3: passed, failed, untested (left alone), passed with a time; recorded in that order.
  const statuses = ['passed', 'failed', null, 'passed'] as const;
  for (const [i, status] of statuses.entries()) {
    const run = await t
      .as(w.user.token)
      .post('/run/create', { projectId: p, runName: `Nightly ${i}`, testIds: [testId, otherTest] })
      .expect(201);
    runIds.push(run.body.data.runId);
    if (status === null) continue;
    const testResults = [
      { testId, status, ...(i === 3 ? { elapsedMs: 1250 } : {}) },
      { testId: otherTest, status: 'blocked' },
    ];
    await t.as(w.user.token).put('/run/update-test-status', { projectId: p, runId: run.body.data.runId, testResults }).expect(200);
  }
});
afterAll(() => t.close());

it('lists one execution per run, newest first, without the runs where the test is untested', async () => {
  const rows = await executions({});
  expect(rows.map((r) => [r.runName, r.status, r.elapsedMs, r.flakyInRun])).toEqual([
    ['Nightly 3', 'passed', 1250, false],
    ['Nightly 1', 'failed', null, false],
    ['Nightly 0', 'passed', null, false],
  ]);
  expect(rows.map((r) => r.runId)).toEqual([runIds[3], runIds[1], runIds[0]]);
  expect(rows[0].executedAt >= rows[1].executedAt).toBe(true);
  const firstTwo = await t.as(w.reader.token).get('/test/executions', { projectId: p, testId, limit: 2 }).expect(200);
  expect(firstTwo.body.data).toEqual({ executions: rows.slice(0, 2), total: 3, limit: 2, offset: 0 });
  expect(await executions({ limit: 2, offset: 2 })).toEqual(rows.slice(2));
});

it('marks a result that failed and then passed within one import as flaky in its run', async () => {
  const xml = suite('s', '<testcase classname="shop" name="retried"><flakyFailure message="timeout"/></testcase>');
  await importJUnit(t, w.user.token, { projectId: p, runId: runIds[2], createMissing: true }, xml).expect(201);
  const retried = (await t.db.test.findFirstOrThrow({ where: { projectId: p, title: 'retried' } })).testId;
  const rows = await executions({ testId: retried });
  expect(rows.map((r) => [r.runId, r.status, r.flakyInRun])).toEqual([[runIds[2], 'passed', true]]);
});

it('refuses bad parameters (400), tests and projects it cannot see (404) and no credentials (401)', async () => {
  const zero = await t.as(w.reader.token).get('/test/executions', { projectId: p, testId, limit: 0 }).expect(400);
  expect(zero.body).toMatchObject({ code: 'validation_failed', error: 'Invalid request: limit: Must be at least 1' });
  const word = await t.as(w.reader.token).get('/test/executions', { projectId: p, testId: 'abc' }).expect(400);
  expect(word.body.code).toBe('validation_failed');
  const unknown = await t.as(w.reader.token).get('/test/executions', { projectId: p, testId: 999999 }).expect(404);
  expect(unknown.body.code).toBe('test_not_found');
  const other = await t.as(w.adminB.token).get('/test/executions', { projectId: p, testId }).expect(404);
  expect(other.body.code).toBe('project_not_found');
  const wrongProject = await t.as(w.adminB.token).get('/test/executions', { projectId: w.projectB.projectId, testId }).expect(404);
  expect(wrongProject.body.code).toBe('test_not_found');
  await t.as(w.admin.token).delete('/test/delete', { projectId: p, testId: otherTest }).expect(200);
  const deleted = await t.as(w.reader.token).get('/test/executions', { projectId: p, testId: otherTest }).expect(404);
  expect(deleted.body.code).toBe('test_not_found');
  await t.http.get('/api/v1/test/executions').query({ projectId: p, testId }).expect(401);
});
