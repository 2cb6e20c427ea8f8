import type { Page } from 'playwright-core';
import { createLabel, createSection, createTests, labelTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';
import { SCREENS_DIR, checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// The Stability page on a history whose numbers are known in advance: five runs (with build
// commits), one test flaky by its flips, one that passed and failed on one commit, one rerun
// within an import, one always failing, one slow, one never run and one last run 40 days ago.
// A tester reads the table, switches views and sorts (by keyboard too), opens a view by its
// address as the Dashboard links it, and follows a test to its page.

let h: WebHarness;
let user: TestUser;
let projectId: number;
const id: Record<string, number> = {};

const COMMITS = ['c0', 'c1', 'c2', 'c1', 'c4'];
// Oldest run first; '-' leaves the test untested in that run.
const HISTORY: Record<string, string> = {
  'Pay by card': 'PFPFP', // 4 flips: flaky
  'Pay by invoice': 'PPPPP', // steady and slow
  Refund: 'FFFFF', // always fails, never flips
  'Apply coupon': '-P-F-', // passed and failed on commit c1
  'Ship abroad': 'P----', // last executed in the first run, moved 40 days back
  'Gift card': '-----', // never run
};
const CODE = { P: 'passed', F: 'failed' } as const;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Stability testers');
  user = await createUser(h.t.db, 'User', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Checkout' })).projectId;
  const payments = await createSection(h.t.db, projectId, 'Payments');
  const shipping = await createSection(h.t.db, projectId, 'Shipping');
  const names = Object.keys(HISTORY);
  const ids = await createTests(h.t.db, projectId, names.length, (i) => ({
    title: names[i],
    sectionId: names[i] === 'Ship abroad' ? shipping.sectionId : payments.sectionId,
  }));
  names.forEach((n, i) => (id[n] = ids[i]));
  const smoke = await createLabel(h.t.db, projectId, 'smoke');
  await labelTests(h.t.db, smoke.labelId, [id['Gift card'], id.Refund]);

  const api = h.t.as(user.token);
  const runIds: number[] = [];
  for (const [r, commit] of COMMITS.entries()) {
    const run = await api.post('/run/create', { projectId, runName: `Build ${r}`, testIds: ids, build: { commit } }).expect(201);
    const runId = run.body.data.runId as number;
    runIds.push(runId);
    const testResults = names.flatMap((n) => {
      const c = HISTORY[n][r] as keyof typeof CODE | '-';
      if (c === '-') return [];
      return [{ testId: id[n], status: CODE[c], elapsedMs: n === 'Pay by invoice' ? (r + 1) * 2000 : 300 }];
    });
    await api.put('/run/update-test-status', { projectId, runId, testResults }).expect(200);
  }
  // A testcase that failed and passed on its rerun in the last run's import: flaky within the run.
  const retried = suite('shop', '<testcase classname="shop" name="Retry payment" time="1.5"><flakyFailure message="timeout"/></testcase>');
  await importJUnit(h.t, user.token, { projectId, runId: runIds[4], createMissing: true }, retried).expect(201);
  id['Retry payment'] = (await h.t.db.test.findFirstOrThrow({ where: { projectId, title: 'Retry payment' } })).testId;
  // The first run's results were recorded 40 days ago (no API sets when a result was recorded).
  await h.t.db.$executeRaw`UPDATE run_tests SET updated_at = updated_at - interval '40 days' WHERE run_id = ${runIds[0]}`;
  await h.t.db
    .$executeRaw`UPDATE runs SET results_at = results_at - interval '40 days', results_version = results_version + 1 WHERE id = ${runIds[0]}`;
}, 120_000);
afterAll(() => h?.close());

const url = (search = '') => `${h.baseUrl}/projects/${projectId}/stability${search}`;
const views = (page: Page) => page.getByRole('navigation', { name: 'Stability views' });

/** The tests listed, in order, once the page has read them. */
async function titles(page: Page): Promise<string[]> {
  await waitForSettled(page);
  await page.locator('.stability-results[aria-busy="false"]').waitFor();
  return page.getByRole('rowheader').allTextContents();
}

/** A test's row as its cells read (after the title). */
const cells = (page: Page, title: string) => page.getByRole('row', { name: title }).getByRole('cell').allTextContents();

/** The view the switches mark current. */
const currentView = (page: Page) => views(page).locator('[aria-current="true"]').textContent();

/** Presses Tab until the focused element's accessible text is `name`; how many presses it took. */
async function tabTo(page: Page, name: string): Promise<number> {
  for (let presses = 1; presses <= 40; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(
      `(() => { const a = document.activeElement; return a?.labels?.[0]?.textContent ?? a?.textContent ?? ''; })()`,
    );
    if (focused === name) return presses;
  }
  throw new Error(`Tab never reached "${name}"`);
}

it('lists every test with its record over the runs counted, flakiest first', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Stability' }).click();
  await page.waitForURL(url());
  await page.getByRole('heading', { level: 1, name: 'Stability of Checkout' }).waitFor();
  const navLinks = page.getByRole('navigation', { name: 'Project' }).getByRole('link');
  // Stability comes right after Runs, their Plans and Milestones, and is marked as the page shown.
  const sections = await navLinks.allTextContents();
  expect(sections).toContain('Runs');
  expect(sections.slice(sections.indexOf('Runs'), sections.indexOf('Runs') + 4)).toEqual(['Runs', 'Plans', 'Milestones', 'Stability']);
  expect(await navLinks.nth(sections.indexOf('Stability')).getAttribute('aria-current')).toBe('page');

  const listed = await titles(page);
  expect(listed.slice(0, 2)).toEqual(['Pay by card', 'Apply coupon']);
  expect(listed.toSorted()).toEqual(Object.keys(id).toSorted());
  expect(await page.locator('.stability-window').textContent()).toBe('Counted: all 5 runs of the project. 7 tests listed.');
  expect(await currentView(page)).toBe('All');

  // Executions, passed / failed, flips / possible, failure rate, last status, last executed, median / p95, flaky.
  expect(await cells(page, 'Pay by card')).toEqual([
    '5',
    '3 / 2',
    '4 / 4',
    '40%',
    'Passed',
    'just now',
    '300 ms / 300 ms',
    'Yes: flips between passed and failed',
  ]);
  expect(await cells(page, 'Pay by invoice')).toEqual(['5', '5 / 0', '0 / 4', '0%', 'Passed', 'just now', '6 s / 10 s', 'No']);
  expect(await cells(page, 'Apply coupon')).toEqual([
    '2',
    '1 / 1',
    '1 / 1',
    '50%',
    'Failed',
    'just now',
    '300 ms / 300 ms',
    'Yes: passed and failed on one commit',
  ]);
  expect((await cells(page, 'Retry payment')).at(-1)).toBe('Yes: passed on a rerun within one run');
  expect(await cells(page, 'Gift card')).toEqual(['0', '0 / 0', '0 / 0', '—', 'Never run', 'Never', '—', 'No']);
  const shipAbroad = await cells(page, 'Ship abroad');
  expect(shipAbroad[5]).toMatch(/\d/); // 40 days ago: a date, not "just now"
  expect(await page.getByRole('columnheader', { name: 'Flips / possible' }).getAttribute('aria-sort')).toBe('descending');
  await checkScreen(page, 'stability-all');
});

