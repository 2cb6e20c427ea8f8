import type { Page } from 'playwright-core';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The Milestones part of a project: a tester plans a release by keyboard (a bad pair of dates
// refused before anything is sent), a sub-milestone under it, a run created in it from the Runs
// page; the list shows progress bars and due dates (overdue in words), the detail page its runs,
// progress and failed tests with their defects; it is completed and reopened; a Reader only reads;
// a run moves to another milestone and out of it from its page, not once locked; an Admin deletes
// one and its run stays. axe and the 390-px width pass on each screen.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let admin: TestUser;
let projectId: number;
let ids: number[];

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Planners');
  [user, reader, admin] = await Promise.all([
    createUser(h.t.db, 'User', [org.orgId]),
    createUser(h.t.db, 'Reader', [org.orgId]),
    createUser(h.t.db, 'Admin', [org.orgId]),
  ]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  ids = await createTests(h.t.db, projectId, 3, (i) => ({ title: ['Pay by card', 'Pay by invoice', 'Refund'][i] }));
  // An old milestone, overdue.
  await h.t.as(user.token).post('/milestone/create', { projectId, name: 'Beta', dueDate: '2020-03-01' }).expect(201);
}, 120_000);
afterAll(() => h?.close());

const url = (path = '') => `${h.baseUrl}/projects/${projectId}${path}`;
const card = (page: Page, name: string) => page.locator('.milestone-card', { has: page.getByRole('link', { name, exact: true }) });

it('plans a release by keyboard: dates checked, a sub-milestone, the list with due dates and progress', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url('/runs'));
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Milestones' }).click();
  await page.getByRole('heading', { level: 1, name: 'Milestones of Shop' }).waitFor();
  expect(await card(page, 'Beta').locator('.milestone-badge').innerText()).toBe('Overdue: due 2020-03-01');

  await page.getByRole('button', { name: 'New milestone' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Name').focus();
  await page.keyboard.type('Release 2.4');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Everything for the December release');
  await page.getByLabel('Start date').fill('2099-12-10');
  await page.getByLabel('Due date').fill('2099-12-01');
  await page.getByLabel('Due date').press('Enter');
  await page.getByText('The due date must not be before the start date.').waitFor();
  expect(await h.t.db.milestone.count({ where: { projectId } })).toBe(1);
  await page.getByLabel('Due date').fill('2099-12-20');
  await page.getByLabel('Due date').press('Enter');
  await page.getByRole('status').getByText('Release 2.4 created').waitFor();
  expect(await card(page, 'Release 2.4').locator('.milestone-badge').innerText()).toBe('Due 2099-12-20');

  await page.getByRole('button', { name: 'New milestone' }).click();
  await page.getByLabel('Name').fill('RC 1');
  await page.getByLabel('Part of').selectOption({ label: 'Release 2.4' });
  await page.getByRole('button', { name: 'Create milestone' }).click();
  await page.getByRole('status').getByText('RC 1 created').waitFor();
  await card(page, 'RC 1').getByText('Part of Release 2.4').waitFor();
  await checkScreen(page, 'milestones');
});

it('creates a run in a milestone; the run list and the run page name it; the detail shows progress, runs and failed tests', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url('/runs'));
  await page.getByRole('button', { name: 'New run' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Regression');
  await page.getByLabel('Milestone').selectOption({ label: 'Release 2.4' });
  await page.getByLabel('All tests of the project').check();
  await Promise.all([page.waitForURL(/\/runs\/\d+$/), page.getByRole('button', { name: 'Create run' }).click()]);
  const runId = Number(page.url().split('/').pop());
  await page.getByRole('link', { name: 'Release 2.4' }).waitFor();
  await h.t
    .as(user.token)
    .put('/run/update-test-status', {
      projectId,
      runId,
      testResults: [
        { testId: ids[0], status: 'passed' },
        { testId: ids[1], status: 'failed', comment: 'Invoice total is 0', defects: ['SHOP-9'] },
      ],
    })
    .expect(200);
  await page.goto(url('/runs'));
  await page.locator(`[data-run-id="${runId}"]`).getByRole('link', { name: 'Release 2.4' }).waitFor();

  await page.locator(`[data-run-id="${runId}"]`).getByRole('link', { name: 'Release 2.4' }).click();
  await page.getByRole('heading', { level: 1, name: 'Release 2.4' }).waitFor();
  await page.getByText('33.3% passed · 1 not executed yet · 1 run, 0 locked').waitFor();
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('link', { name: 'Regression' }).waitFor();
  const failed = page.getByRole('region', { name: 'Failed tests' });
  expect(await failed.locator('tbody tr td').allInnerTexts()).toEqual([
    `Pay by invoice #${ids[1]}`,
    'Regression',
    'Invoice total is 0',
    'SHOP-9',
  ]);
  await page.getByRole('region', { name: 'Sub-milestones' }).getByRole('link', { name: 'RC 1' }).waitFor();
  await checkScreen(page, 'milestone-detail');

  // Completed and reopened from here; the breadcrumbs name it.
  await page.getByRole('button', { name: 'Mark completed' }).click();
  await page.getByRole('status').getByText('Release 2.4 completed').waitFor();
  expect(await page.locator('.milestone-dates-line .milestone-badge').innerText()).toMatch(/^Completed \d{4}-\d{2}-\d{2}$/);
  await page.getByRole('button', { name: 'Reopen' }).click();
  await page.getByRole('status').getByText('Release 2.4 reopened').waitFor();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Release 2.4' }).waitFor();

  // Edited: the form holds what it has.
  await page.getByRole('button', { name: 'Edit' }).click();
  expect(await page.getByLabel('Due date').inputValue()).toBe('2099-12-20');
  await page.getByLabel('Name').fill('Release 2.4.0');
  await page.getByRole('button', { name: 'Save milestone' }).click();
  await page.getByRole('heading', { level: 1, name: 'Release 2.4.0' }).waitFor();
});

