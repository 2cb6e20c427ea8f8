import type { Page } from 'playwright-core';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// "Compare with…" on a run: the default base preselected, the changes per category as tabs with
// their counts (New failures first), a category's tests paged, the failure groups with the new
// ones marked, another base chosen (kept in the URL), and a project's first run explained.
//
// Three runs on branch main, seeded through the API. Against Nightly 2 (the default base of
// Nightly 3): tests 1–3 newly fail with one assertion message, 4–58 are fixed (55: two pages),
// 59–60 still time out (a message Nightly 2 had too), 69 is added, 0 removed. Against Nightly 1
// (all passed): 1–3 and 59–60 are new failures, 67–69 added, 0 removed.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let projectId: number;
let ids: number[];
const runs: Record<'first' | 'second' | 'third', number> = { first: 0, second: 0, third: 0 };

async function runWith(
  runName: string,
  testIds: number[],
  result: (i: number) => { status: string; comment?: string; elapsedMs?: number },
) {
  const created = await h.t
    .as(user.token)
    .post('/run/create', { projectId, runName, testIds, build: { branch: 'main', commit: runName.replace(' ', '-') } })
    .expect(201);
  const runId: number = created.body.data.runId;
  const testResults = testIds.map((testId) => ({ testId, ...result(ids.indexOf(testId)) }));
  await h.t.as(user.token).put('/run/update-test-status', { runId, projectId, testResults }).expect(200);
  return runId;
}

const range = (from: number, to: number) => ids.slice(from, to + 1);

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Comparers');
  [user, reader] = await Promise.all([createUser(h.t.db, 'User', [org.orgId]), createUser(h.t.db, 'Reader', [org.orgId])]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  ids = await createTests(h.t.db, projectId, 70, () => ({}), 'Check');
  runs.first = await runWith('Nightly 1', range(0, 66), () => ({ status: 'passed', elapsedMs: 1000 }));
  runs.second = await runWith('Nightly 2', range(0, 68), (i) =>
    i >= 4 && i <= 58
      ? { status: 'failed', comment: `Error: connection reset by peer 10.0.0.${i}` }
      : i === 59 || i === 60
        ? { status: 'failed', comment: `TimeoutError: waited 3000 ms for checkout` }
        : { status: 'passed', elapsedMs: i === 1 ? 1200 : 1000 },
  );
  runs.third = await runWith('Nightly 3', range(1, 69), (i) =>
    i <= 3
      ? {
          status: 'failed',
          comment: `AssertionError: expected ${i} items, got ${i + 1}\n    at cart.test.ts:${i}`,
          elapsedMs: i === 1 ? 3400 : 900,
        }
      : i === 59 || i === 60
        ? { status: i === 59 ? 'failed' : 'blocked', comment: `TimeoutError: waited 5000 ms for checkout` }
        : { status: 'passed', elapsedMs: 1000 },
  );
}, 120_000);
afterAll(() => h?.close());

const compareUrl = (runId: number, query = '') => `${h.baseUrl}/projects/${projectId}/runs/${runId}/compare${query}`;
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const base = (page: Page) => page.getByLabel('Compared with');
const rows = (page: Page) => page.getByRole('tabpanel').locator('tbody tr');
const group = (page: Page, signature: string) => page.locator('.failure-group', { hasText: signature });
const focused = (page: Page) =>
  page.evaluate<string>(
    '(() => { const a = document.activeElement; return (a?.getAttribute("role") ?? a?.tagName) + ": " + a?.textContent; })()',
  );

/** Every tab's name (label and count), and the selected one's. */
async function tabs(page: Page) {
  await page.getByRole('tablist', { name: 'Changes by category' }).waitFor();
  return {
    names: await page.getByRole('tab').allTextContents(),
    selected: await page.locator('[role="tab"][aria-selected="true"]').textContent(),
  };
}

