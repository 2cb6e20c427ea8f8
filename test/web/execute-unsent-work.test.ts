import type { Page } from 'playwright-core';
import { createSection, createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The execute page never loses a tester's work: comment drafts kept per test across moves and
// reloads; a session that ends mid-run keeps the unsent mark and comment, signing in again (in
// place, or on the login page, which comes back) sends them; offline marks show as not sent,
// the tab asks before closing, and they reach the server, in order, when the connection returns.

let h: WebHarness;
let user: TestUser;
let projectId: number;
let testIds: number[];

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Unsent work');
  user = await createUser(h.t.db, 'User', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Webshop' })).projectId;
  const checkout = await createSection(h.t.db, projectId, 'Checkout');
  testIds = await createTests(h.t.db, projectId, 5, () => ({ sectionId: checkout.sectionId }), 'Pay');
}, 120_000);
afterAll(() => h?.close());

const newRun = async (name: string) => (await startRun(h.t, user.token, projectId, testIds, name)).runId;
const runUrl = (runId: number) => `${h.baseUrl}/projects/${projectId}/runs/${runId}`;
const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);
const comment = (page: Page) => page.getByRole('textbox', { name: 'Comment' });
const currentRow = (page: Page) => page.locator('[data-test-row][aria-current="true"]').getAttribute('data-test-row');
const openRun = async (page: Page, runId: number) => {
  await page.goto(runUrl(runId));
  await row(page, 0).waitFor();
};
/** Opens the run with its first test current and its live stream open, then takes the connection away. */
const openRunThenGoOffline = async (page: Page, runId: number) => {
  await openRun(page, runId);
  await row(page, 0).focus();
  await page.locator('.run-live', { hasText: 'Live' }).waitFor();
  await page.context().setOffline(true);
  // Others' marks cannot arrive either: the page no longer says it is live.
  await page.locator('.run-live', { hasText: 'Offline' }).waitFor();
};
const served = async (runId: number) => {
  const tests = (await h.t.as(user.token).get('/run/tests', { runId, projectId }).expect(200)).body.data.tests as {
    testId: number;
    status: string;
    comment: string | null;
  }[];
  return testIds.map((id) => tests.find((t) => t.testId === id)).map((t) => [t!.status, t!.comment]);
};
const history = async (runId: number, i: number) =>
  (
    (await h.t.as(user.token).get('/run/test-status-history', { runId, testId: testIds[i] }).expect(200)).body.data as { status: string }[]
  ).map((e) => e.status);
/** Waits until the server has `status` for test i. */
const waitForServer = async (runId: number, i: number, status: string) => {
  for (let tries = 0; tries < 100; tries++) {
    if ((await served(runId))[i][0] === status) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`test ${i} never became ${status} on the server`);
};

it('keeps a comment draft per test across row changes, Esc then j/k, and a reload, until a status saves it', async () => {
  const runId = await newRun('Drafts');
  const page = await h.signIn(user.token);
  await openRun(page, runId);
  await row(page, 0).focus();
  await page.keyboard.press('c');
  await page.keyboard.type('Card declined twice');
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  expect(await currentRow(page)).toBe(String(testIds[1]));
  expect(await comment(page).inputValue()).toBe(''); // the next test has a draft of its own
  await page.keyboard.press('k');
  expect(await comment(page).inputValue()).toBe('Card declined twice');

  // A click on another row, a draft there, and back.
  await row(page, 2).click();
  await comment(page).fill('Spinner never stops');
  await row(page, 0).click();
  expect(await comment(page).inputValue()).toBe('Card declined twice');

  // A reload keeps both.
  await page.reload();
  await row(page, 0).waitFor();
  expect(await comment(page).inputValue()).toBe('Card declined twice');
  await row(page, 2).click();
  expect(await comment(page).inputValue()).toBe('Spinner never stops');
  await checkScreen(page, 'execute-draft-kept');

  // A status saves the draft with it; the draft is gone afterwards, the other one stays.
  await row(page, 0).click();
  await page.keyboard.press('f');
  await waitForServer(runId, 0, 'failed');
  expect((await served(runId))[0]).toEqual(['failed', 'Card declined twice']);
  await row(page, 0).click();
  expect(await comment(page).inputValue()).toBe('');
  await page.reload();
  await row(page, 2).click();
  expect(await comment(page).inputValue()).toBe('Spinner never stops');
});

