import type { Page } from 'playwright-core';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// Work is not lost or written twice: two people saving one test (the second sees both versions
// and chooses), the same for a project and a run; leaving a test with unsaved edits asks first;
// a double click creates one test and one project; a quick-add title over the limit is refused
// aloud, not cut; and a run is edited and deleted in the browser.

let h: WebHarness;
let orgId: number;
let admin: TestUser;
let user: TestUser;
let reader: TestUser;
let projectId: number;

beforeAll(async () => {
  h = await startWebHarness();
  orgId = (await createOrg(h.t.db, 'Safety testers')).orgId;
  [admin, user, reader] = await Promise.all([
    createUser(h.t.db, 'Admin', [orgId]),
    createUser(h.t.db, 'User', [orgId]),
    createUser(h.t.db, 'Reader', [orgId]),
  ]);
  projectId = (await createProject(h.t.db, orgId, { projectName: 'Shop' })).projectId;
}, 120_000);
afterAll(() => h?.close());

const newTest = async (title: string) =>
  (await h.t.as(user.token).post('/test/create', { projectId, title, steps: '1. Open the cart' }).expect(201)).body.data.testId as number;
const stored = (testId: number) => h.t.db.test.findUniqueOrThrow({ where: { testId } });

async function openTest(token: string, testId: number): Promise<Page> {
  const page = await h.signIn(token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/tests/${testId}`);
  await page.getByLabel('Title').waitFor();
  return page;
}

async function save(page: Page) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/test/update')),
    page.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
}

describe('two people editing one test', () => {
  it('the second save shows both versions field by field, and a choice per field saves exactly that', async () => {
    const testId = await newTest('Pay with a card');
    const [mine, theirs] = [await openTest(user.token, testId), await openTest(admin.token, testId)];

    await theirs.getByLabel('Title').fill('Pay with a stored card');
    await save(theirs);
    await theirs.getByRole('status').getByText('Saved').waitFor();

    await mine.getByLabel('Title').fill('Pay with a new card');
    await mine.getByLabel('Steps').fill('1. Open the cart\n2. Pay');
    const [conflictAnswer] = await Promise.all([
      mine.waitForResponse((r) => r.url().endsWith('/api/v1/test/update')),
      mine.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(conflictAnswer.status()).toBe(412);
    const dialog = mine.getByRole('dialog', { name: 'Someone else saved this test meanwhile' });
    await dialog.waitFor();
    // Nothing of mine was written.
    expect(await stored(testId)).toMatchObject({ title: 'Pay with a stored card', steps: '1. Open the cart' });
    // Both versions of each differing field, and only those.
    expect(await dialog.locator('legend').allTextContents()).toEqual(['Title', 'Steps']);
    const title = dialog.getByRole('group', { name: 'Title' });
    await title.getByText('Pay with a new card').waitFor();
    await title.getByText('Pay with a stored card').waitFor();
    await checkScreen(mine, 'test-case-conflict');

    // Their title, my steps.
    await title.getByRole('radio', { name: /Theirs/ }).check();
    await Promise.all([
      mine.waitForResponse((r) => r.url().endsWith('/api/v1/test/update') && r.status() === 200),
      dialog.getByRole('button', { name: 'Save my choice per field' }).click(),
    ]);
    await mine.getByRole('status').getByText('Saved').waitFor();
    expect(await stored(testId)).toMatchObject({ title: 'Pay with a stored card', steps: '1. Open the cart\n2. Pay' });
    expect(await mine.getByLabel('Title').inputValue()).toBe('Pay with a stored card');
    expect(await mine.getByLabel('Steps').inputValue()).toBe('1. Open the cart\n2. Pay');
  });

  it('"Keep mine" saves mine over theirs with their version; "Take theirs" drops mine and writes nothing', async () => {
    const testId = await newTest('Refund an order');
    const page = await openTest(user.token, testId);
    await page.getByLabel('Title').fill('Refund a whole order');
    await h.t.as(admin.token).put('/test/update', { projectId, testId, title: 'Refund a paid order' }).expect(200);
    await save(page);
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this test meanwhile' });
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByRole('status').getByText('Saved').waitFor();
    expect((await stored(testId)).title).toBe('Refund a whole order');

    // Saving again right after works: the page read the new version.
    await page.getByLabel('Title').fill('Refund part of an order');
    await save(page);
    await page.getByRole('status').getByText('Saved').waitFor();
    expect((await stored(testId)).title).toBe('Refund part of an order');

    await page.getByLabel('Title').fill('Mine, to be dropped');
    await h.t.as(admin.token).put('/test/update', { projectId, testId, title: 'Theirs, to be kept' }).expect(200);
    await save(page);
    await dialog.getByRole('button', { name: 'Take theirs' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Title').inputValue()).toBe('Theirs, to be kept');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect((await stored(testId)).title).toBe('Theirs, to be kept');
  });
});

describe('leaving a test with unsaved edits', () => {
  it('asks before following an in-app link, and stays on Cancel', async () => {
    const testId = await newTest('Apply a coupon');
    const page = await openTest(user.token, testId);
    await page.getByLabel('Title').fill('Apply two coupons');
    const catalogLink = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Catalog' });
    await catalogLink.click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await checkScreen(page, 'test-case-leave');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${h.baseUrl}/projects/${projectId}/tests/${testId}`);
    expect(await page.getByLabel('Title').inputValue()).toBe('Apply two coupons');

    await catalogLink.click();
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await page.waitForURL(`${h.baseUrl}/projects/${projectId}/catalog`);
    expect((await stored(testId)).title).toBe('Apply a coupon');
  });

  it("gets the browser's own question on closing the tab, and none once saved", async () => {
    const testId = await newTest('Pay by invoice');
    const page = await openTest(user.token, testId);
    await page.getByLabel('Title').fill('Pay by invoice later');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    await save(page);
    await page.getByRole('status').getByText('Saved').waitFor();
    let askedAgain = false;
    page.on('dialog', (d) => ((askedAgain = true), void d.accept()));
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(askedAgain).toBe(false);
  });
});

