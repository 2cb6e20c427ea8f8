import type { Locator, Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The Projects screen: an organization's active and inactive projects, and the writes each role
// may make there (create, edit, activate/deactivate for a User; delete for an Admin; none for a
// Reader). Every change is checked against the REST API too.

let h: WebHarness;
let orgId: number;
let user: TestUser;
let reader: TestUser;
let admin: TestUser;
const ORG = 'Projects testers';

beforeAll(async () => {
  h = await startWebHarness();
  orgId = (await createOrg(h.t.db, ORG)).orgId;
  [user, reader, admin] = await Promise.all([
    createUser(h.t.db, 'User', [orgId]),
    createUser(h.t.db, 'Reader', [orgId]),
    createUser(h.t.db, 'Admin', [orgId]),
  ]);
  await createProject(h.t.db, orgId, { projectName: 'Mobile app' });
  await createProject(h.t.db, orgId, { projectName: 'Legacy portal', isActive: false });
}, 120_000);
afterAll(() => h?.close());

const org = (page: Page) => page.getByRole('region', { name: ORG });
const list = (page: Page, which: 'Active' | 'Inactive') => org(page).getByRole('region', { name: new RegExp(`^${which} projects`) });
const item = (scope: Locator, name: string) =>
  scope.getByRole('listitem').filter({ has: scope.page().getByRole('link', { name, exact: true }) });
const projectNames = async (page: Page, which: 'Active' | 'Inactive') =>
  (await list(page, which).locator('.project-name').allTextContents()).sort();

async function apiProject(token: string, name: string) {
  const res = await h.t.as(token).get('/projects', { orgId, pageSize: 1000 }).expect(200);
  return (
    res.body.data.projects as { projectId: number; projectName: string; projectDescription: string | null; isActive: boolean }[]
  ).find((p) => p.projectName === name);
}

it('lets a User create, edit, deactivate and reactivate a project, and shows a duplicate name refused with 409', async () => {
  const page = await h.signIn(user.token);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  await list(page, 'Active').getByRole('link', { name: 'Mobile app', exact: true }).waitFor();
  expect(await projectNames(page, 'Active')).toEqual(['Mobile app']);
  expect(await projectNames(page, 'Inactive')).toEqual(['Legacy portal']);
  await checkScreen(page, 'projects-user');

  // Create, with the keyboard: labelled fields, Enter submits.
  await org(page)
    .getByRole('button', { name: `New project in ${ORG}` })
    .click();
  const createForm = org(page).getByRole('form', { name: `New project in ${ORG}` });
  await createForm.getByLabel('Name').fill('Checkout');
  await createForm.getByLabel('Description').fill('Web shop checkout flows');
  await checkScreen(page, 'projects-create');
  await createForm.getByLabel('Name').press('Enter');
  await org(page).getByRole('status').getByText('Checkout created').waitFor();
  await item(list(page, 'Active'), 'Checkout').getByText('Web shop checkout flows').waitFor();
  const created = await apiProject(user.token, 'Checkout');
  expect(created).toMatchObject({ projectDescription: 'Web shop checkout flows', isActive: true });
  // Its links lead to its catalog and runs.
  expect(await item(list(page, 'Active'), 'Checkout').getByRole('link', { name: 'Runs' }).getAttribute('href')).toBe(
    `/projects/${created!.projectId}/runs`,
  );
  expect(await item(list(page, 'Active'), 'Checkout').getByRole('link', { name: 'Catalog' }).getAttribute('href')).toBe(
    `/projects/${created!.projectId}/catalog`,
  );

  // A second project of the same name: the server's 409 text shows, the form stays open.
  await org(page)
    .getByRole('button', { name: `New project in ${ORG}` })
    .click();
  await createForm.getByLabel('Name').fill('Checkout');
  await createForm.getByRole('button', { name: 'Create project' }).click();
  await createForm.getByRole('alert').getByText('Project already exists (409)').waitFor();
  await checkScreen(page, 'projects-duplicate');
  await createForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(createForm.count()).resolves.toBe(0);
  await page.waitForFunction(`document.activeElement?.textContent === 'New project in ${ORG}'`);

  // Edit: name and description; focus comes back to the row's Edit button.
  await item(list(page, 'Active'), 'Checkout').getByRole('button', { name: 'Edit Checkout' }).click();
  const editForm = org(page).getByRole('form', { name: 'Edit Checkout' });
  await editForm.getByLabel('Name').fill('Checkout v2');
  await editForm.getByLabel('Description').fill('');
  await checkScreen(page, 'projects-edit');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await org(page).getByRole('status').getByText('Checkout v2 saved').waitFor();
  await item(list(page, 'Active'), 'Checkout v2').getByRole('button', { name: 'Edit Checkout v2' }).waitFor();
  await page.waitForFunction("document.activeElement?.textContent === 'Edit Checkout v2'");
  expect(await apiProject(user.token, 'Checkout v2')).toMatchObject({ projectId: created!.projectId, projectDescription: null });

  // Deactivate: it moves to the inactive list; Activate brings it back.
  await item(list(page, 'Active'), 'Checkout v2').getByRole('button', { name: 'Deactivate Checkout v2' }).click();
  await item(list(page, 'Inactive'), 'Checkout v2').waitFor();
  await org(page).getByRole('status').getByText('Checkout v2 deactivated').waitFor();
  expect(await projectNames(page, 'Active')).toEqual(['Mobile app']);
  expect(await projectNames(page, 'Inactive')).toEqual(['Checkout v2', 'Legacy portal']);
  await list(page, 'Inactive').getByRole('heading', { name: 'Inactive projects (2)' }).waitFor();
  expect((await apiProject(user.token, 'Checkout v2'))!.isActive).toBe(false);

  await item(list(page, 'Inactive'), 'Checkout v2').getByRole('button', { name: 'Activate Checkout v2' }).click();
  await item(list(page, 'Active'), 'Checkout v2').waitFor();
  await org(page).getByRole('status').getByText('Checkout v2 activated').waitFor();
  expect(await projectNames(page, 'Inactive')).toEqual(['Legacy portal']);
  expect((await apiProject(user.token, 'Checkout v2'))!.isActive).toBe(true);

  // A User may not delete.
  await expect(
    org(page)
      .getByRole('button', { name: /^Delete/ })
      .count(),
  ).resolves.toBe(0);
});

it('shows a Reader the projects with no write controls', async () => {
  const page = await h.signIn(reader.token);
  await list(page, 'Active').getByRole('link', { name: 'Mobile app', exact: true }).waitFor();
  await list(page, 'Inactive').getByRole('link', { name: 'Legacy portal', exact: true }).waitFor();
  await org(page).getByText('Reader', { exact: true }).waitFor();
  expect(await org(page).getByRole('button').count()).toBe(0);
  expect(await org(page).getByRole('form').count()).toBe(0);
  await checkScreen(page, 'projects-reader');
});

it('lets an Admin delete a project after confirming', async () => {
  await createProject(h.t.db, orgId, { projectName: 'Doomed' });
  const page = await h.signIn(admin.token);
  const doomed = item(list(page, 'Active'), 'Doomed');
  await doomed.getByRole('button', { name: 'Delete Doomed' }).click();
  // Cancel is focused, so Enter on the confirm step does not delete.
  const confirm = doomed.getByRole('group', { name: 'Confirm deleting Doomed' });
  await confirm.waitFor();
  expect(await page.evaluate("document.activeElement?.closest('[role=group]') ? document.activeElement.textContent : null")).toBe('Cancel');
  await checkScreen(page, 'projects-delete');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await org(page).getByRole('status').getByText('Doomed deleted').waitFor();
  await expect(doomed.count()).resolves.toBe(0);
  expect(await apiProject(admin.token, 'Doomed')).toBeUndefined();
});

it('pages a long list, and steps back when its last page empties', async () => {
  const big = await createOrg(h.t.db, 'Big org');
  const lead = await createUser(h.t.db, 'User', [big.orgId]);
  await h.t.db.project.createMany({
    data: Array.from({ length: 51 }, (_, i) => ({ orgId: big.orgId, projectName: `P${String(i + 1).padStart(2, '0')}` })),
  });
  const page = await h.signIn(lead.token);
  const active = page.getByRole('region', { name: 'Big org' }).getByRole('region', { name: /^Active projects/ });
  const pager = active.getByRole('navigation', { name: 'Active projects pages' });
  await pager.getByText('1–50 of 51').waitFor();
  expect(await active.getByRole('listitem').count()).toBe(50);
  await pager.getByRole('button', { name: 'Next' }).click();
  await pager.getByText('51–51 of 51').waitFor();
  expect(await active.locator('.project-name').allTextContents()).toEqual(['P51']);
  await checkScreen(page, 'projects-paged');

  // Deactivating the only project on page 2 leaves 50: the list shows page 1 again, without a pager.
  await active.getByRole('button', { name: 'Deactivate P51' }).click();
  await active.getByRole('heading', { name: 'Active projects (50)' }).waitFor();
  await active.getByRole('link', { name: 'P01', exact: true }).waitFor();
  expect(await pager.count()).toBe(0);
});