it('the run page leads to the comparison: the default base preselected, the counts, New failures first, the groups', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runs.third}`);
  await Promise.all([page.waitForURL(compareUrl(runs.third)), page.getByRole('link', { name: 'Compare with…' }).click()]);
  await page.getByRole('heading', { level: 1, name: 'Compare Nightly 3' }).waitFor();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Compare', exact: true }).waitFor();

  expect(await tabs(page)).toEqual({
    names: ['New failures 3', 'Fixed 55', 'Still failing 2', 'Flaky in run 0', 'Added 1', 'Removed 1'],
    selected: 'New failures 3',
  });
  // The default base (Nightly 2) is the one selected, named as the default; this run is not offered.
  await page.getByRole('option', { name: /^Nightly 1/ }).waitFor({ state: 'attached' });
  expect(await base(page).inputValue()).toBe(String(runs.second));
  expect(await base(page).locator('option:checked').textContent()).toMatch(/^Nightly 2 · .* \(default\)$/);
  expect(await base(page).locator('option').allTextContents()).toHaveLength(2);
  await page.locator('.compare-run').first().getByText('branch main').waitFor();

  // The new failures: both statuses, the time change, a link to each test.
  expect(await rows(page).count()).toBe(3);
  const first = rows(page).first();
  expect(await first.locator('td').allInnerTexts()).toEqual(['Passed', 'Failed', '+2.2 s (1.2 s → 3.4 s)']);
  expect(await first.getByRole('link').getAttribute('href')).toBe(`/projects/${projectId}/tests/${ids[1]}`);
  expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Test', 'Nightly 2 (base)', 'Nightly 3', 'Time change']);

  // The failure groups, most first: the assertion is new, the timeout was in Nightly 2 too.
  const groups = page.locator('.failure-group');
  expect(await groups.count()).toBe(2);
  const assertion = group(page, 'AssertionError: expected <n> items, got <n>');
  expect(await assertion.locator('.failure-new').innerText()).toMatch(/^new$/i);
  await assertion.getByText('3 results').waitFor();
  await assertion.getByText(/^AssertionError: expected \d items, got \d$/).waitFor();
  expect(await assertion.getByRole('link').allTextContents()).toEqual([1, 2, 3].map((i) => `#${ids[i]} Check ${i}`));
  const timeout = group(page, 'TimeoutError: waited <n> ms for checkout');
  await timeout.getByText('2 results').waitFor();
  expect(await timeout.locator('.failure-new').count()).toBe(0);
  expect(await groups.first().textContent()).toContain('AssertionError');
  await checkScreen(page, 'run-compare');
});

it('by keyboard: the arrow keys move between categories, a category pages by 50, and the URL follows', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(compareUrl(runs.third));
  await tab(page, 'New failures 3').waitFor();
  await base(page).focus();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('tab: New failures 3');

  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toBe('tab: Fixed 55');
  await page.waitForURL(compareUrl(runs.third, '?category=fixed'));
  await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Fixed 55' }).waitFor();
  await page.getByRole('tabpanel', { name: 'Fixed 55' }).waitFor();
  expect(await rows(page).count()).toBe(50);
  expect(await rows(page).first().locator('td').allInnerTexts()).toEqual(['Failed', 'Passed', '—']);
  const pager = page.getByRole('navigation', { name: 'Fixed pages' });
  await pager.getByText('1–50 of 55').waitFor();

  // Next by keyboard: the last five, read from the server by category and offset.
  await pager.getByRole('button', { name: 'Next' }).focus();
  const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('category=fixed')), page.keyboard.press('Enter')]);
  expect(new URL(request.url()).searchParams.get('offset')).toBe('50');
  await pager.getByText('51–55 of 55').waitFor();
  await page.waitForURL(compareUrl(runs.third, '?category=fixed&offset=50'));
  await rows(page)
    .first()
    .getByRole('link', { name: `#${ids[54]} Check 54`, exact: true })
    .waitFor();
  expect(await rows(page).count()).toBe(5);
  await checkScreen(page, 'run-compare-fixed-page-2');

  // End goes to the last category (the removed test), Home back to the first.
  await tab(page, 'Fixed 55').focus();
  await page.keyboard.press('End');
  expect(await focused(page)).toBe('tab: Removed 1');
  await page.waitForURL(compareUrl(runs.third, '?category=removed'));
  await page.getByRole('tabpanel', { name: 'Removed 1' }).waitFor();
  expect(await rows(page).first().locator('td').allInnerTexts()).toEqual(['Passed', 'Not in this run', '—']);
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('tabpanel', { name: 'Added 1' }).waitFor();
  expect(await rows(page).first().locator('td').allInnerTexts()).toEqual(['Not in the base run', 'Passed', '—']);
  await page.keyboard.press('ArrowLeft');
  expect(await focused(page)).toBe('tab: Flaky in run 0');
  await page.getByText('No tests in flaky in run.').waitFor();
  await page.keyboard.press('Home');
  expect(await focused(page)).toBe('tab: New failures 3');
});

