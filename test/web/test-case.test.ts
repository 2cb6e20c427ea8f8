import fs from 'node:fs';
import path from 'node:path';
import { createLabel, createSection, createSquad, lookupIds } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { axeViolations, checkScreen, SCREENS_DIR, startWebHarness, type WebHarness } from './support/web-harness';

// The test case screen: open by deep link, edit every kind of field and save only what changed,
// the server's validation text beside the form, the status history from runs, a Reader's
// read-only view and an Admin's delete.

let h: WebHarness;
let admin: TestUser;
let user: TestUser;
let reader: TestUser;
let projectId: number;
let testId: number;
let ids: { payments: number; checkout: number; smoke: number; regression: number; critical: number; high: number };
const url = (id = testId) => `${h.baseUrl}/projects/${projectId}/tests/${id}`;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Case testers');
  [admin, user, reader] = await Promise.all([
    createUser(h.t.db, 'Admin', [org.orgId]),
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  const payments = await createSection(h.t.db, projectId, 'Payments', checkout.sectionId);
  const [smoke, regression] = [await createLabel(h.t.db, projectId, 'smoke'), await createLabel(h.t.db, projectId, 'regression')];
  await createSquad(h.t.db, projectId, 'Payments squad');
  const lookups = await lookupIds(h.t.db, projectId);
  ids = {
    checkout: checkout.sectionId,
    payments: payments.sectionId,
    smoke: smoke.labelId,
    regression: regression.labelId,
    critical: lookups.priority.Critical,
    high: lookups.priority.High,
  };
  const created = await h.t
    .as(user.token)
    .post('/test/create', {
      projectId,
      title: 'Pay with a saved card',
      steps: '1. Open the cart',
      preconditions: 'Signed in',
      sectionId: ids.checkout,
      priorityId: ids.high,
      labels: [ids.smoke],
    })
    .expect(201);
  testId = created.body.data.testId;
}, 120_000);
afterAll(() => h?.close());

const details = async () => (await h.t.as(admin.token).get('/test/details', { projectId, testId }).expect(200)).body.data;

it('edits title, steps, priority, labels and section, sends only those, and they persist', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url());
  await page.getByRole('heading', { level: 1, name: 'Pay with a saved card' }).waitFor();
  await page.getByRole('checkbox', { name: 'regression' }).waitFor(); // the project's lists have loaded
  await page.getByRole('option', { name: 'Checkout > Payments' }).waitFor({ state: 'attached' });
  expect(await page.getByLabel('Section').locator('option:checked').textContent()).toBe('Checkout');
  expect(await page.getByRole('option', { name: 'Checkout > Payments' }).count()).toBe(1);

  await page.getByLabel('Title').fill('Pay with a stored card');
  await page.getByLabel('Steps').fill('1. Open the cart\n2. Pay');
  await page.getByLabel('Priority').selectOption({ label: 'Critical' });
  await page.getByRole('checkbox', { name: 'regression' }).check();
  await page.getByRole('checkbox', { name: 'smoke' }).uncheck();
  await page.getByLabel('Section').selectOption({ label: 'Checkout > Payments' });
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/v1/test/update')),
    page.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({
    testId,
    projectId,
    title: 'Pay with a stored card',
    steps: '1. Open the cart\n2. Pay',
    priorityId: ids.critical,
    labels: [ids.regression],
    sectionId: ids.payments,
  });
  await page.getByRole('status').getByText('Saved').waitFor();

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Pay with a stored card' }).waitFor();
  await page.getByRole('option', { name: 'Checkout > Payments' }).waitFor({ state: 'attached' });
  await page.getByRole('checkbox', { name: 'regression' }).waitFor();
  expect(await page.getByLabel('Title').inputValue()).toBe('Pay with a stored card');
  expect(await page.getByLabel('Steps').inputValue()).toBe('1. Open the cart\n2. Pay');
  expect(await page.getByLabel('Preconditions').inputValue()).toBe('Signed in');
  expect(await page.getByLabel('Priority').locator('option:checked').textContent()).toBe('Critical');
  expect(await page.getByLabel('Section').locator('option:checked').textContent()).toBe('Checkout > Payments');
  expect(await page.getByRole('checkbox', { name: 'regression' }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'smoke' }).isChecked()).toBe(false);
  expect(await details()).toMatchObject({
    title: 'Pay with a stored card',
    steps: '1. Open the cart\n2. Pay',
    preconditions: 'Signed in',
    priorityId: ids.critical,
    sectionId: ids.payments,
    labels: [ids.regression],
  });
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Catalog' }).click();
  await page.waitForURL(`${h.baseUrl}/projects/${projectId}/catalog`);
});

it("shows the server's 400 text for an empty title and saves nothing", async () => {
  const before = await details();
  const page = await h.signIn(user.token);
  await page.goto(url());
  await page.getByLabel('Title').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').getByText('Invalid request: title: Must not be empty (400)').waitFor();
  expect(await details()).toEqual(before);
});

