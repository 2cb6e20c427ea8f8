import type { Page } from 'playwright-core';
import { createLabel, createSquad, createTests, labelTests, lookupIds } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// A project's metadata page: an Admin adds, renames and deletes a label, a squad and a priority
// from the keyboard, and is told why a value a test holds cannot be deleted. A User may add and
// rename but not delete; a Reader only reads.

let h: WebHarness;
let admin: TestUser;
let user: TestUser;
let reader: TestUser;
let projectId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Metadata testers');
  [admin, user, reader] = await Promise.all([
    createUser(h.t.db, 'Admin', [org.orgId]),
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  // One test holds the priority High, the squad Team Pay and the label smoke.
  const high = (await lookupIds(h.t.db, projectId)).priority.High;
  const squad = await createSquad(h.t.db, projectId, 'Team Pay');
  const label = await createLabel(h.t.db, projectId, 'smoke');
  const [testId] = await createTests(h.t.db, projectId, 1, () => ({ title: 'Pay by card', priorityId: high, squadId: squad.squadId }));
  await labelTests(h.t.db, label.labelId, [testId]);
}, 120_000);
afterAll(() => h?.close());

const url = () => `${h.baseUrl}/projects/${projectId}/metadata`;
const list = (page: Page, heading: string) => page.getByRole('region', { name: heading });
const names = (page: Page, heading: string) => list(page, heading).locator('.value-name').allTextContents();

/** Adds a value by typing its name in the list's "New ..." field and pressing Enter. */
async function add(page: Page, heading: string, noun: string, name: string) {
  await list(page, heading).getByLabel(`New ${noun}`).focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await list(page, heading).locator('.value-name', { hasText: name }).waitFor();
}

/** Renames in place from the keyboard: Rename, select the old name, type the new one, Enter. */
async function rename(page: Page, heading: string, noun: string, from: string, to: string) {
  await list(page, heading)
    .getByRole('button', { name: `Rename ${noun} ${from}` })
    .focus();
  await page.keyboard.press('Enter');
  const field = list(page, heading).getByLabel(`New name of ${noun} ${from}`);
  await field.waitFor();
  expect(await page.evaluate("document.activeElement?.labels?.[0]?.textContent ?? ''")).toBe(`New name of ${noun} ${from}`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
  await list(page, heading)
    .getByRole('button', { name: `Rename ${noun} ${to}` })
    .waitFor();
}

/** Deletes after confirming, from the keyboard: Delete, then the dialog's Delete. */
async function remove(page: Page, heading: string, noun: string, name: string) {
  await list(page, heading)
    .getByRole('button', { name: `Delete ${noun} ${name}` })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Delete ${noun} “${name}”?` });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
}

it('adds, renames and deletes a label, a squad and a priority from the keyboard', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Metadata' }).click();
  await page.getByRole('heading', { level: 1, name: 'Metadata of Shop' }).waitFor();
  expect(page.url()).toBe(url());
  expect(await names(page, 'Priorities')).toEqual(['Critical', 'High', 'Medium', 'Low']);
  await checkScreen(page, 'project-metadata');

  for (const [heading, noun, first, second] of [
    ['Labels', 'label', 'nightly', 'nightly-web'],
    ['Squads', 'squad', 'Team Ship', 'Team Delivery'],
    ['Priorities', 'priority', 'Blocker', 'Showstopper'],
  ] as const) {
    await add(page, heading, noun, first);
    await rename(page, heading, noun, first, second);
    expect(await names(page, heading)).toContain(second);
    expect(await names(page, heading)).not.toContain(first);
    if (heading === 'Priorities') await checkScreen(page, 'project-metadata-renamed');
    await remove(page, heading, noun, second);
    expect(await names(page, heading)).not.toContain(second);
  }
  // What the server holds now.
  const api = (path: string) => h.t.as(admin.token).get(path, { projectId }).expect(200);
  expect((await api('/labels')).body.data.map((l: { labelName: string }) => l.labelName)).toEqual(['smoke']);
  expect((await api('/squads')).body.data.map((s: { squadName: string }) => s.squadName)).toEqual(['Team Pay']);
  expect((await api('/priority')).body.data.map((p: { name: string }) => p.name)).toEqual(['Critical', 'High', 'Medium', 'Low']);
});

it('says why a value in use cannot be deleted, and keeps it', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(url());
  await page.getByRole('heading', { level: 1, name: 'Metadata of Shop' }).waitFor();
  for (const [heading, noun, name, refusal] of [
    ['Priorities', 'priority', 'High', 'Priority is in use by 1 test'],
    ['Squads', 'squad', 'Team Pay', 'Squad is in use by 1 test'],
    ['Labels', 'label', 'smoke', 'Label is in use by 1 test'],
  ] as const) {
    await list(page, heading)
      .getByRole('button', { name: `Delete ${noun} ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Delete ${noun} “${name}”?` });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`Cannot delete: ${refusal}.`);
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    if (heading === 'Priorities') await checkScreen(page, 'project-metadata-in-use');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await names(page, heading)).toContain(name);
  }
  // A rename onto another value's name (ignoring case) is stopped before it is sent.
  await list(page, 'Labels').getByLabel('New label').fill('SMOKE');
  expect(await list(page, 'Labels').getByRole('alert').textContent()).toBe('The label smoke exists already.');
  expect(await list(page, 'Labels').getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
});

it('lets a User add and rename but not delete, and a Reader only read', async () => {
  const asUser = await h.signIn(user.token);
  await asUser.goto(url());
  await asUser.getByRole('heading', { level: 1, name: 'Metadata of Shop' }).waitFor();
  await list(asUser, 'Types').getByRole('button', { name: 'Rename type Smoke' }).waitFor();
  expect(await asUser.getByRole('button', { name: /^Delete / }).count()).toBe(0);
  await add(asUser, 'Platforms', 'platform', 'Desktop');

  const asReader = await h.signIn(reader.token);
  await asReader.goto(url());
  await asReader.getByRole('heading', { level: 1, name: 'Metadata of Shop' }).waitFor();
  await list(asReader, 'Platforms').locator('.value-name', { hasText: 'Desktop' }).waitFor();
  expect(await asReader.getByRole('button', { name: /^(Rename|Delete|Add)/ }).count()).toBe(0);
  expect(await asReader.getByLabel(/^New /).count()).toBe(0);
});