it('switches to the Flaky, Never run and Stale views, each with its own address', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url());
  await titles(page);

  await views(page).getByRole('link', { name: 'Flaky' }).click();
  await page.waitForURL(url('?flakyOnly=true'));
  expect(await titles(page)).toEqual(['Pay by card', 'Apply coupon', 'Retry payment']);
  expect(await currentView(page)).toBe('Flaky');
  await checkScreen(page, 'stability-flaky');

  // Narrowed to a section without flaky tests: the empty view says so.
  await page.getByLabel('Section').selectOption({ label: 'Shipping' });
  await page.waitForURL(/sectionId=\d+/);
  await titles(page);
  await page.getByText("No flaky tests with these filters in the project's 5 runs.").waitFor();
  await page.getByLabel('Section').selectOption({ label: 'All sections' });

  await views(page).getByRole('link', { name: 'Never run' }).click();
  await page.waitForURL(url('?neverRun=true'));
  expect(await titles(page)).toEqual(['Gift card']);
  await page.getByLabel('Runs counted').selectOption('all');
  await page.waitForURL(url('?window=all&neverRun=true'));
  expect(await titles(page)).toEqual(['Gift card']);
  expect(await page.locator('.stability-window').textContent()).toBe('Counted: all 5 runs of the project. 1 test listed.');
  await checkScreen(page, 'stability-never-run');

  // Stale: not executed in 30 days (or never), then in 50 days, typed and applied with Enter.
  await views(page).getByRole('link', { name: 'Stale (30 days)' }).click();
  await page.waitForURL(url('?staleDays=30'));
  expect((await titles(page)).toSorted()).toEqual(['Gift card', 'Ship abroad']);
  await page.getByLabel('Not executed in (days)').fill('50');
  await page.keyboard.press('Enter');
  await page.waitForURL(url('?staleDays=50'));
  expect(await titles(page)).toEqual(['Gift card']);
  expect(await currentView(page)).toBe('Stale (50 days)');

  await views(page).getByRole('link', { name: 'All' }).click();
  await page.waitForURL(url());
  expect(await titles(page)).toHaveLength(7);
});