describe('creating once', () => {
  it('a double click on "Add test" adds one test', async () => {
    const page = await h.signIn(user.token);
    await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
    const form = page.getByRole('form', { name: 'New test' });
    await form.getByLabel('New test title').fill('Added once');
    await form.getByRole('button', { name: 'Add test' }).dblclick();
    await form.getByRole('status').getByText('Added “Added once”.').waitFor();
    await waitForSettled(page);
    expect(await h.t.db.test.count({ where: { projectId, title: 'Added once' } })).toBe(1);
  });

  it('a quick-add title over 500 characters is refused with the reason, not cut short', async () => {
    const page = await h.signIn(user.token);
    await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
    const form = page.getByRole('form', { name: 'New test' });
    const long = 'x'.repeat(501);
    await form.getByLabel('New test title').fill(long);
    expect((await form.getByLabel('New test title').inputValue()).length).toBe(501);
    await form.getByRole('button', { name: 'Add test' }).click();
    await form.getByRole('alert').getByText('Invalid request: title: At most 500 characters (400)').waitFor();
    expect(await h.t.db.test.count({ where: { projectId, title: { startsWith: 'xxxxxxxxxx' } } })).toBe(0);
    await checkScreen(page, 'catalog-quick-add-too-long');
  });

  it('a double click on "Create project" creates one project and shows no error', async () => {
    const page = await h.signIn(user.token);
    const org = page.getByRole('region', { name: 'Safety testers' });
    await org.getByRole('button', { name: 'New project in Safety testers' }).click();
    const form = org.getByRole('form', { name: 'New project in Safety testers' });
    await form.getByLabel('Name').fill('Created once');
    await form.getByRole('button', { name: 'Create project' }).dblclick();
    await org.getByRole('status').getByText('Created once created').waitFor();
    await waitForSettled(page);
    expect(await org.getByRole('alert').count()).toBe(0);
    expect(await h.t.db.project.count({ where: { projectName: 'Created once' } })).toBe(1);
  });
});

