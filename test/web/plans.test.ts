import type { Page } from 'playwright-core';
import { createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, fetchInPage, startWebHarness, type WebHarness } from './support/web-harness';

// The Plans part of a project: a QA lead makes a plan on the New plan page (the checkout tests on
// Chrome and Firefox on Linux, split between two testers, and every test once without a
// configuration), seeing "3 runs, 11 results" before sending it; an API error shows beside the
// form and writes nothing. The plan page shows its runs, assignees and the status matrix, which
// follows a result recorded through the API, is walked with the arrow keys and paged 50 tests at a
// time; the run page links back to the plan. A User edits it, adds an entry and locks it (no more
// entries), a Reader only reads, an Admin deletes it with its runs after a dialog that counts them. axe and the 390-px width pass on each screen.

let h: WebHarness;
let user: TestUser;
let admin: TestUser;
let reader: TestUser;
let projectId: number;
let checkout: number[];
let search: number[];

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Planners');
  [user, admin, reader] = await Promise.all([
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Admin', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  const [checkoutSection, searchSection] = await Promise.all([
    createSection(h.t.db, projectId, 'Checkout'),
    createSection(h.t.db, projectId, 'Search'),
  ]);
  checkout = await createTests(h.t.db, projectId, 3, (i) => ({
    title: ['Pay by card', 'Pay by invoice', 'Refund'][i],
    sectionId: checkoutSection.sectionId,
  }));
  search = await createTests(h.t.db, projectId, 2, (i) => ({
    title: ['Find by name', 'Find by SKU'][i],
    sectionId: searchSection.sectionId,
  }));
  const as = h.t.as(user.token);
  await as.post('/project/add-configuration-group', { projectId, name: 'Browser', options: ['Chrome', 'Firefox', 'Safari'] }).expect(201);
  await as.post('/project/add-configuration-group', { projectId, name: 'OS', options: ['Linux', 'Windows'] }).expect(201);
  await as.post('/milestone/create', { projectId, name: 'Release 3' }).expect(201);
  await as.post('/milestone/create', { projectId, name: 'Scrapped' }).expect(201);
}, 120_000);
afterAll(() => h?.close());

const url = (path = '') => `${h.baseUrl}/projects/${projectId}${path}`;
const entry = (page: Page, n: number) => page.locator(`fieldset[data-entry="${n}"]`);
const preview = (page: Page) => page.locator('.plan-preview');
/** A member's name as the factories make it. */
const name = (u: TestUser) => `${u.role} ${u.email}`;

it('makes a plan on the New plan page, counting its runs and results first; an API error shows beside the form', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url('/runs'));
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('heading', { level: 1, name: 'Plans of Shop' }).waitFor();
  await page.getByText('No plans yet.').waitFor();
  await checkScreen(page, 'plans-empty');
  await page.getByRole('link', { name: 'New plan' }).click();
  await page.getByRole('heading', { level: 1, name: 'New plan' }).waitFor();

  await page.getByLabel('Name', { exact: true }).fill('Release 3 regression');
  await page.getByLabel('Milestone').selectOption({ label: 'Scrapped' });
  // Entry 1: the checkout section on Chrome and Firefox, on Linux: 2 runs of 3 tests.
  const first = entry(page, 1);
  await first.getByLabel('Checkout').check();
  await first.getByText('3 tests match.').waitFor();
  await first.getByLabel('Chrome').check();
  await first.getByLabel('Firefox').check();
  await preview(page).getByText('2 runs, 6 results').waitFor();
  await first.getByLabel('Linux').check();
  await preview(page).getByText('2 runs, 6 results').waitFor();
  await first.getByLabel('Split between members (by sections, the same in each run)').check();
  await first.getByLabel(name(user)).check();
  await first.getByLabel(name(admin)).check();
  // Entry 2: every test, no configuration: 1 run of 5.
  await page.getByRole('button', { name: 'Add another entry' }).click();
  await page.getByRole('button', { name: 'Create plan' }).click();
  await page.getByText('Choose the tests of each entry: all tests, or at least one section, label or priority.').waitFor();
  await entry(page, 2).getByLabel('All tests of the project').check();
  await page.getByText('Choose the tests of each entry', { exact: false }).waitFor({ state: 'detached' });
  await entry(page, 2).getByText('5 tests match.').waitFor();
  await preview(page).getByText('3 runs, 11 results').waitFor();
  await entry(page, 2).getByText('Entry 2: 1 run × 5 tests').waitFor();
  await checkScreen(page, 'plan-new');

  // The milestone goes away meanwhile: the API's answer names the field, and nothing is written.
  const scrapped = await h.t.db.milestone.findFirstOrThrow({ where: { projectId, name: 'Scrapped' } });
  await h.t.as(admin.token).delete('/milestone/delete', { projectId, milestoneId: scrapped.milestoneId }).expect(200);
  await page.getByRole('button', { name: 'Create plan' }).click();
  await page
    .getByRole('alert')
    .getByText(/milestoneId/)
    .waitFor();
  expect(await h.t.db.plan.count({ where: { projectId } })).toBe(0);

  await page.getByLabel('Milestone').selectOption({ label: 'Release 3' });
  await Promise.all([page.waitForURL(/\/plans\/\d+$/), page.getByRole('button', { name: 'Create plan' }).click()]);
  await page.getByRole('heading', { level: 1, name: 'Release 3 regression' }).waitFor();
  const plan = await h.t.db.plan.findFirstOrThrow({ where: { projectId } });
  expect(page.url()).toBe(url(`/plans/${plan.planId}`));
  expect(await h.t.db.run.count({ where: { planId: plan.planId } })).toBe(3);
});

