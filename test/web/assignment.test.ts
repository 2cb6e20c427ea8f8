import type { Page } from 'playwright-core';
import { createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// Assigning on the run page (a section to one tester, then the whole run split between two, by
// keyboard), the assignee shown on each row and the Assignee filter, and My work from the
// header: its count, its page, and a run opened on the tester's own tests.

let h: WebHarness;
let lead: TestUser;
let tester: TestUser;
let reader: TestUser;
let projectId: number;
let runId: number;
let ids: { checkout: number[]; login: number[] };

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Assigners');
  [lead, tester, reader] = await Promise.all([
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
  ]);
  await h.t.db.user.update({ where: { userId: lead.userId }, data: { name: 'Lena Lead' } });
  await h.t.db.user.update({ where: { userId: tester.userId }, data: { name: 'Tom Tester' } });
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  const login = await createSection(h.t.db, projectId, 'Login');
  ids = {
    checkout: await createTests(h.t.db, projectId, 3, () => ({ sectionId: checkout.sectionId }), 'Pay'),
    login: await createTests(h.t.db, projectId, 3, () => ({ sectionId: login.sectionId }), 'Sign in'),
  };
  const run = await h.t
    .as(lead.token)
    .post('/run/create', { projectId, runName: 'Release 2.4', testIds: [...ids.checkout, ...ids.login] })
    .expect(201);
  runId = run.body.data.runId;
}, 120_000);
afterAll(() => h?.close());

const runUrl = () => `${h.baseUrl}/projects/${projectId}/runs/${runId}`;
const rowsText = (page: Page) => page.locator('.run-row').allInnerTexts();
const assigneeOf = async () => new Map((await h.t.db.runTest.findMany({ where: { runId } })).map((r) => [r.testId, r.assigneeId]));

/** Opens the Assign dialog from the keyboard. */
async function openAssign(page: Page) {
  await page.getByRole('button', { name: 'Assign…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Assign tests' });
  await dialog.waitFor();
  return dialog;
}

it('assigns a section to one tester and splits the run between two, by keyboard; rows show who, the filter narrows', async () => {
  const page = await h.signIn(lead.token);
  await page.goto(runUrl());
  await page.getByText('Pay 1').first().waitFor();
  let dialog = await openAssign(page);
  await dialog.getByLabel('Tests', { exact: true }).selectOption({ label: 'Section Checkout' });
  await dialog.getByLabel('Person', { exact: true }).selectOption({ label: 'Tom Tester' });
  await checkScreen(page, 'run-assign-dialog');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: '3 tests assigned.' }).waitFor();
  const first = await assigneeOf();
  expect(ids.checkout.map((id) => first.get(id))).toEqual([tester.userId, tester.userId, tester.userId]);
  expect(ids.login.map((id) => first.get(id))).toEqual([null, null, null]);
  await page.locator('.run-row', { hasText: 'Tom Tester' }).first().waitFor();

  await page.getByLabel('Assignee', { exact: true }).selectOption({ label: 'Nobody' });
  await waitForSettled(page);
  expect((await rowsText(page)).every((r) => r.includes('Sign in'))).toBe(true);
  await page.getByLabel('Assignee', { exact: true }).selectOption({ label: 'Anyone' });

  dialog = await openAssign(page);
  await dialog.getByLabel('Tests', { exact: true }).selectOption({ label: 'Every test of the run' });
  await dialog.getByLabel('Split evenly between several').check();
  await dialog.getByLabel('Tom Tester').check();
  await dialog.getByLabel('Lena Lead').check();
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await page.getByRole('status').filter({ hasText: '6 tests assigned.' }).waitFor();
  // In the order checked: Tom gets Checkout, Lena Login (one section each).
  const split = await assigneeOf();
  expect([...ids.checkout, ...ids.login].map((id) => split.get(id))).toEqual([
    ...Array(3).fill(tester.userId),
    ...Array(3).fill(lead.userId),
  ]);
  await page.getByLabel('Assignee', { exact: true }).selectOption({ label: 'Me' });
  await page.locator('.run-row', { hasText: 'Sign in 1' }).waitFor();
  await waitForSettled(page);
  const mine = await rowsText(page);
  expect([mine.length, mine.every((r) => r.includes('Lena Lead'))]).toEqual([3, true]);
  await checkScreen(page, 'run-assignees');
});

it('shows a tester their work from the header, with its count, and opens a run on their own tests', async () => {
  const page = await h.signIn(tester.token);
  const link = page.getByRole('link', { name: /My work/ });
  await link.filter({ hasText: '3' }).waitFor();
  await link.click();
  await page.getByRole('heading', { name: 'My work' }).waitFor();
  await page.getByText('3 tests wait for you in 1 run.').waitFor();
  await checkScreen(page, 'my-work');
  await page.getByRole('link', { name: 'Release 2.4' }).click();
  await page.locator('.run-row').first().waitFor();
  await waitForSettled(page);
  expect(await page.getByLabel('Assignee', { exact: true }).inputValue()).toBe('me');
  const rows = await rowsText(page);
  expect([rows.length, rows.every((r) => r.includes('Pay'))]).toEqual([3, true]);
});

it('offers a Reader no Assign button, and nothing to do', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(runUrl());
  await page.locator('.run-row').first().waitFor();
  expect(await page.getByRole('button', { name: 'Assign…' }).count()).toBe(0);
  await page.goto(`${h.baseUrl}/my-work`);
  await page.getByText('Nothing is assigned to you in an open run.').waitFor();
});
