import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// The CSV import page: from the catalog, a TestRail export is chosen, checked at once (its columns
// and the fields they go to, the counts, the first tests), a column is mapped to another field and
// checked again, then imported; the tests are there through the API. A file with a bad row shows
// its error (row, column, reason) and cannot be imported; a refused mapping keeps the columns to fix it.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let orgId: number;

beforeAll(async () => {
  h = await startWebHarness();
  orgId = (await createOrg(h.t.db, 'Importers')).orgId;
  [user, reader] = await Promise.all([createUser(h.t.db, 'User', [orgId]), createUser(h.t.db, 'Reader', [orgId])]);
}, 120_000);
afterAll(() => h?.close());

const testrail = fs.readFileSync(path.join(__dirname, '../fixtures/csv/testrail.csv'));
const csvFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });
const column = (page: Page, header: string) => page.getByRole('table', { name: 'Columns of the file' }).getByLabel(header, { exact: true });
const preview = (page: Page) => page.locator('.csv-preview table');
const importButton = (page: Page) => page.getByRole('button', { name: /^Import/ });

async function testsOf(projectId: number) {
  const res = await h.t.as(reader.token).get('/project/tests', { projectId, limit: 100 }).expect(200);
  return res.body.data.tests as { title: string; labels: { labelName: string }[] | number[] }[];
}

it('a User imports a TestRail export from the catalog: mapping, counts and preview, a column changed, then the tests exist', async () => {
  const projectId = (await createProject(h.t.db, orgId, { projectName: 'Shop' })).projectId;
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.waitForURL(`${h.baseUrl}/projects/${projectId}/import`);
  await page.getByRole('heading', { name: 'Import tests from CSV into Shop' }).waitFor();

  // Keyboard first: the preset and the file input are labelled controls in the tab order.
  await page.getByLabel('Exported from').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate('document.activeElement.id')).toBe('csv-file');
  await page.getByLabel('Exported from').selectOption('testrail');
  await page.getByLabel('CSV file').setInputFiles(csvFile('testrail.csv', testrail));

  // The dry run answers at once: each header with its field, the counts, the first tests.
  await preview(page).waitFor();
  expect(await column(page, 'Section Hierarchy').inputValue()).toBe('section');
  expect(await column(page, 'Section').inputValue()).toBe('ignore');
  expect(await column(page, 'Steps (Step)').inputValue()).toBe('stepAction');
  const counts = page.locator('.csv-counts');
  expect(await counts.innerText()).toContain('6 rows read');
  expect(await counts.innerText()).toContain('4 tests to create');
  expect(await counts.innerText()).toContain('5 new sections: Checkout, Checkout > Payment, Login, Account, Account > Reports');
  expect(await counts.innerText()).toContain('0 new labels');
  const firstRow = preview(page).locator('tbody tr').first();
  expect(await firstRow.innerText()).toContain('Pay by card');
  expect(await firstRow.innerText()).toContain('Checkout > Payment');
  expect(await preview(page).locator('tbody tr').count()).toBe(4);

  // References into labels: checked again with the column mapped.
  await column(page, 'References').selectOption('labels');
  await page.getByText('1 new label: JIRA-12').waitFor();
  expect(await firstRow.innerText()).toContain('JIRA-12');
  await waitForSettled(page);
  expect(await importButton(page).isEnabled()).toBe(true);
  await checkScreen(page, 'csv-import-mapping');

  await importButton(page).click();
  await page.getByText('Imported 4 tests, with 5 new sections and 1 new label.').waitFor();
  await checkScreen(page, 'csv-import-done');
  const tests = await testsOf(projectId);
  expect(tests.map((t) => t.title)).toEqual(['Pay by card', 'Pay by invoice', 'Log in with a "remembered" password', 'Export the orders']);

  // Back in the catalog, the new tests are listed.
  await page.getByRole('link', { name: 'Open the catalog' }).click();
  await page.waitForURL(`${h.baseUrl}/projects/${projectId}/catalog`);
  await page.getByRole('status').filter({ hasText: '4 tests' }).waitFor();
});

it('a bad row shows its row, column and reason and Import stays disabled; a refused mapping keeps the columns to change back', async () => {
  const projectId = (await createProject(h.t.db, orgId, { projectName: 'Bank' })).projectId;
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/import`);
  await page.getByLabel('Exported from').selectOption('testrail');
  await page
    .getByLabel('CSV file')
    .setInputFiles(csvFile('bad.csv', Buffer.from('Title,Priority\nOpen an account,High\nClose it,Urgent\n')));

  const errors = page.getByRole('table', { name: 'Row errors' });
  await errors.waitFor();
  const cells = await errors.locator('tbody tr').first().locator('td').allInnerTexts();
  expect(cells.slice(0, 2)).toEqual(['3', 'Priority']);
  expect(cells[2]).toContain('Urgent');
  expect(await page.getByRole('alert').first().innerText()).toContain('1 row error');
  expect(await importButton(page).isDisabled()).toBe(true);
  expect(await page.getByText('Fix the row errors first.').isVisible()).toBe(true);
  await checkScreen(page, 'csv-import-errors');

  // No title column: the server refuses the mapping; the table stays so it can be changed back.
  await column(page, 'Title').selectOption('ignore');
  await page.getByRole('alert').filter({ hasText: 'no column holds the title' }).waitFor();
  expect(await importButton(page).isDisabled()).toBe(true);
  await column(page, 'Title').selectOption('title');
  await errors.waitFor();
  // Priority not imported: no error remains, and the file can be imported.
  await column(page, 'Priority').selectOption('ignore');
  await errors.waitFor({ state: 'detached' });
  await waitForSettled(page);
  expect(await importButton(page).innerText()).toBe('Import 2 tests');
  expect(await importButton(page).isEnabled()).toBe(true);
  expect(await testsOf(projectId)).toEqual([]);
});

it('a Reader sees no Import CSV in the catalog', async () => {
  const projectId = (await createProject(h.t.db, orgId)).projectId;
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  await page.getByRole('heading', { name: 'All tests' }).waitFor();
  await waitForSettled(page);
  expect(await page.getByRole('link', { name: 'Import CSV' }).count()).toBe(0);
});
