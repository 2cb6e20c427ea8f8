import { writeFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { binaryBody, startRun } from '../support/run-factories';
import { pdfText } from '../support/pdf-text';

// A locked run holds its tests' steps as they were at lock: its report names the failing step,
// and GET /run/test-detail lists the steps (and the texts and fields beside them), from those, whatever is edited afterwards (the test's
// own steps, its shared steps, a test older than versions). An open run, and the run once
// unlocked, read the steps as they are now.

let t: TestApp;
let w: World;
let p: number;
let locked: { runId: number; projectId: number };
let sharedLogin: number;
const ids = { edited: 0, shared: 0, unversioned: 0, toText: 0 };

const create = async (title: string, steps: unknown) =>
  (await t.as(w.user.token).post('/test/create', { projectId: p, title, steps }).expect(201)).body.data.testId as number;
const editSteps = (testId: number, steps: unknown) => t.as(w.user.token).put('/test/update', { testId, steps }).expect(200);
const failAt = (runId: number, testId: number, index: number) =>
  t
    .as(w.user.token)
    .put('/run/update-test-status', {
      runId,
      projectId: p,
      testResults: [
        {
          testId,
          stepResults: [
            { index: 1, status: 'passed' },
            { index, status: 'failed', comment: 'Declined' },
          ],
        },
      ],
    })
    .expect(200);

async function jsonReport(q: { runId: number; projectId: number }) {
  const res = await t
    .as(w.reader.token)
    .get('/run/report', { ...q, format: 'json' })
    .expect(200);
  const json = Object.keys(res.body).length ? res.body : JSON.parse(res.text);
  return new Map((json.tests as { testId: number; failedStep: unknown }[]).map((r) => [r.testId, r.failedStep]));
}
const detailSteps = async (q: { runId: number; projectId: number }, testId: number) =>
  (
    await t
      .as(w.reader.token)
      .get('/run/test-detail', { ...q, testId })
      .expect(200)
  ).body.data;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  sharedLogin = (
    await t
      .as(w.user.token)
      .post('/project/add-shared-steps', { projectId: p, name: 'Log in', steps: [{ action: 'Open /login' }, { action: 'Sign in' }] })
      .expect(201)
  ).body.data.sharedStepsId;
  await t
    .as(w.user.token)
    .post('/project/add-custom-field', { projectId: p, name: 'Component', type: 'text', appliesTo: 'test' })
    .expect(201);
  ids.edited = await create('Pay by card', [
    { action: 'Open the cart' },
    { sharedStepsId: sharedLogin },
    { action: 'Pay by card', expected: 'A receipt' },
  ]);
  ids.shared = await create('Log in and confirm', [{ sharedStepsId: sharedLogin }, { action: 'Confirm' }]);
  ids.unversioned = await create('Older than versions', [{ action: 'Look' }, { action: 'Press' }]);
  ids.toText = await create('Steps become text', [{ action: 'Step one' }, { action: 'Step two' }]);
  await t
    .as(w.user.token)
    .put('/test/update', {
      testId: ids.edited,
      testDescription: 'Card payment',
      preconditions: 'A cart',
      expectedResult: 'Paid',
      customFields: { component: 'Checkout' },
    })
    .expect(200);
  // As a test written before versions were kept: version 0, no version rows.
  await t.db.$executeRaw`DELETE FROM test_versions WHERE test_id = ${ids.unversioned}`;
  await t.db.$executeRaw`UPDATE tests SET version = 0 WHERE id = ${ids.unversioned}`;

  locked = { runId: (await startRun(t, w.user.token, p, Object.values(ids), 'Locked run')).runId, projectId: p };
  await failAt(locked.runId, ids.edited, 4);
  await failAt(locked.runId, ids.shared, 2);
  await failAt(locked.runId, ids.unversioned, 2);
  await failAt(locked.runId, ids.toText, 2);
  await t.as(w.user.token).put('/run/lock', locked).expect(200);
});
afterAll(() => t.close());

const atLock = {
  edited: { index: 4, action: 'Pay by card', comment: 'Declined' },
  shared: { index: 2, action: 'Sign in', comment: 'Declined' },
  unversioned: { index: 2, action: 'Press', comment: 'Declined' },
  toText: { index: 2, action: 'Step two', comment: 'Declined' },
};

it('names the steps of the locked run before anything is edited', async () => {
  const steps = await jsonReport(locked);
  expect(Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, steps.get(id)]))).toEqual(atLock);
});