it('keeps the mark and comment when the session ends mid-run, and sends them once signed in again, in place or through the login page', async () => {
  const runId = await newRun('Session ends');
  const page = await h.signIn(user.token);
  await openRun(page, runId);
  const url = page.url();
  await row(page, 1).click();
  await page.keyboard.press('c');
  await page.keyboard.type('Fails on Safari');
  await page.keyboard.press('Escape');

  // Signed out behind the page's back (expired, or signed out elsewhere).
  await h.t.db.session.deleteMany({ where: { userId: user.userId } });
  await page.keyboard.press('f');
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await dialog.waitFor();
  expect(page.url()).toBe(url);
  await row(page, 1).getByText('Not sent').waitFor();
  expect(await row(page, 1).locator('.status-badge').textContent()).toBe('Failed');
  expect(await page.getByTestId('unsent-count').textContent()).toBe('1');
  expect((await served(runId))[1]).toEqual(['untested', null]);
  await checkScreen(page, 'execute-session-ended');

  // A wrong token says why and stays; the right one sends what waited, on the same page.
  await dialog.getByLabel('API token').fill('cb_not_a_token');
  await dialog.getByRole('button', { name: 'Sign in with token' }).click();
  await dialog.getByRole('alert').getByText('This API token is not valid').waitFor();
  await dialog.getByLabel('API token').fill(user.token);
  await dialog.getByRole('button', { name: 'Sign in with token' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await waitForServer(runId, 1, 'failed');
  expect((await served(runId))[1]).toEqual(['failed', 'Fails on Safari']);
  await row(page, 1).getByText('Not sent').waitFor({ state: 'hidden' });
  expect(await page.getByTestId('unsent-count').count()).toBe(0);
  expect(page.url()).toBe(url);

  // Again, this time through the login page (as an OAuth sign-in goes): it comes back to the run.
  await row(page, 3).click();
  await page.getByRole('complementary', { name: 'Pay 3' }).locator('.run-history li').first().waitFor();
  await h.t.db.session.deleteMany({ where: { userId: user.userId } });
  await page.keyboard.press('b');
  await dialog.waitFor();
  await Promise.all([page.waitForURL(/\/login\?next=/), dialog.getByRole('link', { name: 'sign in on the sign-in page' }).click()]);
  expect(new URL(page.url()).searchParams.get('next')).toBe(new URL(url).pathname);
  await page.getByLabel('API token').fill(user.token);
  await Promise.all([page.waitForURL(url), page.getByRole('button', { name: 'Sign in with token' }).click()]);
  await waitForServer(runId, 3, 'blocked');
  await row(page, 3).locator('.status-badge', { hasText: 'Blocked' }).waitFor();
  expect(await page.getByText('Not sent').count()).toBe(0);
});

it('shows offline marks as not sent, asks before the tab closes, and sends them in order when the connection returns', async () => {
  const runId = await newRun('Offline');
  const page = await h.signIn(user.token);
  await openRunThenGoOffline(page, runId);
  await page.getByText('You are offline').waitFor();

  await page.keyboard.press('p'); // test 0 passed, moves to test 1
  await page.keyboard.press('c');
  await page.keyboard.type('Timeout at payment');
  await page.keyboard.press('Escape');
  await page.keyboard.press('f'); // test 1 failed with the comment
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await page.keyboard.press('r'); // test 0 again: retest is its latest mark
  await page.getByText('not sent: you are offline').waitFor();
  expect(await page.getByTestId('unsent-count').textContent()).toBe('2');
  expect(await row(page, 0).textContent()).toBe('Pay 0Not sentRetest');
  expect(await row(page, 1).textContent()).toBe('Pay 1Not sentFailed');
  expect(await page.getByTestId('count-untested').textContent()).toBe('3');
  expect(await served(runId)).toEqual(testIds.map(() => ['untested', null]));
  await checkScreen(page, 'execute-offline');

  // Closing the tab asks first (the prompt is dismissed: the page stays).
  const prompts: string[] = [];
  page.once('dialog', (d) => {
    prompts.push(d.type());
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  for (let tries = 0; tries < 50 && prompts.length === 0; tries++) await new Promise((r) => setTimeout(r, 100));
  expect(prompts).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);

  // Back online: sent without a click, each test's marks in the order made, none twice.
  await page.context().setOffline(false);
  await waitForServer(runId, 0, 'retest');
  await waitForServer(runId, 1, 'failed');
  expect((await served(runId)).slice(0, 2)).toEqual([
    ['retest', null],
    ['failed', 'Timeout at payment'],
  ]);
  expect(await history(runId, 0)).toEqual(['retest', 'passed', 'untested']);
  expect(await history(runId, 1)).toEqual(['failed', 'untested']);
  await page.getByTestId('unsent-count').waitFor({ state: 'detached' });
  await page.locator('.run-live', { hasText: 'Live' }).waitFor();
  expect(await page.getByText('Not sent').count()).toBe(0);
  expect(await page.getByTestId('count-untested').textContent()).toBe('3');
  // Nothing is left to ask about.
  expect(await page.evaluate("localStorage.getItem('casebook.pending-results')")).toBeNull();
});

it('keeps the marks of two tabs in one queue: a tab closed offline loses nothing, the other sends both', async () => {
  const runId = await newRun('Two tabs');
  const tabA = await h.signIn(user.token);
  const tabB = await tabA.context().newPage();
  await openRun(tabA, runId);
  await openRun(tabB, runId);
  await tabA.context().setOffline(true);
  await row(tabA, 0).focus();
  await tabA.keyboard.press('p');
  await row(tabA, 0).getByText('Not sent').waitFor();
  await row(tabB, 2).focus();
  await tabB.keyboard.press('f');
  // Each tab shows the other's mark as waiting too.
  await row(tabB, 0).getByText('Not sent').waitFor();
  await row(tabA, 2).getByText('Not sent').waitFor();
  expect(await tabB.getByTestId('unsent-count').textContent()).toBe('2');

  // Tab A is closed without sending (its prompt not run); back online, tab B sends A's mark and its own.
  await tabA.close();
  await tabB.context().setOffline(false);
  await waitForServer(runId, 0, 'passed');
  await waitForServer(runId, 2, 'failed');
  await tabB.getByTestId('unsent-count').waitFor({ state: 'detached' });
  expect(await history(runId, 0)).toEqual(['passed', 'untested']);
  expect(await history(runId, 2)).toEqual(['failed', 'untested']);
  expect(await tabB.evaluate("localStorage.getItem('casebook.pending-results')")).toBeNull();
});

it('counts what its rows show: a read of the rows from before the marks, landing after their answer, is read again', async () => {
  const runId = await newRun('Late rows');
  const page = await h.signIn(user.token);
  // The page reads no counts apart from its rows, which could disagree with them.
  const countReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/run/state-detail')) countReads.push(r.url());
  });
  await openRunThenGoOffline(page, runId);
  await page.keyboard.press('p');
  await page.keyboard.press('f');
  expect(await page.getByTestId('count-untested').textContent()).toBe('3');

  // Back online the marks go out and the page reads the run again. The order is made the worst
  // one: the rows are read before the marks are written, and arrive after the marks' answer.
  const deferred = () => {
    let resolve!: () => void;
    return { promise: new Promise<void>((r) => (resolve = r)), resolve };
  };
  const rowsRead = deferred();
  const marksAnswered = deferred();
  const once = { rows: true, marks: true };
  let answered = false;
  await page.route(/\/api\/v1\/run\/tests\?/, async (route) => {
    if (!once.rows) return route.continue();
    once.rows = false;
    const old = await route.fetch();
    rowsRead.resolve();
    await marksAnswered.promise;
    await route.fulfill({ response: old });
  });
  await page.route(/\/api\/v1\/run\/update-test-status/, async (route) => {
    if (!once.marks) return route.continue();
    once.marks = false;
    await rowsRead.promise;
    await route.fulfill({ response: await route.fetch() });
    answered = true;
    marksAnswered.resolve();
  });
  // The rows reads ended after the marks' answer: the late one (in, or cut short) and the one after it.
  const rowsReadsAfter = deferred();
  let ended = 0;
  const rowsReadEnded = (r: { url(): string }) => {
    if (/\/api\/v1\/run\/tests\?/.test(r.url()) && answered && ++ended === 2) rowsReadsAfter.resolve();
  };
  page.on('requestfinished', rowsReadEnded);
  page.on('requestfailed', rowsReadEnded);
  await page.context().setOffline(false);
  await waitForServer(runId, 1, 'failed');
  await row(page, 1).getByText('Not sent').waitFor({ state: 'detached' });
  expect((await served(runId)).slice(0, 2)).toEqual([
    ['passed', null],
    ['failed', null],
  ]);
  // The late rows are in, then read again: the marks stay, and the counts with them.
  await rowsReadsAfter.promise;
  await row(page, 1).locator('.status-badge', { hasText: 'Failed' }).waitFor();
  expect(await page.getByTestId('count-untested').textContent()).toBe('3');
  expect(await page.getByText('Not sent').count()).toBe(0);
  expect(await page.getByTestId('count-passed').textContent()).toBe('1');
  expect(await page.getByTestId('count-failed').textContent()).toBe('1');
  expect(await page.getByTestId('count-total').textContent()).toBe('5');
  expect(countReads).toEqual([]);
});
