import type { Page } from 'playwright-core';
import { createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// Working together on a run: two testers in two browsers (their own sessions) on one run, each
// seeing the other's marks within seconds with who made them (GET /run/events); and finding
// tests inside the run: search (title, section, id), a section, with the status filter, from
// the keyboard.

let h: WebHarness;
let ana: TestUser;
let bo: TestUser;
let projectId: number;
let testIds: number[];
let runId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Live testers');
  [ana, bo] = await Promise.all([createUser(h.t.db, 'User', [org.orgId]), createUser(h.t.db, 'Admin', [org.orgId])]);
  await h.t.db.user.update({ where: { userId: ana.userId }, data: { name: 'Ana Lima' } });
  await h.t.db.user.update({ where: { userId: bo.userId }, data: { name: 'Bo Berg' } });
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Webshop' })).projectId;
  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  const cards = await createSection(h.t.db, projectId, 'Cards', checkout.sectionId);
  const search = await createSection(h.t.db, projectId, 'Search');
  testIds = [
    ...(await createTests(h.t.db, projectId, 2, () => ({ sectionId: checkout.sectionId }), 'Pay')),
    ...(await createTests(h.t.db, projectId, 2, () => ({ sectionId: cards.sectionId }), 'Card')),
    ...(await createTests(h.t.db, projectId, 3, () => ({ sectionId: search.sectionId }), 'Find')),
  ];
  runId = (await startRun(h.t, ana.token, projectId, testIds, 'Release 2.0')).runId;
}, 120_000);
afterAll(() => h?.close());

const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);
const shownRows = (page: Page) => page.locator('.run-tests [data-test-row] .run-row-title').allTextContents();
const statusFilter = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Show tests by status' }).getByRole('button', { name });
const openRun = async (page: Page) => {
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await page.getByRole('heading', { level: 1, name: 'Release 2.0' }).waitFor();
  await row(page, 0).waitFor();
  // The stream is open: marks from now on arrive.
  await page.locator('.run-live[data-live]').waitFor();
};

it("shows each tester the other's marks within seconds, with who made them", async () => {
  const pageA = await h.signIn(ana.token);
  const pageB = await h.signIn(bo.token);
  await openRun(pageA);
  await openRun(pageB);

  // Ana marks the first test Passed from the keyboard; Bo's page shows it, and by whom.
  await row(pageA, 0).focus();
  const marked = Date.now();
  await pageA.keyboard.press('p');
  await row(pageB, 0).locator('.status-badge', { hasText: 'Passed' }).waitFor({ timeout: 3000 });
  expect(Date.now() - marked).toBeLessThan(3000);
  expect(await row(pageB, 0).locator('.run-row-by').textContent()).toBe('marked by Ana Lima');
  expect(await pageB.locator('.run-announce').textContent()).toBe('Ana Lima marked “Pay 0” Passed.');
  await pageB.getByTestId('count-passed').filter({ hasText: '1' }).waitFor();
  expect(await pageB.getByTestId('count-untested').textContent()).toBe('6');
  // Her own page names no one: the mark is hers.
  expect(await row(pageA, 0).locator('.run-row-by').count()).toBe(0);

  // Bo marks a test Failed with a comment; Ana sees it, and the comment in its panel.
  await row(pageB, 4).click();
  await pageB.keyboard.press('c');
  await pageB.keyboard.type('Search box is gone');
  await pageB.keyboard.press('Escape');
  await pageB.keyboard.press('f');
  await row(pageA, 4).locator('.status-badge', { hasText: 'Failed' }).waitFor({ timeout: 3000 });
  expect(await row(pageA, 4).locator('.run-row-by').textContent()).toBe('marked by Bo Berg');
  await row(pageA, 4).click();
  await pageA.getByRole('complementary', { name: 'Find 0' }).locator('.run-panel-text', { hasText: 'Search box is gone' }).waitFor();

  // A reset (through the API) reloads the run on both pages, and no row still names who marked it.
  await h.t.as(bo.token).put('/run/reset', { runId, projectId }).expect(200);
  await pageA.getByTestId('count-retest').filter({ hasText: '7' }).waitFor({ timeout: 3000 });
  expect(await pageA.locator('.run-announce').textContent()).toBe('Bo Berg reset the run: every test is Retest.');
  expect(await pageA.locator('.run-notice').textContent()).toBe(''); // her own last mark's note is old news
  expect(await pageA.locator('.run-row-by').count()).toBe(0);
  await pageB.getByTestId('count-retest').filter({ hasText: '7' }).waitFor({ timeout: 3000 });
  expect(await pageB.locator('.run-row-by').count()).toBe(0);
  // Bo's own reset leaves no stale note of Ana's mark on his page.
  expect(await pageB.locator('.run-announce').textContent()).toBe('');
  await checkScreen(pageA, 'run-live');
});