it('sorts by failure rate, duration and last execution', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url());
  await titles(page);
  await page.getByLabel('Sort by').selectOption('failureRate');
  await page.waitForURL(url('?sort=failureRate'));
  expect((await titles(page)).slice(0, 3)).toEqual(['Refund', 'Apply coupon', 'Pay by card']);
  expect(await page.getByRole('columnheader', { name: 'Failure rate' }).getAttribute('aria-sort')).toBe('descending');

  await page.getByLabel('Sort by').selectOption('duration');
  await page.waitForURL(url('?sort=duration'));
  expect((await titles(page)).slice(0, 2)).toEqual(['Pay by invoice', 'Retry payment']);

  await page.getByLabel('Sort by').selectOption('lastExecuted');
  await page.waitForURL(url('?sort=lastExecuted'));
  expect((await titles(page)).slice(0, 2)).toEqual(['Gift card', 'Ship abroad']);
  expect(await page.getByRole('columnheader', { name: 'Last executed' }).getAttribute('aria-sort')).toBe('ascending');
});

it('opens a view from its address, as the Dashboard links it, and filters by label', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url('?flakyOnly=true'));
  expect(await titles(page)).toEqual(['Pay by card', 'Apply coupon', 'Retry payment']);
  expect(await currentView(page)).toBe('Flaky');

  const smoke = await page.getByLabel('Label').locator('option', { hasText: 'smoke' }).getAttribute('value');
  await page.goto(url(`?neverRun=true&labelId=${smoke}`));
  expect(await titles(page)).toEqual(['Gift card']);
  expect(await currentView(page)).toBe('Never run');
  expect(await page.getByLabel('Label').inputValue()).toBe(smoke);
  await page.goto(url(`?labelId=${smoke}&sort=failureRate`));
  expect(await titles(page)).toEqual(['Refund', 'Gift card']);
});

