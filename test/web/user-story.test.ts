import type { Page } from 'playwright-core';
import { createOrg, createUser, type TestUser } from '../support/factories';
import { checkScreen, fetchInPage, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// One User's day, through the UI only (the REST API only checks what the page did): sign in with
// a token, create a project, build its sections and tests in the catalog, select them and run
// them, execute the run with the keyboard, lock it, and download its report as a PDF.

let h: WebHarness;
let user: TestUser;
let orgId: number;
const ORG = 'Story org';
const PROJECT = 'Story shop';
const RUN = 'Story release 1.0';
const COMMENT = 'Card declined: bug 7';
const STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;

beforeAll(async () => {
  h = await startWebHarness();
  orgId = (await createOrg(h.t.db, ORG)).orgId;
  user = await createUser(h.t.db, 'User', [orgId]); // a User of the org, not an Admin
}, 120_000);
afterAll(() => h?.close());

const testCount = (page: Page, text: string) => page.locator('.test-count').getByText(text, { exact: true }).waitFor();
/** Waits until the <select> #id shows `value` (the forms preselect the section being viewed). */
const selectShows = (page: Page, id: string, value: number) =>
  page.waitForFunction(`document.getElementById('${id}')?.value === '${value}'`);
const shownCounts = async (page: Page) => {
  const counts: Record<string, number> = { total: Number(await page.getByTestId('count-total').textContent()) };
  for (const s of STATUSES) counts[s] = Number(await page.getByTestId(`count-${s}`).textContent());
  return counts;
};

it('a User signs in, builds a catalog, runs it with the keyboard, locks the run and downloads its PDF report', async () => {
  // Sign in through the login form; the org shows the User's role and no delete control.
  const page = await h.signIn(user.token);
  const org = page.getByRole('region', { name: ORG });
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  await org.getByText('User', { exact: true }).waitFor();
  expect((await h.t.as(user.token).get('/user/details').expect(200)).body.data.memberships).toMatchObject([{ orgId, role: 'User' }]);

  // A project, created with the form.
  await org.getByRole('button', { name: `New project in ${ORG}` }).click();
  const createForm = org.getByRole('form', { name: `New project in ${ORG}` });
  await createForm.getByLabel('Name').fill(PROJECT);
  await createForm.getByLabel('Description').fill('The story of one release');
  await createForm.getByRole('button', { name: 'Create project' }).click();
  await org.getByRole('status').getByText(`${PROJECT} created`).waitFor();
  expect(await org.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
  await checkScreen(page, 'story-projects');
  const projects = (await h.t.as(user.token).get('/projects', { orgId, pageSize: 1000 }).expect(200)).body.data.projects as {
    projectId: number;
    projectName: string;
  }[];
  const projectId = projects.find((p) => p.projectName === PROJECT)!.projectId;

  // Its catalog, through the project's link.
  const item = org.getByRole('listitem').filter({ has: page.getByRole('link', { name: PROJECT, exact: true }) });
  await item.getByRole('link', { name: 'Catalog' }).click();
  await page.waitForURL(`${h.baseUrl}/projects/${projectId}/catalog`);
  await page.getByRole('heading', { level: 1, name: `Catalog of ${PROJECT}` }).waitFor();
  await testCount(page, '0 tests');

  // A parent section at the top level, then a child inside it: the new section is selected, so
  // "Inside" preselects it.
  await page.locator('#new-section-name').fill('Checkout');
  expect(await page.getByLabel('Inside').inputValue()).toBe('');
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('heading', { level: 3, name: 'Section “Checkout”' }).waitFor();
  const sections = async () =>
    (await h.t.as(user.token).get('/sections', { projectId }).expect(200)).body.data as {
      sectionId: number;
      sectionName: string;
      parentSectionId: number | null;
    }[];
  const checkout = (await sections()).find((s) => s.sectionName === 'Checkout')!;
  // The forms follow the selected section in an effect after the render: wait for it, or a choice
  // made in between would be overwritten.
  await selectShows(page, 'new-section-parent', checkout.sectionId);
  await page.locator('#new-section-name').fill('Payment');
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('heading', { level: 3, name: 'Section “Payment”' }).waitFor();
  const payment = (await sections()).find((s) => s.sectionName === 'Payment')!;
  expect([checkout.parentSectionId, payment.parentSectionId]).toEqual([null, checkout.sectionId]);
  await selectShows(page, 'new-test-section', payment.sectionId);

  // Four tests with the quick-create form: two in each section.
  const quick = page.getByRole('form', { name: 'New test' });
  const planned: [string, string][] = [
    ['Cart totals', 'Checkout'],
    ['Guest checkout', 'Checkout'],
    ['Pay by card', 'Checkout > Payment'],
    ['Pay by invoice', 'Checkout > Payment'],
  ];
  for (const [title, section] of planned) {
    await quick.getByLabel('In section').selectOption({ label: section });
    await quick.getByLabel('New test title').fill(title);
    await quick.getByRole('button', { name: 'Add test' }).click();
    await quick.getByRole('status').getByText(`Added “${title}”.`).waitFor();
  }
  const created = (await h.t.as(user.token).get('/project/tests', { projectId, limit: 100 }).expect(200)).body.data.tests as {
    testId: number;
    title: string;
    sectionId: number;
  }[];
  const testId = Object.fromEntries(created.map((t) => [t.title, t.testId]));
  expect(created.map((t) => [t.title, t.sectionId]).sort()).toEqual([
    ['Cart totals', checkout.sectionId],
    ['Guest checkout', checkout.sectionId],
    ['Pay by card', payment.sectionId],
    ['Pay by invoice', payment.sectionId],
  ]);

  // Checkout's subtree holds all four; one click and a shift-click select the range.
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Tests in Checkout and its subsections' }).waitFor();
  await testCount(page, '4 tests');
  const list = page.getByRole('region', { name: 'Tests', exact: true });
  // The count comes with the page's total; the virtual list draws its rows a frame later.
  await list
    .getByRole('link')
    .nth(planned.length - 1)
    .waitFor();
  const titles = await list.getByRole('link').allTextContents();
  expect([...titles].sort()).toEqual(planned.map(([t]) => t));
  await list.getByRole('checkbox', { name: `Select ${titles[0]}` }).click();
  await page.getByRole('heading', { level: 2, name: '1 test selected' }).waitFor();
  await list.getByRole('checkbox', { name: `Select ${titles[3]}` }).click({ modifiers: ['Shift'] });
  await page.getByRole('heading', { level: 2, name: '4 tests selected' }).waitFor();
  expect(await list.getByRole('checkbox', { checked: true }).count()).toBe(4);
  await checkScreen(page, 'story-catalog');

  // A run from the selection; the page opens it.
  await page.getByRole('button', { name: 'Create run from selection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a run' });
  await dialog.getByLabel('Run name').fill(RUN);
  await dialog.getByRole('button', { name: 'Create run', exact: true }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/runs/\\d+$`));
  const runId = Number(page.url().split('/').pop());
  const q = { runId, projectId };
  const api = h.t.as(user.token);
  const runTests = async () =>
    (await api.get('/run/tests', q).expect(200)).body.data.tests as { testId: number; status: string; comment: string | null }[];
  expect((await runTests()).map((t) => t.testId).sort()).toEqual(Object.values(testId).sort());

  // The execute screen: grouped by section, every test untested.
  await page.getByRole('heading', { level: 1, name: RUN }).waitFor();
  const rows = page.locator('[data-test-row]');
  const row = (title: string) => page.locator(`[data-test-row="${testId[title]}"]`);
  const currentRow = () => page.locator('[data-test-row][aria-current="true"]').getAttribute('data-test-row');
  const focusedRow = () => page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")');
  await row('Pay by invoice').waitFor();
  expect(await page.locator('.run-tests').locator('h2, [data-test-row]').allTextContents()).toEqual([
    'Checkout (2)',
    'Cart totalsUntested',
    'Guest checkoutUntested',
    'Checkout > Payment (2)',
    'Pay by cardUntested',
    'Pay by invoiceUntested',
  ]);
  const order = await Promise.all([0, 1, 2, 3].map((i) => rows.nth(i).getAttribute('data-test-row')));
  const [first, second, third, fourth] = order.map(Number);

  // p passes the first test, and the focus moves to the next.
  await rows.nth(0).focus();
  // The row changes before the server answers; the API is read below only once each write was answered (200).
  const written = () => page.waitForResponse((r) => r.url().includes('/api/v1/run/update-test-status'));
  let answered = written();
  await page.keyboard.press('p');
  await rows.nth(0).locator('.status-badge', { hasText: 'Passed' }).waitFor();
  expect((await answered).status()).toBe(200);
  await page.waitForFunction(`document.activeElement && document.activeElement.getAttribute("data-test-row") === "${second}"`);
  expect(await currentRow()).toBe(String(second));

  // c focuses the comment box (the f typed there marks nothing), Escape leaves it, f fails with it.
  await page.keyboard.press('c');
  await page.getByRole('textbox', { name: 'Comment' }).waitFor();
  await page.waitForFunction('document.activeElement && document.activeElement.tagName === "TEXTAREA"');
  await page.keyboard.type(COMMENT);
  expect(await rows.nth(1).locator('.status-badge').textContent()).toBe('Untested');
  await page.keyboard.press('Escape');
  await page.waitForFunction(`document.activeElement && document.activeElement.getAttribute("data-test-row") === "${second}"`);
  answered = written();
  await page.keyboard.press('f');
  await rows.nth(1).locator('.status-badge', { hasText: 'Failed' }).waitFor();
  expect((await answered).status()).toBe(200);
  expect(await currentRow()).toBe(String(third));

  // j and k move without marking.
  await page.keyboard.press('j');
  expect(await currentRow()).toBe(String(fourth));
  await page.keyboard.press('k');
  expect(await currentRow()).toBe(String(third));
  expect(await focusedRow()).toBe(String(third));

  // The counts on the page agree with the API's, and the failed test carries its comment.
  await page.getByTestId('count-failed').getByText('1', { exact: true }).waitFor();
  await waitForSettled(page);
  const shown = await shownCounts(page);
  expect(shown).toEqual({ total: 4, passed: 1, failed: 1, blocked: 0, retest: 0, untested: 2 });
  const { runId: _id, locked, ...counts } = (await api.get('/run/state-detail', q).expect(200)).body.data;
  expect({ locked, ...counts }).toEqual({ locked: false, ...shown });
  const byId = new Map((await runTests()).map((t) => [t.testId, t]));
  expect(byId.get(first)).toMatchObject({ status: 'passed' });
  expect(byId.get(second)).toMatchObject({ status: 'failed', comment: COMMENT });
  await checkScreen(page, 'story-execute');

  // Lock the run, after confirming: the banner shows, and p changes nothing.
  await page.getByRole('button', { name: 'Lock run' }).click();
  await page.getByRole('dialog', { name: 'Lock this run?' }).getByRole('button', { name: 'Lock run' }).click();
  await page.getByTestId('locked-banner').waitFor();
  expect((await api.get('/run/state-detail', q).expect(200)).body.data.locked).toBe(true);
  await rows.nth(2).focus();
  await page.keyboard.press('p');
  await page.getByRole('status').getByText('This run is locked').waitFor();
  expect(await rows.nth(2).locator('.status-badge').textContent()).toBe('Untested');
  await waitForSettled(page);
  expect((await api.get('/run/state-detail', q).expect(200)).body.data).toMatchObject({ locked: true, ...counts });
  expect((await runTests()).find((t) => t.testId === third)).toMatchObject({ status: 'untested' });
  await checkScreen(page, 'story-locked');

  // The report, through the run's Report link, and its PDF fetched with the session cookie.
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `Report of ${RUN}` }).waitFor();
  await page.getByRole('img', { name: /^Results chart: 2 of 4 tested/ }).waitFor();
  await checkScreen(page, 'story-report');
  const pdfHref = await page.getByRole('link', { name: 'Report as PDF' }).getAttribute('href');
  expect(pdfHref).toBe(`/api/v1/run/report?runId=${runId}&projectId=${projectId}&format=pdf`);
  const pdf = await fetchInPage(page, pdfHref!);
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
}, 180_000);