it('shows the plan: runs, assignees and the status matrix, which follows a result; walked by keyboard', async () => {
  const plan = await h.t.db.plan.findFirstOrThrow({ where: { projectId } });
  const runs = await h.t.db.run.findMany({ where: { planId: plan.planId }, orderBy: { runId: 'asc' } });
  const page = await h.signIn(user.token);
  await page.goto(url(`/plans/${plan.planId}`));
  const runTable = page.getByRole('region', { name: 'Runs' });
  await runTable.getByRole('link', { name: 'Release 3 regression – Chrome, Linux' }).waitFor();
  expect(await runTable.locator('tbody tr td:nth-child(2)').allInnerTexts()).toEqual([
    'Chrome, Linux',
    'Firefox, Linux',
    'No configuration',
  ]);
  await runTable.getByRole('link', { name: 'Release 3 regression – Chrome, Linux' }).waitFor();
  await page.getByRole('region', { name: 'Assignees' }).getByText(name(user)).waitFor();
  await page.getByRole('link', { name: 'Release 3' }).first().waitFor();

  const matrix = page.getByRole('grid', { name: 'Status matrix' });
  expect(await matrix.locator('thead th').allInnerTexts()).toEqual(['Test', 'Chrome, Linux', 'Firefox, Linux', 'No configuration']);
  const row = (testId: number) => matrix.locator(`tr[data-test-id="${testId}"]`);
  expect(await row(checkout[0]).locator('td').allInnerTexts()).toEqual(['Untested', 'Untested', 'Untested']);
  expect((await row(search[0]).locator('td').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
    '— not in this configuration',
    '— not in this configuration',
    'Untested',
  ]);

  await h.t
    .as(user.token)
    .put('/run/update-test-status', { projectId, runId: runs[0].runId, testResults: [{ testId: checkout[0], status: 'failed' }] })
    .expect(200);
  await page.reload();
  await row(checkout[0]).locator('td').first().getByText('Failed').waitFor();
  expect(await row(checkout[0]).locator('td').allInnerTexts()).toEqual(['Failed', 'Untested', 'Untested']);
  await page.getByText('0% passed · 3 runs · 10 not executed yet').waitFor();

  // The arrow keys move through the cells; one of them is in the tab order.
  await row(checkout[0]).locator('th').focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate('document.activeElement.innerText')).toBe('Failed');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  expect(await page.evaluate('document.activeElement.dataset.cell')).toBe('1-3');
  expect(await matrix.locator('[tabindex="0"]').count()).toBe(1);
  expect((await fetchInPage(page, `/api/v1/plan/report?projectId=${projectId}&planId=${plan.planId}&format=pdf`)).head).toBe('%PDF-');
  await checkScreen(page, 'plan');

  // The run page says which plan its run is part of.
  await runTable.getByRole('link', { name: 'Release 3 regression – Chrome, Linux' }).click();
  await page.getByText('Part of plan').getByRole('link', { name: 'Release 3 regression' }).click();
  await page.getByRole('heading', { level: 1, name: 'Release 3 regression' }).waitFor();

  // One more entry: every test on Safari, edited as on the New plan page.
  await page.getByRole('button', { name: 'Add entry' }).click();
  const form = page.getByRole('form', { name: 'Add an entry' });
  await form.getByLabel('All tests of the project').check();
  await form.getByLabel('Safari').check();
  await form.locator('.plan-preview').getByText('1 run, 5 results').waitFor();
  await form.getByRole('button', { name: 'Add entry' }).click();
  await page.getByRole('status').getByText('Entry added: Release 3 regression has 4 runs now').waitFor();
  await page.getByRole('region', { name: 'Runs' }).getByRole('link', { name: 'Release 3 regression – Safari' }).waitFor();
  expect(await page.getByRole('grid', { name: 'Status matrix' }).locator('thead th').allInnerTexts()).toEqual([
    'Test',
    'Chrome, Linux',
    'Firefox, Linux',
    'No configuration',
    'Safari',
  ]);
});

