import type { Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The execute screen with structured steps: the open test's steps numbered (shared steps expanded),
// 1–9 pick a step, the status keys then set that step (the test follows its steps), Esc goes back to
// the whole test, whose keys work as before; a step's result goes through the outbox like the test's
// own (kept across a reload while the server cannot be reached, shown as not sent, sent once and in
// order); and a note when the test case changed since the run took it.

let h: WebHarness;
let user: TestUser;
let projectId: number;
let testIds: number[];
let runId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Step testers');
  user = await createUser(h.t.db, 'User', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Webshop' })).projectId;
  const shared = (
    await h.t
      .as(user.token)
      .post('/project/add-shared-steps', {
        projectId,
        name: 'Log in',
        steps: [{ action: 'Open /login' }, { action: 'Sign in', data: 'admin' }],
      })
      .expect(201)
  ).body.data.sharedStepsId;
  const create = async (title: string, steps: unknown) =>
    (await h.t.as(user.token).post('/test/create', { projectId, title, steps }).expect(201)).body.data.testId as number;
  testIds = [
    await create('Pay by card', [
      { action: 'Open the cart' },
      { sharedStepsId: shared },
      { action: 'Pay by card', expected: 'The order is confirmed' },
    ]),
    await create('Search', 'Type a word and press Enter'),
  ];
  runId = (await startRun(h.t, user.token, projectId, testIds, 'Release 2.0')).runId;
}, 120_000);
afterAll(() => h?.close());

const detail = async (run = runId) =>
  (await h.t.as(user.token).get('/run/test-detail', { runId: run, projectId, testId: testIds[0] }).expect(200)).body.data;
const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);
/** Waits until the outbox is empty: the server has every mark made on the page. */
const sent = (page: Page) =>
  page.waitForFunction("localStorage.getItem('casebook.pending-results') === null", undefined, { timeout: 30_000 });

it('sets the results of single steps from the keyboard, and the test follows them', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  const panel = page.getByRole('complementary', { name: 'Pay by card' });
  const steps = panel.getByRole('list', { name: 'Steps' });
  await steps.getByRole('listitem').nth(3).waitFor();
  expect(await steps.getByRole('listitem').locator('.run-step-pick').allTextContents()).toEqual([
    '1. Open the cart',
    '2. Open /login',
    '3. Sign in',
    '4. Pay by card',
  ]);
  await row(page, 0).focus();

  // 2 picks step 2, p passes it: the test stays untested (not every step has passed).
  await page.keyboard.press('2');
  await panel.getByText('Step 2 picked').waitFor();
  await page.keyboard.press('p');
  await steps.getByRole('listitem').nth(1).locator('.status-badge', { hasText: 'Passed' }).waitFor();
  await sent(page);
  expect((await detail()).stepResults).toEqual([{ index: 2, status: 'passed' }]);
  expect(await row(page, 0).getAttribute('aria-current')).toBe('true'); // still on this test

  // 4 then f fails step 4, and with it the test.
  await page.keyboard.press('4');
  await page.keyboard.press('f');
  await row(page, 0).locator('.status-badge', { hasText: 'Failed' }).waitFor();
  await sent(page);
  expect((await detail()).status).toBe('failed');
  await checkScreen(page, 'execute-steps');

  // Esc goes back to the whole test: p passes the test and moves on, as before.
  await page.keyboard.press('Escape');
  await panel.getByText('Keys 1–9 pick a step.').waitFor();
  await page.keyboard.press('p');
  await row(page, 0).locator('.status-badge', { hasText: 'Passed' }).waitFor();
  expect(await row(page, 1).getAttribute('aria-current')).toBe('true');
  // A test with text steps: no list, and 1 picks nothing.
  const textPanel = page.getByRole('complementary', { name: 'Search' });
  await textPanel.getByText('Type a word and press Enter').waitFor();
  expect(await textPanel.getByRole('list', { name: 'Steps' }).count()).toBe(0);
  await page.close();
});

