import type { Page } from 'playwright-core';
import { createSection, createTests, lookupIds } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, SCREENS_DIR, startWebHarness, type WebHarness } from './support/web-harness';

// A project's dashboard: the counts as links to the Stability page's filtered lists, the pass
// rate per run (a chart with a table as its text alternative, stepped through by keyboard), the
// flakiest and slowest tests, coverage per section, the period kept in the address; an empty
// project shows what to do instead of empty charts.
//
// Five tests over five runs: "Nightly 0" 45 days old (inside 90 days, outside 30), then four runs
// on main, Nightly 3 a rebuild of Nightly 1's commit. Pay by card flips passed/failed three times
// (flaky by flips); Pay by invoice passed and failed on that one commit (flaky by same commit); Find by name fails last; Find by tag ran only
// in Nightly 0; Log in never ran.

let h: WebHarness;
let user: TestUser;
let projectId: number;
let emptyProjectId: number;
const id: Record<string, number> = {};
const runIds: number[] = [];

type Status = 'passed' | 'failed';
const plan: { build?: { branch: string; buildNumber: string; commit: string }; results: Record<string, [Status, number]> }[] = [
  { results: { card: ['passed', 900], invoice: ['passed', 300], name: ['passed', 4000], tag: ['passed', 100] } },
  {
    build: { branch: 'main', buildNumber: '101', commit: 'aaa1111deadbeef' },
    results: { card: ['passed', 1000], invoice: ['passed', 300], name: ['passed', 5000] },
  },
  {
    build: { branch: 'main', buildNumber: '102', commit: 'bbb2222deadbeef' },
    results: { card: ['failed', 1200], invoice: ['passed', 300], name: ['passed', 5000] },
  },
  {
    build: { branch: 'main', buildNumber: '103', commit: 'aaa1111deadbeef' },
    results: { card: ['passed', 1000], invoice: ['failed', 300], name: ['passed', 6000] },
  },
  { build: { branch: 'main', buildNumber: '104', commit: 'ccc3333deadbeef' }, results: { card: ['failed', 1100], name: ['failed', 5000] } },
];

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Dash testers');
  user = await createUser(h.t.db, 'User', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  emptyProjectId = (await createProject(h.t.db, org.orgId, { projectName: 'Fresh' })).projectId;
  await createTests(h.t.db, emptyProjectId, 3);

  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  const cards = await createSection(h.t.db, projectId, 'Cards', checkout.sectionId);
  const search = await createSection(h.t.db, projectId, 'Search');
  const automated = (await lookupIds(h.t.db, projectId)).automation_status.Automated;
  const tests = [
    { key: 'card', title: 'Pay by card', sectionId: checkout.sectionId },
    { key: 'invoice', title: 'Pay by invoice', sectionId: cards.sectionId },
    { key: 'name', title: 'Find by name', sectionId: search.sectionId, automationStatusId: automated },
    { key: 'tag', title: 'Find by tag', sectionId: search.sectionId },
    { key: 'login', title: 'Log in' },
  ];
  const ids = await createTests(h.t.db, projectId, tests.length, (i) => {
    const { key: _key, ...fields } = tests[i];
    return fields;
  });
  tests.forEach((t, i) => (id[t.key] = ids[i]));

  const api = h.t.as(user.token);
  for (const [r, run] of plan.entries()) {
    const runId = run.build
      ? (await api.post('/run/create', { projectId, runName: `Nightly ${r}`, testIds: ids, build: run.build }).expect(201)).body.data.runId
      : (await startRun(h.t, user.token, projectId, ids, `Nightly ${r}`)).runId;
    runIds.push(runId);
    const testResults = Object.entries(run.results).map(([key, [status, elapsedMs]]) => ({ testId: id[key], status, elapsedMs }));
    await api.put('/run/update-test-status', { projectId, runId, testResults }).expect(200);
  }
  // Nightly 0 happened 45 days ago: in the last 90 days, not in the last 30.
  await h.t.db
    .$executeRaw`UPDATE runs SET created_at = created_at - interval '45 days', results_at = results_at - interval '45 days', results_version = results_version + 1 WHERE id = ${runIds[0]}`;
  await h.t.db.$executeRaw`UPDATE run_tests SET updated_at = updated_at - interval '45 days' WHERE run_id = ${runIds[0]}`;
}, 120_000);
afterAll(() => h?.close());

const url = (project: number, path = '') => `${h.baseUrl}/projects/${project}${path}`;
const stability = (search = '') => `/projects/${projectId}/stability${search}`;