describe('a project edited by two people', () => {
  it('shows both versions; "Take theirs" keeps theirs and writes nothing', async () => {
    const { projectId: id } = await createProject(h.t.db, orgId, { projectName: 'Warehouse' });
    const page = await h.signIn(user.token);
    const org = page.getByRole('region', { name: 'Safety testers' });
    await org.getByRole('button', { name: 'Edit Warehouse' }).click();
    const form = org.getByRole('form', { name: 'Edit Warehouse' });
    await form.getByLabel('Description').fill('My notes');
    await h.t.as(admin.token).put('/project/edit', { projectId: id, projectDescription: 'Their notes' }).expect(200);
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this project meanwhile' });
    await dialog.getByRole('group', { name: 'Description' }).getByText('Their notes').waitFor();
    await dialog.getByRole('group', { name: 'Description' }).getByText('My notes').waitFor();
    await checkScreen(page, 'projects-conflict');
    await dialog.getByRole('button', { name: 'Take theirs' }).click();
    await org.getByRole('status').getByText('kept the other version').waitFor();
    expect(await h.t.db.project.findUniqueOrThrow({ where: { projectId: id } })).toMatchObject({ projectDescription: 'Their notes' });
  });
});

describe('runs in the browser', () => {
  const runCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

  it('a User edits a run, meets a conflict and keeps theirs for one field, and cannot delete', async () => {
    const ids = await createTests(h.t.db, projectId, 2);
    const run = await startRun(h.t, user.token, projectId, ids, 'Nightly');
    const page = await h.signIn(user.token);
    await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
    const card = runCard(page, 'Nightly');
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Delete Nightly' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Edit Nightly' }).click();
    const form = card.getByRole('form', { name: 'Edit run' });
    await form.getByLabel('Name').fill('Nightly 42');
    await form.getByLabel('Description').fill('Release candidate');
    await checkScreen(page, 'runs-edit');
    await h.t.as(admin.token).put('/run/edit', { projectId, runId: run.runId, runDescription: 'From the API' }).expect(200);
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this run meanwhile' });
    await dialog.waitFor();
    expect(await dialog.locator('legend').allTextContents()).toEqual(['Name', 'Description']);
    await dialog
      .getByRole('group', { name: 'Description' })
      .getByRole('radio', { name: /Theirs/ })
      .check();
    await dialog.getByRole('button', { name: 'Save my choice per field' }).click();
    await page.getByRole('status').getByText('Nightly 42 saved').waitFor();
    expect(await h.t.db.run.findUniqueOrThrow({ where: { runId: run.runId } })).toMatchObject({
      runName: 'Nightly 42',
      runDescription: 'From the API',
    });
    await runCard(page, 'Nightly 42').getByText('From the API').waitFor();
  });

  it('an Admin deletes a run after confirming; a Reader sees neither Edit nor Delete', async () => {
    const ids = await createTests(h.t.db, projectId, 1);
    const run = await startRun(h.t, user.token, projectId, ids, 'Doomed run');
    const readerPage = await h.signIn(reader.token);
    await readerPage.goto(`${h.baseUrl}/projects/${projectId}/runs`);
    await runCard(readerPage, 'Doomed run').waitFor();
    expect(await runCard(readerPage, 'Doomed run').getByRole('button').count()).toBe(0);

    const page = await h.signIn(admin.token);
    await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
    await runCard(page, 'Doomed run').getByRole('button', { name: 'Delete Doomed run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Doomed run?' });
    await dialog.waitFor();
    await checkScreen(page, 'runs-delete');
    await dialog.getByRole('button', { name: 'Delete run' }).click();
    await page.getByRole('status').getByText('Doomed run deleted').waitFor();
    await runCard(page, 'Doomed run').waitFor({ state: 'detached' });
    await h.t.as(admin.token).get('/run/detail', { projectId, runId: run.runId }).expect(404);
  });
});
