import type { Page } from 'playwright-core';
import { createLabel, createSection, createTests, labelTests, lookupIds } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// Bulk edit in the catalog never destroys work by a slip: its fields start as "Leave unchanged",
// Apply first says what changes on how many tests, the change can be undone from a toast for at
// least 10 s (each test gets its own previous values back), labels are added or removed keeping
// the others, and tests the current filter hides are left alone unless the person includes them.

let h: WebHarness;
let user: TestUser;
let projectId: number;
let priority: Record<string, number>;
const label: Record<string, number> = {};
let archive: number;

interface Row {
  testId: number;
  title: string;
  priorityId: number | null;
  sectionId: number | null;
  squadId: number | null;
  labels: number[];
}

beforeAll(async () => {
  h = await startWebHarness();
  const db = h.t.db;
  const org = await createOrg(db, 'Bulk editors');
  user = await createUser(db, 'User', [org.orgId]);
  projectId = (await createProject(db, org.orgId, { projectName: 'Bulk shop' })).projectId;
  priority = (await lookupIds(db, projectId)).priority;
  for (const name of ['smoke', 'login', 'slow', 'regression']) label[name] = (await createLabel(db, projectId, name)).labelId;
  const home = (await createSection(db, projectId, 'Home')).sectionId;
  archive = (await createSection(db, projectId, 'Archive')).sectionId;
  const rows: [string, string, string[]][] = [
    ['Sign in', 'High', ['smoke', 'login']],
    ['Sign out', 'Low', ['login']],
    ['Reset password', 'Medium', ['slow']],
    ['Browse home', 'High', []],
    ['Change avatar', 'Critical', ['smoke', 'slow']],
    ['Delete account', 'Low', []],
  ];
  const ids = await createTests(db, projectId, rows.length, (i) => ({
    title: rows[i][0],
    priorityId: priority[rows[i][1]],
    sectionId: home,
  }));
  for (const name of Object.keys(label)) {
    const tagged = rows.flatMap(([, , names], i) => (names.includes(name) ? [ids[i]] : []));
    if (tagged.length) await labelTests(db, label[name], tagged);
  }
}, 120_000);
afterAll(() => h?.close());

const list = (page: Page) => page.getByRole('region', { name: 'Tests', exact: true });
const bulk = (page: Page) => page.getByRole('region', { name: /selected$/ });
const toast = (page: Page) => page.locator('.toast-region');
const tests = async (): Promise<Row[]> =>
  (await h.t.as(user.token).get('/project/tests', { projectId, limit: 100 }).expect(200)).body.data.tests;
const byTitle = async () => Object.fromEntries((await tests()).map((t) => [t.title, t]));

async function openAndSelectAll(page: Page) {
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  await list(page).getByRole('link').first().waitFor();
  await page.getByRole('button', { name: 'Select all 6 that match' }).click();
  await page.getByRole('heading', { level: 2, name: '6 tests selected' }).waitFor();
}

it('applies nothing while the fields are untouched, confirms what changes, and undoes it from the toast', async () => {
  const before = await tests();
  const page = await h.signIn(user.token);
  await openAndSelectAll(page);
  for (const name of ['New priority', 'New squad', 'New section', 'Labels']) {
    expect(await bulk(page).getByLabel(name, { exact: true }).locator('option:checked').textContent()).toBe('Leave unchanged');
  }

  // One click on Apply with untouched fields: no dialog, nothing written.
  await page.getByRole('button', { name: 'Apply to 6 tests…' }).click();
  await bulk(page).getByText('Nothing to apply: every field says “Leave unchanged”.').waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await tests()).toEqual(before);

  // Priority Low: the dialog names the change and how many of the six it changes (two already are Low).
  await bulk(page).getByLabel('New priority').selectOption({ label: 'Low' });
  await page.getByRole('button', { name: 'Apply to 6 tests…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change 4 tests?' });
  await dialog.waitFor();
  await dialog.getByText('Priority becomes Low').waitFor();
  await dialog.getByText('4 of the 6 tests change; 2 already have these values.').waitFor();
  expect(await tests()).toEqual(before); // nothing before the confirmation
  await checkScreen(page, 'catalog-bulk-confirm');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await toast(page).getByText('Changed 4 tests.').waitFor();
  expect((await tests()).map((t) => t.priorityId)).toEqual(before.map(() => priority.Low));
  // The fields are back to "Leave unchanged": a second click cannot repeat the change.
  expect(await bulk(page).getByLabel('New priority').locator('option:checked').textContent()).toBe('Leave unchanged');

  // The toast's Undo is reachable from the keyboard (focus holds it open) and gives every test its own priority back.
  const undo = toast(page).getByRole('button', { name: 'Undo' });
  await undo.focus();
  await checkScreen(page, 'catalog-bulk-undo');
  await page.keyboard.press('Enter');
  await toast(page).getByText('Undone: 4 tests have their previous values again.').waitFor();
  // The change and its undo are each a version of the 4 tests they changed (made after the one keeping what a test
  // held before versions), by the user; the two already at Low stay as they were.
  const changed = (t: Row) => t.priorityId !== priority.Low;
  expect(before.filter(changed)).toHaveLength(4);
  expect(await tests()).toEqual(
    before.map((t) => ({ ...t, updatedAt: expect.any(String), ...(changed(t) ? { version: 3, updatedBy: user.userId } : {}) })),
  );
  await toast(page).getByRole('button', { name: 'Dismiss' }).click();
  expect(await toast(page).getByRole('button').count()).toBe(0);
}, 120_000);