it("lists the test's status history across runs, newest first, and passes axe", async () => {
  const api = h.t.as(user.token);
  const nightly = await startRun(h.t, user.token, projectId, [testId], 'Nightly');
  await api
    .put('/run/update-test-status', {
      runId: nightly.runId,
      projectId,
      testResults: [{ testId, status: 'failed', comment: 'Card declined' }],
    })
    .expect(200);
  const release = await startRun(h.t, admin.token, projectId, [testId], 'Release');
  await h.t
    .as(admin.token)
    .put('/run/update-test-status', { runId: release.runId, projectId, testResults: [{ testId, status: 'passed' }] })
    .expect(200);

  const page = await h.signIn(user.token);
  await page.goto(url());
  const entries = page.getByRole('region', { name: 'Status history' }).getByRole('listitem');
  await entries.first().waitFor();
  // Who made each change comes with the entry (userName).
  await entries.first().getByText(admin.email).waitFor();
  const texts = await entries.allTextContents();
  // A run's creation records each test as untested; the changes follow.
  expect(texts.map((t) => t.split(' · ')[0])).toEqual([
    `PassedRelease #${release.runId}Admin ${admin.email}`,
    `UntestedRelease #${release.runId}Admin ${admin.email}`,
    `FailedNightly #${nightly.runId}User ${user.email}`,
    `UntestedNightly #${nightly.runId}User ${user.email}`,
  ]);
  expect(texts[2]).toMatch(/Card declined$/);
  expect(await entries.first().getByRole('link').getAttribute('href')).toBe(`/projects/${projectId}/runs/${release.runId}`);
  await checkScreen(page, 'test-case');
});

it('loads older history entries on demand, by keyboard, when a history holds more than a page', async () => {
  const created = await h.t.as(user.token).post('/test/create', { projectId, title: 'Pay again and again' }).expect(201);
  const longId: number = created.body.data.testId;
  const run = await startRun(h.t, user.token, projectId, [longId], 'Soak');
  // 1,004 results after the run's creation: 1,005 entries, one page of 1,000 and an older one of 5.
  await h.t.db.statusHistory.createMany({
    data: Array.from({ length: 1004 }, (_, i) => ({
      runId: run.runId,
      testId: longId,
      status: 'passed' as const,
      comment: `Round ${i + 1}`,
    })),
  });
  const page = await h.signIn(user.token);
  await page.goto(url(longId));
  const history = page.getByRole('region', { name: 'Status history' });
  const older = history.getByRole('button', { name: 'Show older entries' });
  await older.waitFor();
  expect(await history.getByRole('listitem').count()).toBe(1000);
  await history.getByText('1000 of 1005 shown').waitFor();
  expect(await history.getByRole('listitem').first().textContent()).toMatch(/Round 1004$/);
  // axe only: a full-page screenshot of a thousand entries outlasts the test's time; the button's own is kept to look at.
  expect(await axeViolations(page)).toEqual([]);
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  await older.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'history-older-entries.png') });

  await older.focus();
  await page.keyboard.press('Enter');
  const entries = history.getByRole('listitem');
  await entries.nth(1004).waitFor();
  expect(await entries.count()).toBe(1005);
  // No older page is left to load.
  expect(await history.getByRole('button', { name: /older entries/ }).count()).toBe(0);
  expect(await entries.nth(999).textContent()).toMatch(/Round 5$/);
  expect(await entries.last().textContent()).toMatch(/^UntestedSoak/);
});

it('shows a Reader the fields read-only and no Save or Delete', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(url());
  await page.getByRole('heading', { level: 1, name: 'Pay with a stored card' }).waitFor();
  await page.getByText('editing needs the User role').waitFor();
  expect(await page.getByLabel('Title').isEditable()).toBe(false);
  expect(await page.getByLabel('Steps').isEditable()).toBe(false);
  expect(await page.getByLabel('Priority').isDisabled()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'regression' }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete test' }).count()).toBe(0);
  await checkScreen(page, 'test-case-reader');
});

it('lets an Admin delete the test after confirming, back to the catalog', async () => {
  const page = await h.signIn(admin.token);
  const doomed = (await h.t.as(admin.token).post('/test/create', { projectId, title: 'Obsolete flow' }).expect(201)).body.data.testId;
  await page.goto(url(doomed));
  await page.getByRole('heading', { level: 1, name: 'Obsolete flow' }).waitFor();
  // Cancel keeps it.
  await page.getByRole('button', { name: 'Delete test' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the test “Obsolete flow”?' });
  await confirm.getByText('It leaves the catalog; runs keep its results.').waitFor();
  await checkScreen(page, 'test-case-delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await h.t.as(admin.token).get('/test/details', { projectId, testId: doomed }).expect(200);

  await page.getByRole('button', { name: 'Delete test' }).click();
  await Promise.all([
    page.waitForURL(`${h.baseUrl}/projects/${projectId}/catalog`),
    confirm.getByRole('button', { name: 'Delete', exact: true }).click(),
  ]);
  await h.t.as(admin.token).get('/test/details', { projectId, testId: doomed }).expect(404);
});
