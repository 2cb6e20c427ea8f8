import type { Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// Structured steps in the browser: the test case form turns text steps into a list, adds, moves
// and removes steps, inserts shared steps and saves the list; a Reader sees them numbered; the
// Shared steps page adds and edits shared steps (every test using them reads the new ones) and
// refuses to delete those in use.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let admin: TestUser;
let projectId: number;
let testId: number;
let sharedId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Step writers');
  [user, reader, admin] = await Promise.all([
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
    createUser(h.t.db, 'Admin', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  sharedId = (
    await h.t
      .as(user.token)
      .post('/project/add-shared-steps', { projectId, name: 'Log in', steps: [{ action: 'Open /login' }, { action: 'Sign in' }] })
      .expect(201)
  ).body.data.sharedStepsId;
  testId = (await h.t.as(user.token).post('/test/create', { projectId, title: 'Pay', steps: '1. Open the cart\n2. Pay' }).expect(201)).body
    .data.testId;
}, 120_000);
afterAll(() => h?.close());

const details = async () => (await h.t.as(user.token).get('/test/details', { projectId, testId }).expect(200)).body.data;
const openTest = async (page: Page) => {
  await page.goto(`${h.baseUrl}/projects/${projectId}/tests/${testId}`);
  await page.getByLabel('Title').waitFor();
};

it('edits a list of steps from the text, with shared steps, and saves it', async () => {
  const page = await h.signIn(user.token);
  await openTest(page);
  await page.getByRole('button', { name: 'Switch to a list of steps' }).click();
  const steps = page.getByRole('group', { name: 'Steps' });
  expect(await steps.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Open the cart');
  expect(await steps.getByLabel('Step 2', { exact: true }).inputValue()).toBe('Pay');
  await steps.getByRole('textbox', { name: 'Expected' }).nth(1).fill('The order is confirmed');
  await steps.getByRole('button', { name: 'Add step' }).click();
  await steps.getByLabel('Step 3', { exact: true }).fill('Open the orders');
  await steps.getByLabel('Shared steps').selectOption({ label: 'Log in' });
  await steps.getByRole('button', { name: 'Insert' }).click();
  // The shared steps go first: moved up three times, from the keyboard.
  for (let i = 4; i > 1; i--) {
    await steps.getByRole('button', { name: `Move step ${i} up` }).focus();
    await page.keyboard.press('Enter');
  }
  await steps.getByRole('button', { name: 'Remove step 4' }).click();
  await checkScreen(page, 'test-steps-editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').getByText('Saved').waitFor();
  expect((await details()).steps).toEqual([
    { sharedStepsId: sharedId, name: 'Log in', steps: [{ action: 'Open /login' }, { action: 'Sign in' }] },
    { action: 'Open the cart' },
    { action: 'Pay', expected: 'The order is confirmed' },
  ]);
  await page.close();
});

it('shows a Reader the steps numbered, read-only', async () => {
  const page = await h.signIn(reader.token);
  await openTest(page);
  const steps = page.getByRole('group', { name: 'Steps' });
  await steps.getByText('Shared steps: Log in').waitFor();
  expect(await steps.getByRole('listitem').allTextContents()).toEqual([
    '1.Shared steps: Log in',
    '2.Open the cart',
    '3.PayExpected: The order is confirmed',
  ]);
  expect(await steps.getByRole('button').count()).toBe(0);
  await checkScreen(page, 'test-steps-reader');
  await page.close();
});

it('manages shared steps on their page: an edit reaches the tests, a delete in use is refused', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/metadata`);
  await page.getByRole('link', { name: 'Shared steps' }).click();
  await page.getByRole('heading', { level: 1, name: 'Shared steps' }).waitFor();
  await page.getByText('2 steps · used by 1 test').waitFor();

  await page.getByRole('button', { name: 'New shared steps' }).click();
  const form = page.getByRole('form', { name: 'New shared steps' });
  await form.getByLabel('Name').fill('Empty the cart');
  await form.getByLabel('Step 1', { exact: true }).fill('Remove every item');
  await form.getByRole('button', { name: 'Add shared steps' }).click();
  await page.getByRole('heading', { level: 2, name: 'Empty the cart' }).waitFor();

  await page.getByRole('button', { name: 'Edit Log in' }).click();
  const edit = page.getByRole('form', { name: 'Edit Log in' });
  await edit.getByLabel('Step 2', { exact: true }).fill('Sign in with SSO');
  await edit.getByText('1 test uses these steps').waitFor();
  await checkScreen(page, 'shared-steps-page');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Sign in with SSO').waitFor();
  expect((await details()).steps[0].steps).toEqual([{ action: 'Open /login' }, { action: 'Sign in with SSO' }]);
  expect((await details()).version).toBe(3);

  await page.getByRole('button', { name: 'Delete Log in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByText(`Shared steps are used by 1 test: #${testId} "Pay"`).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await h.t.db.sharedSteps.count({ where: { sharedStepsId: sharedId } })).toBe(1);
  await page.close();
});
