import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { runSnapshot, startRun } from '../support/run-factories';

// Results of single steps through PUT /run/update-test-status: checked against the test's steps
// (shared steps counted as expanded), merged across calls, the result's status following its steps
// when not given, kept by history, shown by GET /run/test-detail and cleared by a reset.

let t: TestApp;
let w: World;
let p: number;
let shared: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
  shared = (
    await t
      .as(w.user.token)
      .post('/project/add-shared-steps', {
        projectId: p,
        name: 'Log in',
        steps: [{ action: 'Open /login' }, { action: 'Sign in', expected: 'Signed in' }],
      })
      .expect(201)
  ).body.data.sharedStepsId;
});
afterAll(() => t.close());

/** A test of four steps as executed: Open the shop, Open /login, Sign in (shared), Pay. */
async function fourSteps(title = 'Checkout') {
  const res = await t
    .as(w.user.token)
    .post('/test/create', {
      projectId: p,
      title,
      steps: [{ action: 'Open the shop' }, { sharedStepsId: shared }, { action: 'Pay', expected: 'Paid', data: 'card' }],
    })
    .expect(201);
  return res.body.data.testId as number;
}

const update = (runId: number, testResults: unknown[], token = w.user.token) =>
  t.as(token).put('/run/update-test-status', { runId, projectId: p, testResults });
const detail = (runId: number, testId: number, token = w.reader.token, projectId = p) =>
  t.as(token).get('/run/test-detail', { runId, projectId, testId });

it('numbers the steps with shared steps expanded, and shows each step with its result', async () => {
  const testId = await fourSteps();
  const run = await startRun(t, w.user.token, p, [testId]);
  await update(run.runId, [{ testId, status: 'retest', stepResults: [{ index: 3, status: 'passed', comment: 'ok' }] }]).expect(200);
  const res = await detail(run.runId, testId).expect(200);
  expect(res.body.data).toMatchObject({
    testId,
    status: 'retest',
    changedSince: null,
    stepResults: [{ index: 3, status: 'passed', comment: 'ok' }],
  });
  expect(res.body.data.steps).toEqual([
    { index: 1, action: 'Open the shop', expected: null, data: null, sharedSteps: null, result: null },
    { index: 2, action: 'Open /login', expected: null, data: null, sharedSteps: { sharedStepsId: shared, name: 'Log in' }, result: null },
    {
      index: 3,
      action: 'Sign in',
      expected: 'Signed in',
      data: null,
      sharedSteps: { sharedStepsId: shared, name: 'Log in' },
      result: { status: 'passed', comment: 'ok' },
    },
    { index: 4, action: 'Pay', expected: 'Paid', data: 'card', sharedSteps: null, result: null },
  ]);
});

it('takes the worst step status when the result gives none, merges step results across calls, and history keeps them', async () => {
  const testId = await fourSteps();
  const run = await startRun(t, w.user.token, p, [testId]);
  const status = async () => (await detail(run.runId, testId).expect(200)).body.data.status;

  await update(run.runId, [{ testId, stepResults: [{ index: 1, status: 'passed' }] }]).expect(200);
  expect(await status()).toBe('untested');
  await update(run.runId, [
    {
      testId,
      stepResults: [
        { index: 2, status: 'blocked' },
        { index: 3, status: 'passed' },
      ],
    },
  ]).expect(200);
  expect(await status()).toBe('blocked');
  await update(run.runId, [{ testId, stepResults: [{ index: 4, status: 'failed', comment: 'Card declined' }] }]).expect(200);
  expect(await status()).toBe('failed');
  // A step's later result replaces its earlier one; the others stay.
  await update(run.runId, [
    {
      testId,
      stepResults: [
        { index: 2, status: 'passed' },
        { index: 4, status: 'passed' },
      ],
    },
  ]).expect(200);
  expect(await status()).toBe('passed');
  const d = (await detail(run.runId, testId).expect(200)).body.data;
  expect(d.stepResults).toEqual([
    { index: 1, status: 'passed' },
    { index: 2, status: 'passed' },
    { index: 3, status: 'passed' },
    { index: 4, status: 'passed' },
  ]);
  // A status given wins over the steps.
  await update(run.runId, [{ testId, status: 'retest', stepResults: [{ index: 1, status: 'failed' }] }]).expect(200);
  expect(await status()).toBe('retest');
  // A status alone keeps the step results.
  await update(run.runId, [{ testId, status: 'passed' }]).expect(200);
  expect((await detail(run.runId, testId).expect(200)).body.data.stepResults[0]).toEqual({ index: 1, status: 'failed' });

  const history = (await t.as(w.reader.token).get('/run/test-status-history', { runId: run.runId, testId }).expect(200)).body.data;
  expect(history.map((h: { status: string; stepResults: unknown[] | null }) => [h.status, h.stepResults?.length ?? 0])).toEqual([
    ['passed', 4],
    ['retest', 4],
    ['passed', 4],
    ['failed', 4],
    ['blocked', 3],
    ['untested', 1],
    // The run's creation.
    ['untested', 0],
  ]);
  expect(history[3].stepResults).toContainEqual({ index: 4, status: 'failed', comment: 'Card declined' });
  const across = (await t.as(w.reader.token).get('/test/status-history', { projectId: p, testId }).expect(200)).body.data;
  expect(across[0].stepResults).toHaveLength(4);
});

