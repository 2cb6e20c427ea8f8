import type { Page } from 'playwright-core';
import { createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// Executing a run in the browser: keyboard marks (p, f with a comment, b on checked tests),
// j/k, the counts against the REST API, a refusal rolled back with the server's text, lock and
// unlock per role, and a Reader who sees no controls.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let admin: TestUser;
let projectId: number;
let testIds: number[];
let runId: number;

const STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Execute testers');
  [user, reader, admin] = await Promise.all([
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
    createUser(h.t.db, 'Admin', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Webshop' })).projectId;
  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  const search = await createSection(h.t.db, projectId, 'Search');
  testIds = [
    ...(await createTests(h.t.db, projectId, 3, () => ({ sectionId: checkout.sectionId }), 'Pay')),
    ...(await createTests(h.t.db, projectId, 3, () => ({ sectionId: search.sectionId }), 'Find')),
  ];
  await h.t.db.test.update({
    where: { testId: testIds[0] },
    data: { steps: '1. Open the cart\n2. Pay by card', expectedResult: 'The order is confirmed' },
  });
  runId = (await startRun(h.t, user.token, projectId, testIds, 'Release 1.4')).runId;
}, 120_000);
afterAll(() => h?.close());

const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);
const badge = (page: Page, i: number) => row(page, i).locator('.status-badge').textContent();
const focusedRow = (page: Page) => page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")');
const currentRow = (page: Page) => page.locator('[data-test-row][aria-current="true"]').getAttribute('data-test-row');
const shownCounts = async (page: Page) => {
  const counts: Record<string, number> = { total: Number(await page.getByTestId('count-total').textContent()) };
  for (const s of STATUSES) counts[s] = Number(await page.getByTestId(`count-${s}`).textContent());
  return counts;
};
const apiState = async (token = user.token) => (await h.t.as(token).get('/run/state-detail', { runId, projectId }).expect(200)).body.data;
const openRun = async (page: Page) => {
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await page.getByRole('heading', { level: 1, name: 'Release 1.4' }).waitFor();
  await row(page, 0).waitFor();
};
/** Waits until the page shows `status` on row i (the optimistic update, then the server's word). */
const waitForBadge = (page: Page, i: number, status: string) => row(page, i).locator('.status-badge', { hasText: status }).waitFor();

it('a User executes the run with the keyboard, and the counts agree with the API', async () => {
  const page = await h.signIn(user.token);
  await openRun(page);
  // Grouped by section in the catalog's order: each heading, then its tests.
  const list = page.locator('.run-tests');
  expect(await list.locator('h2, [data-test-row]').allTextContents()).toEqual([
    'Checkout (3)',
    'Pay 0Untested',
    'Pay 1Untested',
    'Pay 2Untested',
    'Search (3)',
    'Find 0Untested',
    'Find 1Untested',
    'Find 2Untested',
  ]);
  // The first test is current, its steps and expected result beside the list.
  const panel = page.getByRole('complementary', { name: 'Pay 0' });
  await panel.getByText('The order is confirmed').waitFor();
  expect(await panel.getByText('1. Open the cart').count()).toBe(1);
  await row(page, 0).focus();
  // Marks update the rows and counts in place: the run's tests and counts are not fetched again.
  const refetches: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/run\/(tests|state-detail|detail)\?/.test(r.url())) refetches.push(r.url());
  });

  await page.keyboard.press('p');
  await waitForBadge(page, 0, 'Passed');
  expect(await currentRow(page)).toBe(String(testIds[1]));
  expect(await focusedRow(page)).toBe(String(testIds[1]));

  // A comment: c focuses the box (keys type there, not mark), Escape leaves it, f marks with it.
  await page.keyboard.press('c');
  await page.keyboard.type('Card declined: bug 42');
  expect(await badge(page, 1)).toBe('Untested'); // the f and b typed did not mark anything
  await page.keyboard.press('Escape');
  expect(await focusedRow(page)).toBe(String(testIds[1]));
  await page.keyboard.press('f');
  await waitForBadge(page, 1, 'Failed');
  expect(await currentRow(page)).toBe(String(testIds[2]));

  await page.keyboard.press('j');
  expect(await currentRow(page)).toBe(String(testIds[3])); // across the section boundary
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowUp');
  expect(await currentRow(page)).toBe(String(testIds[1]));
  expect(await focusedRow(page)).toBe(String(testIds[1]));
  // Its history in this run, with the comment.
  await page.getByRole('complementary', { name: 'Pay 1' }).locator('.run-history').getByText('Card declined: bug 42').waitFor();
  await page.keyboard.press('ArrowDown');
  expect(await currentRow(page)).toBe(String(testIds[2]));

  // Two checked tests (a shift-click range) marked blocked at once.
  await page.getByRole('checkbox', { name: 'Check Find 1' }).click();
  await page.getByRole('checkbox', { name: 'Check Find 2' }).click({ modifiers: ['Shift'] });
  await page.getByRole('group', { name: 'Checked tests' }).getByText('2 checked').waitFor();
  await page.keyboard.press('b');
  await waitForBadge(page, 4, 'Blocked');
  await waitForBadge(page, 5, 'Blocked');
  expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);

  await waitForSettled(page);
  expect(await page.getByText('Not sent').count()).toBe(0); // the server has every mark
  const shown = await shownCounts(page);
  expect(shown).toEqual({ total: 6, passed: 1, failed: 1, blocked: 2, retest: 0, untested: 2 });
  expect(refetches).toEqual([]);
  const { runId: _id, locked, ...api } = await apiState();
  expect({ locked, ...api }).toEqual({ locked: false, ...shown });
  const tests = (await h.t.as(user.token).get('/run/tests', { runId, projectId }).expect(200)).body.data.tests;
  expect(tests.find((t: { testId: number }) => t.testId === testIds[1])).toMatchObject({
    status: 'failed',
    comment: 'Card declined: bug 42',
  });
  await checkScreen(page, 'execute-run');

  // The shortcuts dialog: ? opens it, it is checked by axe too, Escape closes it.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  await dialog.getByText('press c, type, press Esc, then the status key').waitFor(); // the comment flow is documented
  await page.keyboard.press('p'); // keys do nothing behind the dialog
  await checkScreen(page, 'execute-run-shortcuts');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await badge(page, 2)).toBe('Untested');
});

