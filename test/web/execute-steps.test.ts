import type { Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The execute screen with structured steps: the open test's steps numbered (shared steps expanded),
// 1–9 pick a step, the status keys then set that step (the test follows its steps), Esc goes back to
// the whole test, whose keys work as before; and a note when the test case changed since the run took it.

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

const detail = async () =>
  (await h.t.as(user.token).get('/run/test-detail', { runId, projectId, testId: testIds[0] }).expect(200)).body.data;
const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);

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
  expect((await detail()).stepResults).toEqual([{ index: 2, status: 'passed' }]);
  expect(await row(page, 0).getAttribute('aria-current')).toBe('true'); // still on this test

  // 4 then f fails step 4, and with it the test.
  await page.keyboard.press('4');
  await page.keyboard.press('f');
  await row(page, 0).locator('.status-badge', { hasText: 'Failed' }).waitFor();
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

it('says when the test case changed since the run took it', async () => {
  await h.t.as(user.token).put('/test/update', { projectId, testId: testIds[0], title: 'Pay by card (3-D Secure)' }).expect(200);
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await page.getByText('The test case changed since this run took it (version 2: title).').waitFor();
  await checkScreen(page, 'execute-steps-changed');
  await page.close();
});