it('choosing another base keeps it in the URL and compares with it; back returns to the default', async () => {
  const page = await h.signIn(user.token);
  await page.goto(compareUrl(runs.third));
  await tab(page, 'New failures 3').waitFor();
  await page.getByRole('option', { name: /^Nightly 1/ }).waitFor({ state: 'attached' });
  await base(page).focus();
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/v1/run/compare') && r.url().includes(`baseRunId=${runs.first}`)),
    base(page).selectOption(String(runs.first)),
  ]);
  expect(new URL(request.url()).searchParams.get('runId')).toBe(String(runs.third));
  await page.waitForURL(compareUrl(runs.third, `?base=${runs.first}`));
  await tab(page, 'New failures 5').waitFor();
  expect(await tabs(page)).toEqual({
    names: ['New failures 5', 'Fixed 0', 'Still failing 0', 'Flaky in run 0', 'Added 3', 'Removed 1'],
    selected: 'New failures 5',
  });
  expect(await base(page).inputValue()).toBe(String(runs.first));
  await page.getByRole('heading', { name: 'Changes since Nightly 1' }).waitFor();
  expect(await page.getByRole('columnheader').nth(1).innerText()).toBe('Nightly 1 (base)');
  // Nightly 1 had no failure: both groups are new now.
  expect(await page.locator('.failure-group .failure-new').count()).toBe(2);

  // A reload keeps the chosen base; back returns to the default one.
  await page.reload();
  await tab(page, 'New failures 5').waitFor();
  await page.goBack();
  await page.waitForURL(compareUrl(runs.third));
  await tab(page, 'New failures 3').waitFor();
  expect(await base(page).inputValue()).toBe(String(runs.second));
});

it('a project’s first run has nothing to compare with, and says so', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(compareUrl(runs.first));
  await page.getByText('Nothing to compare with yet.').waitFor();
  await page.getByText(/No earlier run of this project shares tests with Nightly 1 on branch main/).waitFor();
  expect(await page.getByRole('tablist').count()).toBe(0);
  expect(await base(page).inputValue()).toBe('');
  await page.getByRole('option', { name: /^Nightly 3/ }).waitFor({ state: 'attached' });
  await page.getByRole('heading', { name: 'Failure groups' }).waitFor();
  await page.getByText('No failed or blocked result of this run has a message.').waitFor();
  await waitForSettled(page);
  await checkScreen(page, 'run-compare-no-base');

  // Another run can still be chosen.
  await base(page).selectOption(String(runs.second));
  await page.waitForURL(compareUrl(runs.first, `?base=${runs.second}`));
  // Nightly 2 came later: what failed there passed in Nightly 1, and its two last tests are not in Nightly 1.
  await tab(page, 'Fixed 57').waitFor();
  await tab(page, 'Removed 2').waitFor();
});