it('refuses a step beyond the test (400 naming it) and bad step results, writing nothing of the call', async () => {
  const testId = await fourSteps();
  const text = (await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Text', steps: 'one\ntwo' }).expect(201)).body.data
    .testId;
  const run = await startRun(t, w.user.token, p, [testId, text]);
  const before = await runSnapshot(t.db, run.runId);
  const beyond = await update(run.runId, [
    { testId, status: 'passed' },
    { testId, stepResults: [{ index: 5, status: 'failed' }] },
  ]).expect(400);
  expect(beyond.body.error).toContain('testResults');
  const res = await update(run.runId, [
    { testId: text, stepResults: [{ index: 1, status: 'passed' }] },
    {
      testId,
      stepResults: [
        { index: 2, status: 'passed' },
        { index: 5, status: 'failed' },
      ],
    },
  ]).expect(400);
  expect(res.body.error).toBe(
    `Invalid request: testResults.0.stepResults.0.index: Test ${text} has no list of steps; testResults.1.stepResults.1.index: Test ${testId} has 4 steps`,
  );
  const bad = async (stepResults: unknown) => (await update(run.runId, [{ testId, stepResults }]).expect(400)).body.error as string;
  expect(await bad([{ index: 0, status: 'passed' }])).toContain('testResults.0.stepResults.0.index: Steps are numbered from 1');
  expect(await bad([{ index: 1, status: 'done' }])).toContain('testResults.0.stepResults.0.status');
  expect(
    await bad([
      { index: 1, status: 'passed' },
      { index: 1, status: 'failed' },
    ]),
  ).toContain('Step 1 is given twice');
  expect(await bad([{ index: 1, status: 'passed', extra: 1 }])).toContain('testResults.0.stepResults.0');
  expect(await runSnapshot(t.db, run.runId)).toEqual(before);
});

it('shows run test details to every role of the organization, not to another one, nor for a test not in the run', async () => {
  const testId = await fourSteps();
  const outside = await fourSteps('Not in the run');
  const run = await startRun(t, w.user.token, p, [testId]);
  for (const token of [w.reader.token, w.user.token, w.admin.token]) await detail(run.runId, testId, token).expect(200);
  const foreign = await detail(run.runId, testId, w.adminB.token).expect(404);
  expect(foreign.body.code).toBe('project_not_found');
  expect((await detail(run.runId, outside).expect(404)).body.code).toBe('test_not_found');
  await detail(999999, testId).expect(404);
  // A locked run is still read, and refuses new step results.
  await t.as(w.user.token).put('/run/lock', { runId: run.runId, projectId: p }).expect(200);
  expect((await detail(run.runId, testId).expect(200)).body.data.steps).toHaveLength(4);
  await update(run.runId, [{ testId, stepResults: [{ index: 1, status: 'passed' }] }]).expect(423);
});

it('says when the test case changed since the run took it', async () => {
  const testId = await fourSteps();
  const run = await startRun(t, w.user.token, p, [testId]);
  const first = (await detail(run.runId, testId).expect(200)).body.data;
  expect(first).toMatchObject({ testVersion: 1, currentVersion: 1, changedSince: null });
  await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'Checkout v2' }).expect(200);
  const later = (await detail(run.runId, testId).expect(200)).body.data;
  expect(later).toMatchObject({
    testVersion: 1,
    currentVersion: 2,
    changedSince: { version: 2, at: expect.any(String), fields: ['title'] },
  });
  // An edit of its shared steps is a change of the test too.
  await t
    .as(w.user.token)
    .put('/project/edit-shared-steps', {
      sharedStepsId: shared,
      steps: [{ action: 'Open /login' }, { action: 'Sign in', expected: 'Signed in' }, { action: 'Accept cookies' }],
    })
    .expect(200);
  const edited = (await detail(run.runId, testId).expect(200)).body.data;
  expect(edited.changedSince).toMatchObject({ version: 3, fields: expect.arrayContaining(['title', 'steps']) });
  expect(edited.steps).toHaveLength(5);
  await t
    .as(w.user.token)
    .put('/project/edit-shared-steps', {
      sharedStepsId: shared,
      steps: [{ action: 'Open /login' }, { action: 'Sign in', expected: 'Signed in' }],
    })
    .expect(200);
});

it('clears step results on reset', async () => {
  const testId = await fourSteps();
  const run = await startRun(t, w.user.token, p, [testId]);
  await update(run.runId, [{ testId, stepResults: [{ index: 4, status: 'failed' }] }]).expect(200);
  await t.as(w.user.token).put('/run/reset', { runId: run.runId, projectId: p }).expect(200);
  const d = (await detail(run.runId, testId).expect(200)).body.data;
  expect(d).toMatchObject({ status: 'retest', stepResults: null });
  expect(d.steps.every((s: { result: unknown }) => s.result === null)).toBe(true);
});