describe('once the tests are edited after the lock', () => {
  beforeAll(async () => {
    await editSteps(ids.edited, [
      { action: 'Scan a code' },
      { action: 'Pick a phone' },
      { action: 'Unlock it' },
      { action: 'Pay by phone' },
    ]);
    await t
      .as(w.user.token)
      .put('/test/update', {
        testId: ids.edited,
        testDescription: 'Phone payment',
        preconditions: 'A phone',
        expectedResult: 'Paid by phone',
        customFields: { component: 'Wallet' },
      })
      .expect(200);
    await t
      .as(w.user.token)
      .put('/project/edit-shared-steps', { sharedStepsId: sharedLogin, steps: [{ action: 'Use a passkey' }, { action: 'Approve' }] })
      .expect(200);
    await editSteps(ids.unversioned, [{ action: 'Glance' }, { action: 'Tap' }]);
    await editSteps(ids.toText, 'Just text now');
  });

  it('the JSON report names the failing steps as they were at lock', async () => {
    const steps = await jsonReport(locked);
    expect(Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, steps.get(id)]))).toEqual(atLock);
  });

  it('so do the HTML page and the PDF', async () => {
    const html = (
      await t
        .as(w.reader.token)
        .get('/run/report', { ...locked, format: 'html' })
        .expect(200)
    ).text;
    expect(html).toContain('<div class="step">Failed at step 4: Pay by card · Declined</div>');
    expect(html).toContain('<div class="step">Failed at step 2: Sign in · Declined</div>');
    expect(html).not.toContain('Pay by phone');
    expect(html).not.toContain('Approve');
    const pdf = (
      await t
        .as(w.reader.token)
        .get('/run/report', { ...locked, format: 'pdf' })
        .buffer(true)
        .parse(binaryBody)
        .expect(200)
    ).body as Buffer;
    if (process.env.SAVE_REPORT) writeFileSync(process.env.SAVE_REPORT, pdf);
    const text = (await pdfText(pdf)).pages.join('\n');
    for (const line of [
      'Failed at step 4: Pay by card · Declined',
      'Failed at step 2: Sign in · Declined',
      'Failed at step 2: Press · Declined',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toMatch(/Pay by phone|Approve|Tap/);
  });

  it('run test detail lists the steps as they were at lock, with their results, and says the case changed', async () => {
    const edited = await detailSteps(locked, ids.edited);
    expect(edited.steps.map((s: { index: number; action: string; result: unknown }) => [s.index, s.action, s.result])).toEqual([
      [1, 'Open the cart', { status: 'passed', comment: null }],
      [2, 'Open /login', null],
      [3, 'Sign in', null],
      [4, 'Pay by card', { status: 'failed', comment: 'Declined' }],
    ]);
    expect(edited.steps[3]).toMatchObject({ expected: 'A receipt', sharedSteps: null });
    expect(edited.steps[1].sharedSteps).toEqual({ sharedStepsId: sharedLogin, name: 'Log in' });
    // The texts and fields too, as they were at lock, beside the steps they go with.
    expect(edited).toMatchObject({
      testDescription: 'Card payment',
      preconditions: 'A cart',
      expectedResult: 'Paid',
      testFields: { component: 'Checkout' },
    });
    expect(edited.changedSince.fields).toEqual(['customFields', 'expectedResult', 'preconditions', 'steps', 'testDescription']);
    const shared = await detailSteps(locked, ids.shared);
    expect(shared.steps.map((s: { action: string }) => s.action)).toEqual(['Open /login', 'Sign in', 'Confirm']);
    expect((await detailSteps(locked, ids.unversioned)).steps.map((s: { action: string }) => s.action)).toEqual(['Look', 'Press']);
    expect((await detailSteps(locked, ids.toText)).steps.map((s: { action: string }) => s.action)).toEqual(['Step one', 'Step two']);
  });

  it('an open run holding the same tests reads their steps as they are now', async () => {
    const open = { runId: (await startRun(t, w.user.token, p, [ids.edited, ids.shared], 'Open run')).runId, projectId: p };
    await failAt(open.runId, ids.edited, 4);
    await failAt(open.runId, ids.shared, 2);
    const steps = await jsonReport(open);
    expect(steps.get(ids.edited)).toEqual({ index: 4, action: 'Pay by phone', comment: 'Declined' });
    expect(steps.get(ids.shared)).toEqual({ index: 2, action: 'Approve', comment: 'Declined' });
    expect(await detailSteps(open, ids.edited)).toMatchObject({
      testDescription: 'Phone payment',
      preconditions: 'A phone',
      expectedResult: 'Paid by phone',
      testFields: { component: 'Wallet' },
    });
    expect((await detailSteps(open, ids.edited)).steps.map((s: { action: string }) => s.action)).toEqual([
      'Scan a code',
      'Pick a phone',
      'Unlock it',
      'Pay by phone',
    ]);
  });

  it('once unlocked, the run reads the steps as they are now', async () => {
    await t.as(w.admin.token).put('/run/unlock', locked).expect(200);
    const steps = await jsonReport(locked);
    expect(steps.get(ids.edited)).toEqual({ index: 4, action: 'Pay by phone', comment: 'Declined' });
    expect(steps.get(ids.shared)).toEqual({ index: 2, action: 'Approve', comment: 'Declined' });
    expect(steps.get(ids.unversioned)).toEqual({ index: 2, action: 'Tap', comment: 'Declined' });
    // Text steps have no numbered step to name.
    expect(steps.get(ids.toText)).toEqual({ index: 2, action: null, comment: 'Declined' });
    expect((await detailSteps(locked, ids.toText)).steps).toBe('Just text now');
  });
});