/** The count tiles: each link's text and where it goes. */
async function tiles(page: Page): Promise<{ text: string; href: string | null }[]> {
  const links = page.getByRole('list', { name: 'Test counts' }).getByRole('link');
  const out: { text: string; href: string | null }[] = [];
  for (let i = 0; i < (await links.count()); i += 1) {
    out.push({ text: (await links.nth(i).innerText()).replace(/\s+/g, ' ').trim(), href: await links.nth(i).getAttribute('href') });
  }
  return out;
}

/** A table's body rows, each as its cells' texts (the row header first), once the table shows. */
async function rows(page: Page, name: RegExp | string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  // A table inside a <details> is in the accessibility tree once that has opened.
  await table.waitFor();
  const trs = table.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await trs.count()); i += 1) out.push((await trs.nth(i).locator('th, td').allTextContents()).map((t) => t.trim()));
  return out;
}

/** The accessible label of the element with focus (a string: the tests compile without the DOM types). */
const focusedLabel = (page: Page) =>
  page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('aria-label')");

it('opens on the dashboard: counts linking to the Stability page, the flakiest and slowest tests, coverage', async () => {
  const page = await h.signIn(user.token);
  // The project's own address opens its dashboard, first in the project navigation.
  await page.goto(url(projectId));
  await page.waitForURL(url(projectId, '/dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Dashboard of Shop' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Project' }).getByRole('link');
  expect(await nav.allTextContents()).toEqual(['Dashboard', 'Catalog', 'Runs', 'Plans', 'Milestones', 'Stability', 'Metadata']);
  expect(await nav.first().getAttribute('aria-current')).toBe('page');
  expect(await page.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(true);

  await page.getByRole('list', { name: 'Test counts' }).waitFor();
  expect(await tiles(page)).toEqual([
    { text: '5 Tests live in the catalog', href: stability() },
    { text: '2 Flaky passed and failed by turns', href: stability('?flakyOnly=true&window=4') },
    { text: '3 Failing last result failed or blocked', href: stability('?sort=failureRate') },
    { text: '2 Never run in the last 30 days’ runs', href: stability('?neverRun=true&window=4') },
    { text: '2 Stale not executed in 30 days', href: stability('?staleDays=30') },
  ]);

  // Most flips first; why each is flaky is written out.
  expect(await rows(page, 'Flakiest tests')).toEqual([
    ['Pay by card', '3', '50%', 'Flips between passed and failed'],
    ['Pay by invoice', '1', '33%', 'Passed and failed on one commit'],
    ['Find by name', '1', '25%', 'Not flaky yet (fewer than 3 flips)'],
  ]);
  const flakiest = page.getByRole('table', { name: 'Flakiest tests' });
  expect(await flakiest.getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe(`/projects/${projectId}/tests/${id.card}`);
  expect((await rows(page, 'Slowest tests'))[0]).toEqual(['Find by name', '5 s', '25%']);
  expect(await rows(page, 'Execution coverage')).toEqual([
    ['No section', '1', '0', '0%'],
    ['Checkout', '2', '2', '100%'],
    ['Search', '2', '1', '50%'],
  ]);
  expect((await page.getByText(/Automated: \d/).innerText()).trim()).toBe('Automated: 1 (20%), manual: 4 (80%)');

  // A tile is a link: Enter on it opens the Stability page's list of flaky tests.
  await page.getByRole('link', { name: /Flaky/ }).focus();
  await Promise.all([page.waitForURL(url(projectId, '/stability?flakyOnly=true&window=4')), page.keyboard.press('Enter')]);
  // There the two flaky tests are the list.
  await page.getByRole('heading', { level: 1, name: 'Stability of Shop' }).waitFor();
  const listed = page.getByRole('table', { name: 'Tests and their stability' }).locator('tbody tr th');
  await listed.first().waitFor();
  expect((await listed.allTextContents()).map((t) => t.trim()).sort()).toEqual(['Pay by card', 'Pay by invoice']);
});

it('draws the pass rate per run with a table as its text alternative, and steps through the runs by keyboard', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url(projectId, '/dashboard'));
  const chart = page.getByRole('img', { name: /^Pass rate per run/ });
  await chart.waitFor();
  expect(await chart.getAttribute('aria-label')).toBe(
    'Pass rate per run: 4 runs, from 0% to 60%; the latest, Nightly 4, 0%. The table below lists every run.',
  );
  // The chart is drawn by uPlot on a canvas.
  await chart.locator('canvas').waitFor();

  // The table opens from the keyboard.
  await page.getByText('Pass rate per run as a table').focus();
  await page.keyboard.press('Enter');
  expect(await rows(page, 'Pass rate per run, oldest first')).toEqual([
    ['Nightly 1', 'main · #101 · aaa1111', expect.any(String), '3 of 5', '60%'],
    ['Nightly 2', 'main · #102 · bbb2222', expect.any(String), '2 of 5', '40%'],
    ['Nightly 3', 'main · #103 · aaa1111', expect.any(String), '2 of 5', '40%'],
    ['Nightly 4', 'main · #104 · ccc3333', expect.any(String), '0 of 5', '0%'],
  ]);
  await page.getByText('Results per day as a table').click();
  const today = (await rows(page, /^Results per day/)).at(-1);
  // Every current result of the four runs was recorded today: 7 passed, 4 failed.
  expect(today?.slice(1)).toEqual(['7', '4', '0', '0']);

  // Tab reaches the chart; the arrow keys move its tooltip from run to run.
  await page.getByRole('radio', { name: 'Last 30 days' }).focus();
  const label = await chart.getAttribute('aria-label');
  for (let presses = 0; presses < 30 && (await focusedLabel(page)) !== label; presses += 1) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe(label);
  const tooltip = chart.locator('.chart-tooltip');
  /** The tooltip's text once it starts with `run` (it follows the key on the next frame). */
  const tip = async (run: string) => {
    await page.waitForFunction(
      `(document.querySelector('.chart-tooltip:not([hidden])')?.innerText ?? '').startsWith(${JSON.stringify(`${run}\n`)})`,
    );
    return tooltip.innerText();
  };
  await page.keyboard.press('ArrowRight');
  expect(await tip('Nightly 1')).toMatch(/^Nightly 1\nmain · #101 · aaa1111\n.+\nPass rate 60% \(3 of 5 passed\)$/);
  await page.keyboard.press('End');
  expect(await tip('Nightly 4')).toMatch(/^Nightly 4\nmain · #104 · ccc3333\n.+\nPass rate 0% \(0 of 5 passed\)$/);
  await page.keyboard.press('ArrowLeft');
  expect(await tip('Nightly 3')).toMatch(/^Nightly 3\nmain · #103 · aaa1111\n/);
  await page.screenshot({ path: `${SCREENS_DIR}/dashboard-tooltip.png` });
  await page.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'hidden' });

  await checkScreen(page, 'dashboard');
});

it('keeps the period in the address: 90 days brings in the older run and its tests', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url(projectId, '/dashboard'));
  await page.getByRole('list', { name: 'Test counts' }).waitFor();
  // The periods are one radio group: the arrow key chooses the next.
  await page.getByRole('radio', { name: 'Last 30 days' }).focus();
  await Promise.all([page.waitForURL(url(projectId, '/dashboard?days=90')), page.keyboard.press('ArrowRight')]);
  // The address changes before React renders the choice.
  await page.getByRole('radio', { name: 'Last 90 days', checked: true }).waitFor();
  expect(await page.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(false);
  await page.locator('.dashboard[data-days="90"][aria-busy="false"]').waitFor();
  expect((await tiles(page)).slice(3)).toEqual([
    { text: '1 Never run in the last 90 days’ runs', href: stability('?neverRun=true&window=5') },
    { text: '1 Stale not executed in 90 days', href: stability('?staleDays=90') },
  ]);
  expect(await page.getByRole('img', { name: /^Pass rate per run/ }).getAttribute('aria-label')).toMatch(/^Pass rate per run: 5 runs,/);
  expect((await rows(page, 'Execution coverage'))[2]).toEqual(['Search', '2', '2', '100%']);

  // A reload (or a shared link) shows the same period.
  await page.reload();
  await page.locator('.dashboard[data-days="90"]').waitFor();
  expect(await page.getByRole('radio', { name: 'Last 90 days' }).isChecked()).toBe(true);
  await page.getByText('Pass rate per run as a table').click();
  expect((await rows(page, 'Pass rate per run, oldest first')).map((r) => r[0])).toEqual([
    'Nightly 0',
    'Nightly 1',
    'Nightly 2',
    'Nightly 3',
    'Nightly 4',
  ]);
  // Back returns to the period before.
  await page.goBack();
  await page.waitForURL(url(projectId, '/dashboard'));
  await page.locator('.dashboard[data-days="30"]').waitFor();
  expect(await page.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(true);
});

it('shows a project without runs what to do instead of empty charts', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url(emptyProjectId, '/dashboard'));
  await page.getByRole('heading', { level: 2, name: 'No runs in the last 30 days' }).waitFor();
  expect(await page.getByRole('img').count()).toBe(0);
  expect(await page.getByRole('heading', { level: 2, name: 'Flakiest tests' }).count()).toBe(0);
  expect((await tiles(page)).map((t) => t.text.split(' ')[0])).toEqual(['3', '0', '0', '3', '3']);
  const empty = page.getByRole('region', { name: 'No runs in the last 30 days' });
  expect(await empty.getByRole('link', { name: 'Runs' }).getAttribute('href')).toBe(`/projects/${emptyProjectId}/runs`);
  await checkScreen(page, 'dashboard-empty');
});
