import type { Page } from 'playwright-core';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// Defect links in the browser: the metadata page sets where ids link to, `d` on the execute page
// links a defect to the current result (Enter saves, Esc cancels, a bad id is refused in place),
// the links show in the panel, its history and the rows, and the report page lists them; each
// defect of the result has a remove button (sent through the outbox), which a Reader does not get.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let projectId: number;
let testIds: number[];
let runId: number;
const TEMPLATE = 'https://acme.atlassian.net/browse/{id}';

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Defect hunters');
  [user, reader] = await Promise.all([createUser(h.t.db, 'User', [org.orgId]), createUser(h.t.db, 'Reader', [org.orgId])]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Webshop' })).projectId;
  testIds = await createTests(h.t.db, projectId, 3, () => ({}), 'Pay');
  runId = (await startRun(h.t, user.token, projectId, testIds, 'Release 2.0')).runId;
}, 120_000);
afterAll(() => h?.close());

const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);
const runTests = async () => (await h.t.as(reader.token).get('/run/tests', { runId, projectId }).expect(200)).body.data.tests;

it('a User sets the defect link template on the metadata page', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/metadata`);
  const input = page.getByLabel('Link of a defect');
  await input.fill('ftp://nope/{id}');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await page.getByText('defectUrlTemplate: Expected an http(s) URL').waitFor();
  await input.fill(TEMPLATE);
  await page.getByRole('button', { name: 'Save' }).last().click();
  await page.getByText('Saved: defect ids link there.').waitFor();
  expect((await h.t.as(reader.token).get('/project/detail', { projectId }).expect(200)).body.data.defectUrlTemplate).toBe(TEMPLATE);
  await checkScreen(page, 'metadata-defect-links');
});

it('d links a defect to the current result with the keyboard; the panel, history and row show its link', async () => {
  await h.t
    .as(user.token)
    .put('/run/update-test-status', { runId, projectId, testResults: [{ testId: testIds[1], status: 'failed', comment: 'Card declined' }] })
    .expect(200);
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await row(page, 1).click();
  const panel = page.getByRole('complementary', { name: 'Pay 1' });
  await panel.waitFor();

  // Esc cancels: nothing is sent, and the list has the keyboard again.
  await page.keyboard.press('d');
  const box = page.getByLabel('Link a defect');
  await box.waitFor();
  await page.keyboard.type('SHOP-9');
  await page.keyboard.press('Escape');
  expect(await box.count()).toBe(0);
  expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")')).toBe(String(testIds[1]));

  // A text that is no defect is refused in the box, and nothing is sent.
  await page.keyboard.press('d');
  await page.keyboard.type('two words');
  await page.keyboard.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'A defect is an id' }).waitFor();
  await box.fill('SHOP-7');
  await page.keyboard.press('Enter');
  expect(await box.count()).toBe(0);

  const link = panel.locator('.run-panel-result').getByRole('link', { name: 'SHOP-7' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe('https://acme.atlassian.net/browse/SHOP-7');
  expect(await link.getAttribute('target')).toBe('_blank');
  await page.getByRole('list', { name: 'Defects of Pay 1' }).getByRole('link', { name: 'SHOP-7' }).waitFor(); // the row's too
  await waitForSettled(page);
  // Saved on the result as it was (status and comment kept), a new entry in its history.
  const saved = (await runTests()).find((t: { testId: number }) => t.testId === testIds[1]);
  expect(saved).toMatchObject({
    status: 'failed',
    comment: 'Card declined',
    defects: [{ id: 'SHOP-7', url: 'https://acme.atlassian.net/browse/SHOP-7' }],
  });
  await panel.locator('.run-history > li').first().getByRole('link', { name: 'SHOP-7' }).waitFor();
  expect(await panel.locator('.run-history > li').count()).toBe(3);

  // A second one is added to the first; the shortcuts dialog names the key.
  await page.keyboard.press('d');
  await page.keyboard.type('https://bugs.example/42');
  await page.keyboard.press('Enter');
  await panel.locator('.run-panel-result').getByRole('link', { name: 'https://bugs.example/42' }).waitFor();
  await checkScreen(page, 'execute-defects');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.getByText('Link a defect to the test’s result').waitFor();
  await page.keyboard.press('Escape');
  await waitForSettled(page);
  expect((await runTests()).find((t: { testId: number }) => t.testId === testIds[1]).defects.map((d: { id: string }) => d.id)).toEqual([
    'SHOP-7',
    'https://bugs.example/42',
  ]);
});

it('a Reader sees the links but cannot add one', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await row(page, 1).click();
  await page.getByRole('complementary', { name: 'Pay 1' }).locator('.run-panel-result').getByRole('link', { name: 'SHOP-7' }).waitFor();
  await page.keyboard.press('d');
  await page.getByText('You have read-only access to this run.').waitFor();
  expect(await page.getByLabel('Link a defect').count()).toBe(0);
});

it('the report page lists the run’s defects with their links, failed counts and tests', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}/report`);
  const section = page.getByRole('region', { name: 'Defects of the run' });
  await section.waitFor();
  const link = section.getByRole('link', { name: 'SHOP-7' });
  expect(await link.getAttribute('href')).toBe('https://acme.atlassian.net/browse/SHOP-7');
  expect(await section.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['1', '1', `#${testIds[1]} Pay 1`]);
  await checkScreen(page, 'report-defects');
});

