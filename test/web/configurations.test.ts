import type { Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// A project's configurations in the browser: a User reaches them from the Metadata page, adds
// groups (options one a line, or separated by commas; a name listed twice refused before anything
// is sent), edits one by keyboard (renamed, an option renamed, one added, one removed, the order
// changed) keeping the ids of the options it keeps; an Admin deletes one after a confirmation;
// a Reader only reads. axe and the 390-px width pass on each screen.

let h: WebHarness;
let user: TestUser;
let admin: TestUser;
let reader: TestUser;
let projectId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Configurers');
  [user, admin, reader] = await Promise.all([
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Admin', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
}, 120_000);
afterAll(() => h?.close());

const url = () => `${h.baseUrl}/projects/${projectId}/configurations`;
const newGroup = (page: Page) => page.getByRole('form', { name: 'New configuration group' });
const chips = (page: Page, group: string) =>
  page
    .getByRole('list', { name: `Options of ${group}` })
    .getByRole('listitem')
    .allInnerTexts();
const onServer = async () =>
  (await h.t.as(reader.token).get('/project/configurations', { projectId }).expect(200)).body.data.groups as {
    groupId: number;
    name: string;
    options: { optionId: number; name: string; position: number }[];
  }[];

async function addGroup(page: Page, name: string, options: string) {
  const form = newGroup(page);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Options, one a line or separated by commas').fill(options);
  await form.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('list', { name: `Options of ${name}` }).waitFor();
}

it('adds groups from the Metadata page, one option a line or separated by commas, refusing a name listed twice', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/metadata`);
  await page.getByRole('link', { name: 'Configurations', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Configurations of Shop' }).waitFor();
  expect(page.url()).toBe(url());
  await page.getByText('None yet.').waitFor();
  await checkScreen(page, 'configurations-empty');

  const form = newGroup(page);
  await form.getByLabel('Name').fill('Browser');
  await form.getByLabel('Options, one a line or separated by commas').fill('Chrome\nFirefox\nchrome');
  await form.getByRole('button', { name: 'Add group' }).click();
  await form.getByRole('alert').getByText('“chrome” is listed twice.').waitFor();
  expect(await h.t.db.configurationGroup.count({ where: { projectId } })).toBe(0);
  await form.getByLabel('Options, one a line or separated by commas').fill('Chrome\nFirefox\nSafari\nInternet Explorer');
  await form.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('list', { name: 'Options of Browser' }).waitFor();
  expect(await form.getByLabel('Name').inputValue()).toBe('');
  await addGroup(page, 'OS', 'Linux, Windows, macOS');
  // A name the project has, in another case: the server's 409 is shown.
  await form.getByLabel('Name').fill('browser');
  await form.getByLabel('Options, one a line or separated by commas').fill('Edge');
  await form.getByRole('button', { name: 'Add group' }).click();
  await form
    .getByRole('alert')
    .getByText(/Configuration group already exists/)
    .waitFor();

  expect(await chips(page, 'Browser')).toEqual(['Chrome', 'Firefox', 'Safari', 'Internet Explorer']);
  expect(await chips(page, 'OS')).toEqual(['Linux', 'Windows', 'macOS']);
  expect((await onServer()).map((g) => g.name)).toEqual(['Browser', 'OS']);
  await checkScreen(page, 'configurations');
});

it('edits a group by keyboard: renamed, an option renamed, added, removed and moved, keeping the ids of those kept', async () => {
  const [before] = await onServer();
  const id = (name: string) => before.options.find((o) => o.name === name)!.optionId;
  const page = await h.signIn(user.token);
  await page.goto(url());
  await page.getByRole('button', { name: 'Edit Browser' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Edit Browser' });
  await form.getByLabel('Name', { exact: true }).fill('Web browser');
  await form.getByRole('button', { name: 'Remove Internet Explorer' }).focus();
  await page.keyboard.press('Enter');
  await form.getByLabel('Option 3').fill('Safari 17');
  await form.getByRole('button', { name: 'Move Safari 17 up' }).focus();
  await page.keyboard.press('Enter');
  await form.getByLabel('New option').focus();
  await page.keyboard.type('Edge');
  await page.keyboard.press('Enter');
  const inputs = await form.getByRole('textbox', { name: /^Option \d$/ }).all();
  expect(await Promise.all(inputs.map((input) => input.inputValue()))).toEqual(['Chrome', 'Safari 17', 'Firefox', 'Edge']);
  await checkScreen(page, 'configurations-edit');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Edit Web browser' }).waitFor();
  expect(await chips(page, 'Web browser')).toEqual(['Chrome', 'Safari 17', 'Firefox', 'Edge']);
  const after = (await onServer()).find((g) => g.groupId === before.groupId)!;
  expect(after.options.map((o) => [o.optionId, o.name])).toEqual([
    [id('Chrome'), 'Chrome'],
    [id('Safari'), 'Safari 17'],
    [id('Firefox'), 'Firefox'],
    [expect.any(Number), 'Edge'],
  ]);
  expect(await h.t.db.configurationOption.findUnique({ where: { optionId: id('Internet Explorer') } })).toBeNull();
});

it('deletes a group after a confirmation (Admin only); a Reader reads and changes nothing', async () => {
  const userPage = await h.signIn(user.token);
  await userPage.goto(url());
  await userPage.getByRole('button', { name: 'Edit OS' }).waitFor();
  expect(await userPage.getByRole('button', { name: /^Delete / }).count()).toBe(0);

  const page = await h.signIn(admin.token);
  await page.goto(url());
  await page.getByRole('button', { name: 'Delete OS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete group “OS”?' });
  await dialog.getByText('Its 3 options go with it.', { exact: false }).waitFor();
  await checkScreen(page, 'configurations-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await onServer()).map((g) => g.name)).toEqual(['OS', 'Web browser']);
  await page.getByRole('button', { name: 'Delete OS' }).click();
  await dialog.getByRole('button', { name: 'Delete group' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('list', { name: 'Options of OS' }).waitFor({ state: 'detached' });
  expect((await onServer()).map((g) => g.name)).toEqual(['Web browser']);

  const readerPage = await h.signIn(reader.token);
  await readerPage.goto(url());
  await readerPage.getByRole('list', { name: 'Options of Web browser' }).waitFor();
  await waitForSettled(readerPage);
  expect(await newGroup(readerPage).count()).toBe(0);
  expect(await readerPage.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
  await checkScreen(readerPage, 'configurations-reader');
});