it('adds and removes labels keeping each test’s other labels; the Undo toast stays at least 10 s', async () => {
  const page = await h.signIn(user.token);
  await openAndSelectAll(page);
  await bulk(page).getByLabel('Labels', { exact: true }).selectOption({ label: 'Add…' });
  await bulk(page)
    .getByRole('group', { name: /Labels to add/ })
    .getByLabel('regression')
    .check();
  await page.getByRole('button', { name: 'Apply to 6 tests…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change 6 tests?' });
  await dialog.getByText('Add labels: regression').waitFor();
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await toast(page).getByText('Changed 6 tests.').waitFor();
  let now = await byTitle();
  expect(now['Sign in'].labels).toEqual([label.smoke, label.login, label.regression]);
  expect(now['Change avatar'].labels).toEqual([label.smoke, label.slow, label.regression]);
  expect(now['Delete account'].labels).toEqual([label.regression]);

  await bulk(page).getByLabel('Labels', { exact: true }).selectOption({ label: 'Remove…' });
  await bulk(page)
    .getByRole('group', { name: /Labels to remove/ })
    .getByLabel('smoke')
    .check();
  await page.getByRole('button', { name: 'Apply to 6 tests…' }).click();
  await page.getByRole('dialog', { name: 'Change 2 tests?' }).getByText('2 of the 6 tests change; 4 already have these values.').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
  await toast(page).getByText('Changed 2 tests.').waitFor();
  now = await byTitle();
  expect(now['Sign in'].labels).toEqual([label.login, label.regression]);
  expect(now['Change avatar'].labels).toEqual([label.slow, label.regression]);
  expect(now['Sign out'].labels).toEqual([label.login, label.regression]);

  // Untouched for more than 10 s, the toast still offers Undo; Undo puts smoke back on just those two.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(10_500);
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await toast(page).getByText('Undone: 2 tests have their previous values again.').waitFor();
  now = await byTitle();
  expect(now['Sign in'].labels).toEqual([label.smoke, label.login, label.regression]);
  expect(now['Change avatar'].labels).toEqual([label.smoke, label.slow, label.regression]);
  expect(now['Sign out'].labels).toEqual([label.login, label.regression]);
}, 120_000);

it('says how many selected tests the filter hides, and acts on them only when asked', async () => {
  const before = await byTitle();
  const page = await h.signIn(user.token);
  await openAndSelectAll(page);
  await page.getByRole('search', { name: 'Filter tests' }).getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
  await bulk(page).getByText('4 of them hidden by the current filter.').waitFor();
  await checkScreen(page, 'catalog-bulk-hidden');

  // Moving the two shown tests to Archive leaves the four hidden ones where they are.
  await bulk(page).getByLabel('New section').selectOption({ label: 'Archive' });
  await page.getByRole('button', { name: 'Apply to 2 tests…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change 2 tests?' });
  await dialog.getByText('2 of the 2 tests change.').waitFor();
  await dialog.getByText('The 4 tests hidden by the filter are left as they are.').waitFor();
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await toast(page).getByText('Changed 2 tests.').waitFor();
  const after = await byTitle();
  for (const title of Object.keys(before)) {
    expect({ title, sectionId: after[title].sectionId }).toEqual({
      title,
      sectionId: ['Sign in', 'Browse home'].includes(title) ? archive : before[title].sectionId,
    });
  }

  // A run takes the shown two, or all six once the hidden ones are included.
  await page.getByRole('button', { name: 'Create run from selection' }).click();
  await page.getByRole('dialog', { name: 'Create a run' }).getByText('A run of the 2 selected tests').waitFor();
  await page.keyboard.press('Escape');
  await bulk(page).getByLabel('Also act on the 4 hidden').check();
  await page.getByRole('button', { name: 'Apply to 6 tests…' }).waitFor();
  await page.getByRole('button', { name: 'Create run from selection' }).click();
  await page.getByRole('dialog', { name: 'Create a run' }).getByText('A run of the 6 selected tests').waitFor();
}, 120_000);