it('pages the status matrix 50 tests at a time', async () => {
  const shop = await h.t.db.project.findUniqueOrThrow({ where: { projectId } });
  const big = (await createProject(h.t.db, shop.orgId, { projectName: 'Big shop' })).projectId;
  await createTests(h.t.db, big, 55, () => ({}), 'Case');
  const made = await h.t
    .as(user.token)
    .post('/plan/create', { projectId: big, name: 'Everything', entries: [{ allTests: true }] })
    .expect(201);
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${big}/plans/${made.body.data.planId}`);
  const matrix = page.getByRole('grid', { name: 'Status matrix' });
  const pager = page.getByRole('navigation', { name: 'Matrix pages' });
  await pager.getByText('1–50 of 55').waitFor();
  expect(await matrix.locator('tbody tr').count()).toBe(50);
  await pager.getByRole('button', { name: 'Next' }).click();
  await pager.getByText('51–55 of 55').waitFor();
  await matrix.getByText('Case 54').waitFor();
  expect(await matrix.locator('tbody tr').count()).toBe(5);
});

it('lets a User lock the plan (then no more entries) and a Reader only read it', async () => {
  const plan = await h.t.db.plan.findFirstOrThrow({ where: { projectId } });
  const page = await h.signIn(user.token);
  await page.goto(url(`/plans/${plan.planId}`));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Release 3 regression');
  await page.getByLabel('Description').fill('Checkout first');
  await page.getByRole('button', { name: 'Save plan' }).click();
  await page.getByRole('status').getByText('Release 3 regression saved').waitFor();
  await page.locator('.plan-description').getByText('Checkout first').waitFor();
  await page.getByRole('button', { name: 'Add entry' }).waitFor();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock Release 3 regression?' });
  await dialog.getByText('Its 4 runs are locked', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Lock plan' }).click();
  await page.getByRole('status').getByText('Release 3 regression locked').waitFor();
  await page.locator('.plan-facts-line').getByText('Locked').waitFor();
  expect(
    await page
      .getByRole('button')
      .filter({ hasText: /^(Add entry|Lock|Unlock|Edit|Delete)$/ })
      .count(),
  ).toBe(0);
  expect(await h.t.db.run.count({ where: { planId: plan.planId, locked: true } })).toBe(4);

  const readerPage = await h.signIn(reader.token);
  await readerPage.goto(url('/plans'));
  await readerPage.locator(`[data-plan-id="${plan.planId}"]`).getByText('Locked').waitFor();
  expect(await readerPage.getByRole('link', { name: 'New plan' }).count()).toBe(0);
  await checkScreen(readerPage, 'plans');
  // By its address, the New plan page tells a Reader why it has no form.
  await readerPage.goto(url('/plans/new'));
  await readerPage.getByRole('status').getByText('Readers read plans; a User or an Admin of the organization makes them.').waitFor();
  expect(await readerPage.getByRole('form', { name: 'New plan' }).count()).toBe(0);
  await checkScreen(readerPage, 'plan-new-reader');
});

it('lets an Admin unlock the plan and delete it with its runs, after a dialog that counts them', async () => {
  const plan = await h.t.db.plan.findFirstOrThrow({ where: { projectId } });
  const page = await h.signIn(admin.token);
  await page.goto(url(`/plans/${plan.planId}`));
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page.getByRole('status').getByText('Release 3 regression unlocked').waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Release 3 regression?' });
  await dialog.getByText('Its 4 runs and their 16 results are deleted with it, with their history. This cannot be undone.').waitFor();
  await checkScreen(page, 'plan-delete');
  await Promise.all([page.waitForURL(url('/plans')), dialog.getByRole('button', { name: 'Delete plan' }).click()]);
  await page.getByText('No plans yet.').waitFor();
  expect(await h.t.db.run.count({ where: { projectId } })).toBe(0);
});