it('works from the keyboard alone: a view, the sort, and a test’s page', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url());
  await titles(page);
  await tabTo(page, 'Flaky');
  await page.keyboard.press('Enter');
  await page.waitForURL(url('?flakyOnly=true'));
  expect(await titles(page)).toEqual(['Pay by card', 'Apply coupon', 'Retry payment']);

  await tabTo(page, 'Sort by');
  await page.keyboard.press('ArrowDown'); // Flakiness → Failure rate
  await page.waitForURL(url('?sort=failureRate&flakyOnly=true'));
  expect(await titles(page)).toEqual(['Apply coupon', 'Pay by card', 'Retry payment']);

  await tabTo(page, 'Apply coupon');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${h.baseUrl}/projects/${projectId}/tests/${id['Apply coupon']}`);
  await page.getByRole('heading', { level: 1, name: 'Apply coupon' }).waitFor();

  // Back returns to the same view and sort, from the address.
  await page.goBack();
  await page.waitForURL(url('?sort=failureRate&flakyOnly=true'));
  expect(await titles(page)).toEqual(['Apply coupon', 'Pay by card', 'Retry payment']);
  expect(await page.getByLabel('Sort by').inputValue()).toBe('failureRate');
});

it('pages a long list with the pager, the page in the address, and says when nothing is flaky', async () => {
  const org = await createOrg(h.t.db, 'Paging testers');
  const [tester, member] = [await createUser(h.t.db, 'User', [org.orgId]), await createUser(h.t.db, 'Reader', [org.orgId])];
  const big = (await createProject(h.t.db, org.orgId, { projectName: 'Big' })).projectId;
  const ids = await createTests(h.t.db, big, 60, (i) => ({ title: `Case ${String(i).padStart(2, '0')}` }));
  const runId = (await h.t.as(tester.token).post('/run/create', { projectId: big, runName: 'Only run', testIds: ids }).expect(201)).body
    .data.runId;
  const testResults = ids.map((testId, i) => ({ testId, status: 'passed', elapsedMs: (i + 1) * 100 }));
  await h.t.as(tester.token).put('/run/update-test-status', { projectId: big, runId, testResults }).expect(200);

  const page = await h.signIn(member.token);
  const bigUrl = (search = '') => `${h.baseUrl}/projects/${big}/stability${search}`;
  await page.goto(bigUrl('?sort=duration'));
  let listed = await titles(page);
  expect([listed.length, listed[0], listed[49]]).toEqual([50, 'Case 59', 'Case 10']);
  const pager = page.getByRole('navigation', { name: 'Stability pages' });
  expect(await pager.getByText('1–50 of 60').count()).toBe(1);
  await pager.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(bigUrl('?sort=duration&offset=50'));
  listed = await titles(page);
  expect([listed.length, listed[0], listed[9]]).toEqual([10, 'Case 09', 'Case 00']);
  await pager.getByText('51–60 of 60').waitFor();
  expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

  // A new filter starts again from the first page.
  await page.getByLabel('Sort by').selectOption('lastExecuted');
  await page.waitForURL(bigUrl('?sort=lastExecuted'));
  await pager.getByText('1–50 of 60').waitFor();

  // An address past the end of the list offers the first page.
  await page.goto(bigUrl('?sort=lastExecuted&offset=500'));
  expect(await titles(page)).toEqual([]);
  await page.getByText('No tests on this page.').waitFor();
  await page.getByRole('button', { name: 'First page' }).click();
  await page.waitForURL(bigUrl('?sort=lastExecuted'));
  expect(await titles(page)).toHaveLength(50);

  await views(page).getByRole('link', { name: 'Flaky' }).click();
  await page.waitForURL(bigUrl('?sort=lastExecuted&flakyOnly=true'));
  expect(await titles(page)).toEqual([]);
  await page.getByText("No flaky tests in the project's one run.").waitFor();
  expect(await page.getByRole('table').count()).toBe(0);
  await checkScreen(page, 'stability-empty');
});

it('fits a tablet-wide screen: the table scrolls in its own box, never the page', async () => {
  const page = await h.signIn(user.token);
  await page.setViewportSize({ width: 820, height: 1000 });
  await page.goto(url());
  await titles(page);
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
  const box = page.getByRole('region', { name: 'Tests and their stability' });
  // The box takes focus, so the arrow keys scroll it.
  await box.focus();
  type Box = { scrollLeft: number; scrollWidth: number; clientWidth: number };
  const [before, overflowing] = await box.evaluate((el: Box) => [el.scrollLeft, el.scrollWidth > el.clientWidth] as const);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // The browser may scroll smoothly: wait for the box to move (a box that does not overflow stays put).
  if (overflowing) await page.waitForFunction((el: Box) => el.scrollLeft > 0, await box.elementHandle(), { timeout: 5000 });
  expect((await box.evaluate((el: Box) => el.scrollLeft)) > before).toBe(overflowing);
  await page.screenshot({ path: `${SCREENS_DIR}/stability-tablet.png`, fullPage: true });
});