it('a User removes a defect from the result by keyboard, through the outbox (kept offline), the status and comment staying', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await row(page, 1).click();
  const panel = page.getByRole('complementary', { name: 'Pay 1' });
  const result = panel.locator('.run-panel-result');
  await result.getByRole('link', { name: 'https://bugs.example/42' }).waitFor();
  const entries = await panel.locator('.run-history > li').count();

  // Offline: the removal shows at once and waits in the outbox.
  await page.context().setOffline(true);
  const remove = page.getByRole('button', { name: 'Remove defect https://bugs.example/42' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await result.getByRole('link', { name: 'https://bugs.example/42' }).waitFor({ state: 'detached' });
  await page.getByText('Pay 1: https://bugs.example/42 removed.').waitFor();
  await row(page, 1).getByText('Not sent').waitFor();
  // The keyboard is back on the list.
  expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-test-row")')).toBe(String(testIds[1]));
  expect((await runTests()).find((t: { testId: number }) => t.testId === testIds[1]).defects).toHaveLength(2);
  await checkScreen(page, 'execute-defect-removed-offline');

  // Back online it is sent: one defect left, the status and comment as they were, a new history entry.
  await page.context().setOffline(false);
  await row(page, 1).getByText('Not sent').waitFor({ state: 'detached' });
  await waitForSettled(page);
  expect((await runTests()).find((t: { testId: number }) => t.testId === testIds[1])).toMatchObject({
    status: 'failed',
    comment: 'Card declined',
    defects: [{ id: 'SHOP-7', url: 'https://acme.atlassian.net/browse/SHOP-7' }],
  });
  await panel.locator('.run-history > li').nth(entries).waitFor();

  // The last one goes the same way: the result links to none.
  await page.getByRole('button', { name: 'Remove defect SHOP-7' }).click();
  await result.getByRole('link', { name: 'SHOP-7' }).waitFor({ state: 'detached' });
  await waitForSettled(page);
  expect((await runTests()).find((t: { testId: number }) => t.testId === testIds[1])).toMatchObject({ status: 'failed', defects: [] });
});

it('a Reader gets no remove button', async () => {
  await h.t
    .as(user.token)
    .put('/run/update-test-status', {
      runId,
      projectId,
      testResults: [{ testId: testIds[2], status: 'failed', comment: null, defects: ['SHOP-12'] }],
    })
    .expect(200);
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await row(page, 2).click();
  await page.getByRole('complementary', { name: 'Pay 2' }).locator('.run-panel-result').getByRole('link', { name: 'SHOP-12' }).waitFor();
  expect(await page.getByRole('button', { name: /^Remove defect/ }).count()).toBe(0);
  // A User has it for the same result.
  const userPage = await h.signIn(user.token);
  await userPage.goto(`${h.baseUrl}/projects/${projectId}/runs/${runId}`);
  await row(userPage, 2).click();
  await userPage.getByRole('button', { name: 'Remove defect SHOP-12' }).waitFor();
});