it('finds tests by title, section and id, narrows to a section, and keeps j/k within what it shows', async () => {
  const page = await h.signIn(ana.token);
  await openRun(page);
  // `/` goes to the search box; typing narrows the list at once.
  await page.locator('body').press('/');
  expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('run-search');
  await page.keyboard.type('find');
  await page.getByText('3 of 7 tests').waitFor();
  expect(await shownRows(page)).toEqual(['Find 0', 'Find 1', 'Find 2']);
  // Enter goes back to the list, on the first test shown; j and k move within what is shown.
  await page.keyboard.press('Enter');
  expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")')).toBe(String(testIds[4]));
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")')).toBe(String(testIds[6]));
  await page.keyboard.press('k');
  expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")')).toBe(String(testIds[5]));

  // A section path finds its tests and its subsections' (Checkout > Cards).
  await page.getByLabel('Search').fill('checkout');
  expect(await shownRows(page)).toEqual(['Pay 0', 'Pay 1', 'Card 0', 'Card 1']);
  // An id, as #42 or 42.
  await page.getByLabel('Search').fill(`#${testIds[3]}`);
  expect(await shownRows(page)).toEqual(['Card 1']);

  // A section, with its subsections, and the status filter on top.
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Section').selectOption('Checkout');
  expect(await shownRows(page)).toEqual(['Pay 0', 'Pay 1', 'Card 0', 'Card 1']);
  expect(await page.getByLabel('Section').locator('option').allTextContents()).toEqual([
    'All sections',
    'Checkout',
    'Checkout > Cards',
    'Search',
  ]);
  await page.getByLabel('Section').selectOption('Checkout > Cards');
  expect(await shownRows(page)).toEqual(['Card 0', 'Card 1']);
  await statusFilter(page, /^Failed/).click();
  await page.getByText('No tests match.').waitFor();
  await checkScreen(page, 'run-find');
  await page.getByRole('button', { name: 'Clear' }).click();
  await statusFilter(page, /^Failed/).click();
  expect((await shownRows(page)).length).toBe(7);

  // The shortcuts dialog names the key.
  await page.locator('body').press('?');
  await page
    .getByRole('dialog')
    .getByText(/^Search the run/)
    .waitFor();
});

it("keeps another tester's mark that arrives while the page is reading its rows again", async () => {
  const lateRun = (await startRun(h.t, ana.token, projectId, testIds, 'Late rows')).runId;
  const page = await h.signIn(ana.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${lateRun}`);
  await row(page, 0).waitFor();
  await page.locator('.run-live[data-live]').waitFor();

  // Back from offline, the page reads the run again. Its rows are read before Bo's mark and
  // arrive after the mark's live event: the page reads them again after them.
  let rowsRead!: () => void;
  const rowsReadBeforeMark = new Promise<void>((r) => (rowsRead = r));
  let markShown!: () => void;
  const markArrived = new Promise<void>((r) => (markShown = r));
  let late = true;
  const rowsUrl = /\/api\/v1\/run\/tests\?/;
  await page.route(rowsUrl, async (route) => {
    if (!late) return route.continue();
    late = false;
    const old = await route.fetch();
    rowsRead();
    await markArrived;
    await route.fulfill({ response: old });
  });
  await page.context().setOffline(true);
  await page.locator('.run-live:not([data-live])').waitFor();
  await page.context().setOffline(false);
  await rowsReadBeforeMark;
  await h.t
    .as(bo.token)
    .put('/run/update-test-status', { runId: lateRun, projectId, testResults: [{ testId: testIds[0], status: 'failed' }] })
    .expect(200);
  await page.locator('.run-announce', { hasText: 'Bo Berg marked “Pay 0” Failed.' }).waitFor();
  const readAgain = page.waitForResponse((r) => rowsUrl.test(r.url()) && r.request().method() === 'GET');
  markShown();
  await readAgain; // the late read
  await page.waitForResponse((r) => rowsUrl.test(r.url())); // and the one after it
  await row(page, 0).locator('.status-badge', { hasText: 'Failed' }).waitFor();
  expect(await page.getByTestId('count-failed').textContent()).toBe('1');
  expect(await page.getByTestId('count-untested').textContent()).toBe(String(testIds.length - 1));
});