it('keeps step results the server did not get across a reload, shows them not sent, and sends each once, in order', async () => {
  const run = (await startRun(h.t, user.token, projectId, testIds, 'Server away')).runId;
  const page = await h.signIn(user.token);
  // The first request reaches the server but its answer is lost; then the server cannot be reached until `up`.
  const keys: string[] = [];
  let server: 'answer lost' | 'down' | 'up' = 'answer lost';
  // Resolved once the server has answered the request whose answer the page never gets.
  let answerLost = () => {};
  const answered = new Promise<void>((resolve) => (answerLost = resolve));
  await page.route('**/api/v1/run/update-test-status', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (server === 'up') return route.continue();
    if (server === 'answer lost') {
      server = 'down';
      await route.fetch();
      answerLost();
    }
    await route.abort('connectionrefused');
  });
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${run}`);
  const panel = page.getByRole('complementary', { name: 'Pay by card' });
  const step = (i: number) => panel.getByRole('list', { name: 'Steps' }).getByRole('listitem').nth(i);
  await step(3).waitFor();
  await row(page, 0).focus();

  // 2 p: the server stores it, but the page never hears so; 4 f waits behind it.
  await page.keyboard.press('2');
  await page.keyboard.press('p');
  await answered;
  expect((await detail(run)).stepResults).toEqual([{ index: 2, status: 'passed' }]);
  await page.keyboard.press('4');
  await page.keyboard.press('f');
  const shownUnsent = async () => {
    await page.getByText('not sent yet: the server did not answer').waitFor();
    // Counted as the test's results are: one test waits.
    expect(await page.getByTestId('unsent-count').textContent()).toBe('1');
    expect(await step(1).textContent()).toBe('2. Open /loginNot sentPassedfrom Log in');
    expect(await step(3).textContent()).toBe('4. Pay by cardNot sentFailedExpected: The order is confirmed');
    expect(await step(0).textContent()).toBe('1. Open the cartno result');
    // The test as its steps make it: failed, not sent.
    expect(await row(page, 0).textContent()).toBe('Pay by cardNot sentFailed');
  };
  await shownUnsent();

  // A reload (the tab asks first, and the tester leaves) keeps them, still not sent.
  const prompts: string[] = [];
  page.once('dialog', (d) => {
    prompts.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(prompts).toEqual(['beforeunload']);
  await step(3).waitFor();
  await shownUnsent();
  const stored = await detail(run);
  expect([stored.status, stored.stepResults]).toEqual(['untested', [{ index: 2, status: 'passed' }]]);
  await checkScreen(page, 'execute-steps-unsent');

  // The server answers again: the first step result is retried under its first Idempotency-Key (not
  // stored twice), then the second goes, and the page shows what the server has.
  server = 'up';
  await sent(page);
  expect(await detail(run)).toMatchObject({
    status: 'failed',
    stepResults: [
      { index: 2, status: 'passed' },
      { index: 4, status: 'failed' },
    ],
  });
  const history = (await h.t.as(user.token).get('/run/test-status-history', { runId: run, testId: testIds[0] }).expect(200)).body.data as {
    status: string;
    stepResults: unknown[] | null;
  }[];
  expect(history.map((e) => [e.status, e.stepResults])).toEqual([
    [
      'failed',
      [
        { index: 2, status: 'passed' },
        { index: 4, status: 'failed' },
      ],
    ],
    ['untested', [{ index: 2, status: 'passed' }]],
    ['untested', null],
  ]);
  expect(new Set(keys).size).toBe(2);
  expect(keys.filter((k) => k === keys[0]).length).toBeGreaterThan(1);
  expect(keys[keys.length - 1]).not.toBe(keys[0]);
  await page.getByTestId('unsent-count').waitFor({ state: 'detached' });
  expect(await panel.getByText('Not sent').count()).toBe(0);
  expect(await step(3).textContent()).toBe('4. Pay by cardFailedExpected: The order is confirmed');
  expect(await row(page, 0).textContent()).toBe('Pay by cardFailed');
  await page.close();
}, 120_000);

it('says when the test case changed since the run took it', async () => {
  await h.t.as(user.token).put('/test/update', { projectId, testId: testIds[0], title: 'Pay by card (3-D Secure)' }).expect(200);
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await page.getByText('The test case changed since this run took it (version 2: title).').waitFor();
  await checkScreen(page, 'execute-steps-changed');
  await page.close();
});