it("loads a test's older history in the run on demand, by keyboard, past a page of 1000", async () => {
  const soak = await startRun(h.t, user.token, projectId, [testIds[5]], 'Soak');
  await h.t.db.statusHistory.createMany({
    data: Array.from({ length: 1002 }, (_, i) => ({
      runId: soak.runId,
      testId: testIds[5],
      status: 'failed' as const,
      comment: `Try ${i + 1}`,
    })),
  });
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${soak.runId}`);
  const { title } = await h.t.db.test.findUniqueOrThrow({ where: { testId: testIds[5] } });
  const panel = page.getByRole('complementary', { name: title });
  const entries = panel.locator('.run-history > li');
  const older = panel.getByRole('button', { name: 'Show older entries' });
  await older.waitFor();
  expect(await entries.count()).toBe(1000);
  await panel.getByText('1000 of 1003 shown').waitFor();
  await older.focus();
  await page.keyboard.press('Enter');
  await entries.nth(1002).waitFor();
  expect(await entries.count()).toBe(1003);
  // No older page is left to load.
  expect(await panel.getByRole('button', { name: /older entries/ }).count()).toBe(0);
  expect(await entries.last().textContent()).toMatch(/^Untested/);
  // The keys still drive the run: the button took Enter, nothing was marked.
  expect((await h.t.as(user.token).get('/run/state-detail', { runId: soak.runId, projectId }).expect(200)).body.data).toMatchObject({
    untested: 1,
  });
});

it("rolls a refused mark back with the server's text, and a lock makes the run read-only", async () => {
  const page = await h.signIn(user.token);
  await openRun(page);
  await row(page, 2).click();
  const before = await shownCounts(page);

  // Locked behind the page's back: the mark is refused (423) and undone.
  await h.t.as(user.token).put('/run/lock', { runId, projectId }).expect(200);
  await page.keyboard.press('p');
  await page.getByRole('alert').getByText('Run is locked').waitFor();
  await waitForBadge(page, 2, 'Untested');
  expect(await shownCounts(page)).toEqual(before);
  await page.getByTestId('locked-banner').waitFor(); // the page learnt the lock
  expect((await apiState()).untested).toBe(2);

  // An Admin reopens it; the User locks it in the page, after confirming.
  await h.t.as(admin.token).put('/run/unlock', { runId, projectId }).expect(200);
  await openRun(page);
  expect(await page.getByTestId('locked-banner').count()).toBe(0);
  await page.getByRole('button', { name: 'Lock run' }).click();
  const confirm = page.getByRole('dialog', { name: 'Lock this run?' });
  await confirm.getByRole('button', { name: 'Lock run' }).click();
  await page.getByTestId('locked-banner').waitFor();
  expect(await page.getByRole('checkbox').count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Comment' }).count()).toBe(0);
  await row(page, 2).focus();
  await page.keyboard.press('p');
  await page.getByRole('status').getByText('This run is locked').waitFor();
  expect(await badge(page, 2)).toBe('Untested');
  expect(await currentRow(page)).toBe(String(testIds[2])); // nothing advanced either
  const state = await apiState();
  expect(state).toMatchObject({ locked: true, untested: 2, passed: 1 });
  await checkScreen(page, 'execute-run-locked');
});

it('a Reader sees the run and its tests but no status controls', async () => {
  const page = await h.signIn(reader.token);
  await openRun(page);
  await page.getByRole('complementary', { name: 'Pay 0' }).getByText('The order is confirmed').waitFor();
  expect(await page.getByRole('checkbox').count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Comment' }).count()).toBe(0);
  for (const name of ['Passed', 'Failed', 'Blocked', 'Retest', 'Untested', 'Lock run', 'Reset run', 'Unlock run']) {
    expect({ name, count: await page.getByRole('button', { name, exact: true }).count() }).toEqual({ name, count: 0 });
  }
  await row(page, 0).focus();
  await page.keyboard.press('f');
  await page.getByRole('status').getByText('You have read-only access').waitFor();
  expect(await badge(page, 0)).toBe('Passed');
  await checkScreen(page, 'execute-run-reader');
});

it('an Admin unlocks the run in the page, and a reset asks first and makes every test Retest', async () => {
  const page = await h.signIn(admin.token);
  await openRun(page);
  await page.getByTestId('locked-banner').waitFor();
  await page.getByRole('button', { name: 'Unlock run' }).click();
  await page.getByTestId('locked-banner').waitFor({ state: 'detached' });
  expect((await apiState()).locked).toBe(false);

  await page.getByRole('button', { name: 'Reset run' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset this run?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect((await apiState()).retest).toBe(0);
  await page.getByRole('button', { name: 'Reset run' }).click();
  await confirm.getByRole('button', { name: 'Reset run' }).click();
  for (let i = 0; i < testIds.length; i++) await waitForBadge(page, i, 'Retest');
  await page.getByTestId('count-retest').getByText('6').waitFor();
  expect(await apiState()).toMatchObject({ locked: false, total: 6, retest: 6, passed: 0 });
});
