import type { Page } from 'playwright-core';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// A project's custom fields in the browser: an Admin defines a required choice with a default, a
// number and several choices from the Custom fields page; a new test in the catalog takes the
// default; the test case page edits the values by type and saves them; a field is renamed and
// deleted with its values. A Reader reads the fields and the values, and changes nothing.

let h: WebHarness;
let admin: TestUser;
let reader: TestUser;
let projectId: number;
let testId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Field testers');
  [admin, reader] = await Promise.all([createUser(h.t.db, 'Admin', [org.orgId]), createUser(h.t.db, 'Reader', [org.orgId])]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  [testId] = await createTests(h.t.db, projectId, 1, () => ({ title: 'Pay by card' }));
}, 120_000);
afterAll(() => h?.close());

const url = () => `${h.baseUrl}/projects/${projectId}/fields`;
const newField = (page: Page) => page.getByRole('form', { name: 'New custom field' });
const fieldsOnServer = async () =>
  (await h.t.as(admin.token).get('/custom-fields', { projectId }).expect(200)).body.data as {
    key: string;
    name: string;
    fieldId: number;
  }[];

/** Fills the New field form and adds it, waiting for it in the list. */
async function addField(page: Page, f: { name: string; type: string; options?: string; required?: boolean; defaultOption?: string }) {
  const form = newField(page);
  await form.getByLabel('Name').fill(f.name);
  await form.getByLabel('Type').selectOption({ label: f.type });
  if (f.options) await form.getByLabel('Options, one a line').fill(f.options);
  if (f.required) await form.getByLabel('Required').check();
  if (f.defaultOption) await form.getByLabel('Default value').selectOption(f.defaultOption);
  await form.getByLabel('Name').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Fields' }).getByText(f.name, { exact: true }).waitFor();
}