it('moves a run to another milestone and out of it from the run page; a locked run keeps its milestone, saying why', async () => {
  const { runId } = (
    await h.t
      .as(user.token)
      .post('/run/create', { projectId, runName: 'Smoke', testIds: [ids[2]] })
      .expect(201)
  ).body.data as { runId: number };
  // A completed milestone, which a run may still move to.
  const alpha = (await h.t.as(user.token).post('/milestone/create', { projectId, name: 'Alpha' }).expect(201)).body.data as {
    milestoneId: number;
  };
  await h.t.as(user.token).put('/milestone/complete', { projectId, milestoneId: alpha.milestoneId }).expect(200);
  const page = await h.signIn(user.token);
  await page.goto(url(`/runs/${runId}`));
  await page.getByText('No milestone').waitFor();
  await page.getByRole('button', { name: 'Change milestone' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Move the run to a milestone' });
  // Open milestones first, the completed ones after them.
  expect(await page.evaluate<string>('document.activeElement.tagName')).toBe('SELECT');
  const options = form.getByLabel('Milestone').locator('option');
  await options.getByText('Alpha (completed)').waitFor({ state: 'attached' });
  expect(await options.allInnerTexts()).toEqual(['(none)', 'Beta', 'Release 2.4.0', 'RC 1', 'Alpha (completed)']);
  await form.getByLabel('Milestone').selectOption({ label: 'RC 1' });
  await checkScreen(page, 'run-milestone');
  await form.getByRole('button', { name: 'Move run' }).press('Enter');
  await page.getByRole('status').getByText('Run moved to RC 1').waitFor();
  await page.getByRole('link', { name: 'RC 1' }).waitFor();
  expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Change milestone');
  const rc1 = (await h.t.db.milestone.findFirst({ where: { projectId, name: 'RC 1' } }))!.milestoneId;
  expect((await h.t.db.run.findUnique({ where: { runId } }))?.milestoneId).toBe(rc1);

  // Escape closes the choice unsaved.
  await page.getByRole('button', { name: 'Change milestone' }).click();
  await form.getByLabel('Milestone').press('Escape');
  await form.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Change milestone' }).click();
  await form.getByLabel('Milestone').selectOption({ label: '(none)' });
  await form.getByRole('button', { name: 'Move run' }).click();
  await page.getByRole('status').getByText('Run taken out of its milestone').waitFor();
  await page.getByText('No milestone').waitFor();
  expect((await h.t.db.run.findUnique({ where: { runId } }))?.milestoneId).toBeNull();

  // Locked in Beta (outside Release 2.4.0, whose deletion below counts its runs).
  const beta = (await h.t.db.milestone.findFirst({ where: { projectId, name: 'Beta' } }))!.milestoneId;
  await h.t.as(user.token).put('/run/edit', { projectId, runId, milestoneId: beta }).expect(200);
  await h.t.as(user.token).put('/run/lock', { projectId, runId }).expect(200);
  await page.reload();
  const change = page.getByRole('button', { name: 'Change milestone' });
  await page.getByRole('link', { name: 'Beta' }).waitFor();
  expect(await change.isDisabled()).toBe(true);
  expect(await change.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText())).toBe(
    'A locked run keeps its milestone: an Admin can unlock it to move it.',
  );
  await checkScreen(page, 'run-milestone-locked');

  // A Reader sees the milestone, without the control.
  const readerPage = await h.signIn(reader.token);
  await readerPage.goto(url(`/runs/${runId}`));
  await readerPage.getByRole('link', { name: 'Beta' }).waitFor();
  expect(await readerPage.getByRole('button', { name: 'Change milestone' }).count()).toBe(0);
});

it('lets a Reader read a milestone without its writes', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(url('/milestones'));
  await card(page, 'RC 1').waitFor();
  expect(await page.getByRole('button', { name: 'New milestone' }).count()).toBe(0);
  await card(page, 'RC 1').getByRole('link', { name: 'RC 1' }).click();
  await page.getByRole('heading', { level: 1, name: 'RC 1' }).waitFor();
  await page.getByRole('link', { name: 'PDF report' }).waitFor();
  expect(
    await page
      .getByRole('button')
      .filter({ hasText: /Edit|Mark completed|Delete/ })
      .count(),
  ).toBe(0);
});

it('lets an Admin delete a milestone after asking; its run stays, without it', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(url('/milestones'));
  await card(page, 'Release 2.4.0').getByRole('link', { name: 'Release 2.4.0' }).click();
  await page.getByRole('heading', { level: 1, name: 'Release 2.4.0' }).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Release 2.4.0?' });
  await dialog.getByText('Its 1 runs stay, without a milestone; its sub-milestones become milestones of their own.').waitFor();
  await Promise.all([page.waitForURL(url('/milestones')), dialog.getByRole('button', { name: 'Delete milestone' }).click()]);
  // RC 1 is a milestone of its own now, once the list is read again: until then the list shown
  // may be the one kept from before, where RC 1's link is also inside its parent's card.
  await card(page, 'Release 2.4.0').waitFor({ state: 'detached' });
  await card(page, 'RC 1').waitFor();
  await card(page, 'RC 1').getByText('Part of').waitFor({ state: 'detached' });
  expect(await card(page, 'Release 2.4.0').count()).toBe(0);
  const run = await h.t.db.run.findFirst({ where: { projectId, runName: 'Regression' } });
  expect(run?.milestoneId).toBeNull();
});
