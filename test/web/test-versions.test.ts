import type { Page } from 'playwright-core';
import { createLabel, createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// The History tab of a test case: its versions (who, when, which fields), two of them compared
// side by side with removed and added text marked by more than colour, picked from the keyboard,
// and Restore after a confirmation; a Reader reads it without Restore; a test older than versions
// says why it has none.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let projectId: number;
let testId: number;
let legacyId: number;
const url = (id = testId, tab = '') => `${h.baseUrl}/projects/${projectId}/tests/${id}${tab}`;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Version readers');
  [user, reader] = await Promise.all([createUser(h.t.db, 'User', [org.orgId]), createUser(h.t.db, 'Reader', [org.orgId])]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  const payments = await createSection(h.t.db, projectId, 'Payments');
  const [smoke, regression] = [await createLabel(h.t.db, projectId, 'smoke'), await createLabel(h.t.db, projectId, 'regression')];
  const api = h.t.as(user.token);
  const created = await api
    .post('/test/create', {
      projectId,
      title: 'Pay with a saved card',
      steps: [{ action: 'Open the cart' }, { action: 'Pay', expected: 'Paid' }],
      sectionId: checkout.sectionId,
      labels: [smoke.labelId],
    })
    .expect(201);
  testId = created.body.data.testId;
  await api
    .put('/test/update', {
      testId,
      title: 'Pay with a stored card',
      steps: [{ action: 'Open the cart' }, { action: 'Pay', expected: 'Receipt shown' }],
    })
    .expect(200);
  await api.put('/test/update', { testId, sectionId: payments.sectionId, labels: [smoke.labelId, regression.labelId] }).expect(200);
  [legacyId] = await createTests(h.t.db, projectId, 1, () => ({ title: 'Older than history' }));
}, 120_000);
afterAll(() => h?.close());

const versions = (page: Page) => page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
const field = (page: Page, name: string) => page.getByRole('group', { name });

async function openHistory(page: Page, id = testId) {
  await page.goto(url(id));
  const details = page.getByRole('tab', { name: 'Details' });
  await details.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForURL(/\?tab=history$/);
  await waitForSettled(page);
}

it('lists the versions and compares the last two side by side, from the keyboard', async () => {
  const page = await h.signIn(user.token);
  await openHistory(page);
  expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
  expect(await versions(page).count()).toBe(3);
  const [newest, , first] = await versions(page).allTextContents();
  expect(newest).toMatch(/Version 3current.*Changed Section, Labels/);
  expect(first).toMatch(/Version 1.*Created with Title, Steps, Section, Labels/);

  await page.getByRole('heading', { name: 'Version 2 compared with version 3' }).waitFor();
  const section = field(page, 'Section');
  expect(await section.locator('del').textContent()).toBe('removed: Checkout');
  expect(await section.locator('ins').textContent()).toBe('added: Payments');
  expect(await field(page, 'Labels').locator('ins').textContent()).toBe('added: , regression');
  expect(await field(page, 'Title').count()).toBe(0);
  await checkScreen(page, 'test-versions');

  // Arrow keys move within the "from" radios: version 1 against version 3.
  await page.getByRole('radio', { name: 'Compare from version 2' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('heading', { name: 'Version 1 compared with version 3' }).waitFor();
  const title = field(page, 'Title');
  expect(await title.locator('del').allTextContents()).toEqual(['removed: saved']);
  expect(await title.locator('ins').allTextContents()).toEqual(['added: stored']);
  expect(await field(page, 'Steps').locator('ins').allTextContents()).toEqual(['added: Receipt shown']);
  await page.getByRole('checkbox', { name: 'Show unchanged fields' }).check();
  expect(await field(page, 'Priority (unchanged)').count()).toBe(1);
  await checkScreen(page, 'test-versions-compare');
});

it('restores an old version after a confirmation, as a new version', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url(testId, '?tab=history'));
  await waitForSettled(page);
  await page.getByRole('button', { name: 'Restore version 1' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  await dialog.waitFor();
  await checkScreen(page, 'test-versions-confirm');
  await page.keyboard.press('Enter');
  await page.getByRole('status').getByText('Version 1 restored: the test is now version 4.').waitFor();
  await waitForSettled(page);
  expect(await versions(page).count()).toBe(4);
  await page.getByRole('heading', { name: 'Version 3 compared with version 4' }).waitFor();
  await checkScreen(page, 'test-versions-restored');

  const row = await h.t.db.test.findUniqueOrThrow({ where: { testId } });
  expect(row).toMatchObject({ version: 4, title: 'Pay with a saved card', updatedBy: user.userId });
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
  expect(await page.getByRole('tabpanel', { name: 'Details' }).getByLabel('Title').inputValue()).toBe('Pay with a saved card');
});

it('shows a Reader the history without Restore, and a test older than history as its version 1', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(url(testId, '?tab=history'));
  await waitForSettled(page);
  expect(await versions(page).count()).toBe(4);
  expect(await page.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
  // Its version 1 is read from the test as it is until its first change stores it.
  await page.goto(url(legacyId, '?tab=history'));
  await versions(page).first().getByText('Created with Title').waitFor();
  expect(await versions(page).count()).toBe(1);
  expect(await versions(page).first().getByText('Version 1', { exact: true }).count()).toBe(1);
  await checkScreen(page, 'test-versions-base');
});

it('says what a restore could not bring back', async () => {
  const api = h.t.as(user.token);
  const gone = await createLabel(h.t.db, projectId, 'retired');
  const created = await api.post('/test/create', { projectId, title: 'Refund', labels: [gone.labelId] }).expect(201);
  const id = created.body.data.testId as number;
  await api.put('/test/update', { testId: id, title: 'Refund in full', labels: [] }).expect(200);
  await h.t.db.label.delete({ where: { labelId: gone.labelId } });

  const page = await h.signIn(user.token);
  await page.goto(url(id, '?tab=history'));
  await waitForSettled(page);
  // The deleted label reads as such in the comparison.
  expect(await field(page, 'Labels').locator('del').textContent()).toBe(`removed: #${gone.labelId} (deleted)`);
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Version 1 restored' });
  await status.waitFor();
  expect(await status.textContent()).toContain(`Labels: A label deleted since (id ${gone.labelId}) is left out`);
  await checkScreen(page, 'test-versions-not-restored');
  expect(await h.t.db.test.findUniqueOrThrow({ where: { testId: id } })).toMatchObject({ title: 'Refund', version: 3 });
});