it('defines fields, gives a new test the default, and edits the values on the test case page', async () => {
  const page = await h.signIn(admin.token);
  // Custom fields are project settings, reached from the Metadata page (as shared steps are).
  await page.goto(`${h.baseUrl}/projects/${projectId}/metadata`);
  await page.getByRole('link', { name: 'Custom fields', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Custom fields of Shop' }).waitFor();
  expect(page.url()).toBe(url());
  await checkScreen(page, 'custom-fields-empty');

  await addField(page, { name: 'Component', type: 'Choice', options: 'Checkout\nSearch', required: true, defaultOption: 'Checkout' });
  await addField(page, { name: 'Story points', type: 'Number' });
  await addField(page, { name: 'Browsers', type: 'Several choices', options: 'Chrome\nFirefox\nSafari' });
  expect((await fieldsOnServer()).map((f) => f.key)).toEqual(['component', 'story_points', 'browsers']);
  await checkScreen(page, 'custom-fields');

  // A new test in the catalog: the required field is asked for, its default chosen already.
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  const quick = page.getByRole('form', { name: 'New test' });
  await quick.getByLabel('Component').waitFor();
  expect(await quick.getByLabel('Component').locator('option:checked').textContent()).toBe('Checkout');
  await page.getByLabel('New test title').fill('Refund to card');
  await page.getByRole('button', { name: 'Add test' }).click();
  await page.getByRole('status').getByText('Added').waitFor();
  const created = await h.t.db.test.findFirstOrThrow({ where: { projectId, title: 'Refund to card' } });
  expect(created.customFields).toEqual({ component: 'Checkout' });

  // The test case page: an input per test field, by type.
  await page.goto(`${h.baseUrl}/projects/${projectId}/tests/${testId}`);
  await page.getByLabel('Story points').fill('3');
  await page.getByLabel('Component').selectOption('Search');
  await page.getByRole('group', { name: 'Browsers' }).getByLabel('Firefox').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').getByText('Saved').waitFor();
  const saved = await h.t.db.test.findUniqueOrThrow({ where: { testId } });
  expect(saved.customFields).toEqual({ component: 'Search', story_points: 3, browsers: ['Firefox'] });
  await checkScreen(page, 'custom-fields-test-case');
});

it('renames a field and deletes one with its values', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(url());
  await page.getByRole('button', { name: 'Edit Story points' }).click();
  const edit = page.getByRole('form', { name: 'Edit Story points' });
  await edit.getByLabel('Name').fill('Effort');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Edit Effort' }).waitFor();

  await page.getByRole('button', { name: 'Delete Browsers' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete field “Browsers”?' });
  await checkScreen(page, 'custom-fields-delete');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await fieldsOnServer()).map((f) => f.name)).toEqual(['Component', 'Effort']);
  expect((await h.t.db.test.findUniqueOrThrow({ where: { testId } })).customFields).toEqual({ component: 'Search', story_points: 3 });
});

it('shows a Reader the fields and the values, read-only', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(url());
  await page.getByRole('list', { name: 'Fields' }).getByText('Component', { exact: true }).waitFor();
  expect(await newField(page).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
  await page.goto(`${h.baseUrl}/projects/${projectId}/tests/${testId}`);
  await page.getByLabel('Effort').waitFor();
  await waitForSettled(page);
  expect(await page.getByLabel('Effort').inputValue()).toBe('3');
  expect(await page.getByLabel('Effort').isDisabled()).toBe(true);
  await checkScreen(page, 'custom-fields-reader');
});

it('filters the catalog by each kind of test field, kept in the address', async () => {
  const org = (await h.t.db.project.findUniqueOrThrow({ where: { projectId } })).orgId;
  const fp = (await createProject(h.t.db, org, { projectName: 'Filtered' })).projectId;
  const as = h.t.as(admin.token);
  for (const f of [
    { name: 'Component', type: 'select', options: ['Checkout', 'Search'] },
    { name: 'Browsers', type: 'multiselect', options: ['Chrome', 'Firefox'] },
    { name: 'Smoke', type: 'checkbox' },
    { name: 'Owner', type: 'text' },
    { name: 'Points', type: 'number' },
    { name: 'Due', type: 'date' },
    { name: 'Env', type: 'text', appliesTo: 'result' },
  ])
    await as.post('/project/add-custom-field', { projectId: fp, appliesTo: 'test', ...f }).expect(201);
  const tests: [string, Record<string, unknown>][] = [
    ['Pay by card', { component: 'Checkout', browsers: ['Chrome'], smoke: true, points: 3, due: '2027-01-10', owner: 'alice' }],
    ['Refund', { component: 'Checkout', browsers: ['Chrome', 'Firefox'], points: 8, due: '2027-03-01' }],
    ['Find by name', { component: 'Search', browsers: ['Firefox'], smoke: false, points: 1, owner: 'bob' }],
    ['Empty search', {}],
  ];
  for (const [title, customFields] of tests) await as.post('/test/create', { projectId: fp, title, customFields }).expect(201);

  const page = await h.signIn(reader.token);
  const catalog = `${h.baseUrl}/projects/${fp}/catalog`;
  const titles = () => page.getByRole('region', { name: 'Tests', exact: true }).getByRole('link').allTextContents();
  const shows = async (n: number, expected: string[]) => {
    await page
      .locator('.test-count')
      .getByText(`${n} ${n === 1 ? 'test' : 'tests'}`, { exact: true })
      .waitFor();
    await waitForSettled(page);
    expect(await titles()).toEqual(expected);
  };
  const query = () => Object.fromEntries(new URL(page.url()).searchParams);
  await page.goto(catalog);
  await shows(4, ['Pay by card', 'Refund', 'Find by name', 'Empty search']);

  // The fold opens from the keyboard and offers the fields of tests (not Env, a field of results) in order.
  const fold = page.getByText('Custom fields', { exact: true });
  await fold.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate('document.activeElement.id')).toBe('filter-cf-component');
  const labels = await page.locator('.field-filter-list label').allTextContents();
  expect(labels).toEqual(['Component', 'Browsers includes', 'Smoke', 'Owner', 'Points from', 'Points to', 'Due from', 'Due to']);

  // A choice; a multiselect holds the option; a checkbox is Yes or No.
  await page.getByLabel('Component').selectOption('Checkout');
  await shows(2, ['Pay by card', 'Refund']);
  expect(query()).toEqual({ 'cf.component': 'Checkout' });
  await page.getByLabel('Browsers includes').selectOption('Firefox');
  await shows(1, ['Refund']);
  await page.getByLabel('Component').selectOption('');
  await shows(2, ['Refund', 'Find by name']);
  await page.getByLabel('Browsers includes').selectOption('');
  await page.getByLabel('Smoke').selectOption({ label: 'No' });
  await shows(1, ['Find by name']);
  await page.getByLabel('Smoke').selectOption({ label: 'Any' });

  // Typed text is exact; number and date ranges take either bound or both.
  await page.getByLabel('Owner').focus();
  await page.keyboard.type('bob');
  await shows(1, ['Find by name']);
  await page.getByLabel('Owner').fill('');
  await page.getByLabel('Points from').fill('2');
  await shows(2, ['Pay by card', 'Refund']);
  await page.getByLabel('Points to').fill('5');
  await shows(1, ['Pay by card']);
  await page.getByLabel('Points to').fill('');
  await page.getByLabel('Due to').fill('2027-02-01');
  await shows(1, ['Pay by card']);
  await page.getByLabel('Due from').fill('2027-02-01');
  await page.getByLabel('Due to').fill('');
  await shows(1, ['Refund']);
  expect(query()).toEqual({ 'cf.points.gte': '2', 'cf.due.gte': '2027-02-01' });

  // The address keeps the filters: a reload shows the same tests, the fold open with the values.
  await page.reload();
  await shows(1, ['Refund']);
  expect(await page.getByLabel('Points from').inputValue()).toBe('2');
  expect(await page.getByLabel('Due from').inputValue()).toBe('2027-02-01');
  await page.getByText('Custom fields (2 set)', { exact: true }).waitFor();
  await checkScreen(page, 'catalog-field-filters');
});
