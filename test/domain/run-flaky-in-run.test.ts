import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';

// A result imported after reruns says so: `retries` (attempts before the final one) and
// `flakyInRun` (it passed and failed within the run), not only its final status.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const report = suite(
  'checkout',
  // Failed once, then passed (Surefire's flakyFailure): flaky.
  '<testcase classname="shop.Cart" name="adds"><flakyFailure message="timeout"/></testcase>',
  // Failed every time: retried, not flaky.
  '<testcase classname="shop.Cart" name="removes"><failure message="boom"/><rerunFailure message="boom"/><rerunFailure message="boom"/></testcase>',
  '<testcase classname="shop.Cart" name="empties"/>',
);

type Row = { title: string; status: string; retries: number; flakyInRun: boolean };
async function rows(projectId: number, runId: number): Promise<Record<string, Omit<Row, 'title'>>> {
  const res = await t.as(w.reader.token).get('/run/tests', { projectId, runId }).expect(200);
  return Object.fromEntries(
    (res.body.data.tests as Row[]).map((r) => [r.title, { status: r.status, retries: r.retries, flakyInRun: r.flakyInRun }]),
  );
}

it('records retries and flakyInRun from an import’s rerun elements', async () => {
  const projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  const runId = (await importJUnit(t, w.user.token, { projectId, createMissing: true }, report).expect(201)).body.data.runId;
  expect(await rows(projectId, runId)).toEqual({
    adds: { status: 'passed', retries: 1, flakyInRun: true },
    removes: { status: 'failed', retries: 2, flakyInRun: false },
    empties: { status: 'passed', retries: 0, flakyInRun: false },
  });
});

it('keeps the flaky mark through a later single-pass import and a result set by hand; a reset clears it', async () => {
  const projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  const runId = (await importJUnit(t, w.user.token, { projectId, createMissing: true }, report).expect(201)).body.data.runId;
  const again = suite('checkout', '<testcase classname="shop.Cart" name="adds"/>', '<testcase classname="shop.Cart" name="empties"/>');
  await importJUnit(t, w.user.token, { projectId, runId }, again).expect(201);
  expect((await rows(projectId, runId)).adds).toEqual({ status: 'passed', retries: 0, flakyInRun: true });

  const removes = await t.db.test.findFirstOrThrow({ where: { projectId, title: 'removes' } });
  await t
    .as(w.user.token)
    .put('/run/update-test-status', { projectId, runId, testResults: [{ testId: removes.testId, status: 'passed' }] })
    .expect(200);
  expect((await rows(projectId, runId)).removes).toEqual({ status: 'passed', retries: 0, flakyInRun: false });

  await t.as(w.user.token).put('/run/reset', { projectId, runId }).expect(200);
  expect(Object.values(await rows(projectId, runId))).toEqual([
    { status: 'retest', retries: 0, flakyInRun: false },
    { status: 'retest', retries: 0, flakyInRun: false },
    { status: 'retest', retries: 0, flakyInRun: false },
  ]);
});
