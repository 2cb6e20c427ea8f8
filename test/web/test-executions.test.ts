import path from 'node:path';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';
import { startRun } from '../support/run-factories';
import { checkScreen, DESKTOP, PHONE, SCREENS_DIR, startWebHarness, type WebHarness } from './support/web-harness';

// The test case page's strip of the test's last 30 executions: oldest to newest, a mark per run
// (colour, a shape and an accessible name), each a link to its run, and a summary line. Runs
// where the test stayed untested are not executions; a test never executed says so.
//
// Nightly 1–31 through the API (failed every 5th, blocked every 7th, retest in Nightly 30, else
// passed), then Nightly 32 left untested, then CI 33, a JUnit import where the test passed on a
// rerun (flaky in run). The last 30: Nightly 3–31 and CI 33.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let projectId: number;
let testId: number;
let idleId: number;
const runIds = new Map<string, number>();

const statusOf = (i: number) => (i === 30 ? 'retest' : i % 5 === 0 ? 'failed' : i % 7 === 0 ? 'blocked' : 'passed');

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Strip testers');
  [user, reader] = await Promise.all([createUser(h.t.db, 'User', [org.orgId]), createUser(h.t.db, 'Reader', [org.orgId])]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Shop' })).projectId;
  [idleId] = await createTests(h.t.db, projectId, 1, () => ({}), 'Refund');
  const created = await h.t
    .as(user.token)
    .post('/test/create', { projectId, title: 'Checkout', automationKey: 'shop.Cart.checkout' })
    .expect(201);
  testId = created.body.data.testId;
  for (let i = 1; i <= 31; i += 1) {
    const { runId } = await startRun(h.t, user.token, projectId, [testId, idleId], `Nightly ${i}`);
    runIds.set(`Nightly ${i}`, runId);
    const testResults = [{ testId, status: statusOf(i), elapsedMs: 1000 + i }];
    await h.t.as(user.token).put('/run/update-test-status', { runId, projectId, testResults }).expect(200);
  }
  runIds.set('Nightly 32', (await startRun(h.t, user.token, projectId, [testId], 'Nightly 32')).runId);
  const xml = suite(
    'shop.Cart',
    '<testcase classname="shop.Cart" name="checkout" time="1.5"><flakyFailure message="timeout" type="AssertionError"/></testcase>',
  );
  const imported = await importJUnit(h.t, user.token, { projectId, runName: 'CI 33' }, xml).expect(201);
  runIds.set('CI 33', imported.body.data.runId);
}, 180_000);
afterAll(() => h?.close());

const url = (id: number) => `${h.baseUrl}/projects/${projectId}/tests/${id}`;

it('shows the last 30 executions oldest first, each mark named, shaped and linked to its run, with a summary', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(url(testId));
  const section = page.getByRole('region', { name: 'Last executions' });
  await section.getByText('20 passed, 5 failed, 4 blocked, 1 retest of the last 30 (1 flaky in run)').waitFor();
  await section.getByText('32 executions in all; the older ones are in the status history below.').waitFor();
  const strip = section.getByRole('list', { name: 'The last 30 executions, oldest first' });
  const marks = strip.getByRole('link');
  expect(await marks.count()).toBe(30);

  // Oldest to newest: Nightly 3 … Nightly 31, then CI 33; Nightly 32 (untested) is no execution.
  const names = await marks.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
  expect(names.map((n) => n.split(':')[0])).toEqual([...Array.from({ length: 29 }, (_, i) => `Nightly ${i + 3}`), 'CI 33']);
  expect(names[2]).toMatch(/^Nightly 5: failed, (\d{1,2} \w{3}|\w{3} \d{1,2})$/);
  expect(names[4]).toMatch(/^Nightly 7: blocked, /);
  expect(names[27]).toMatch(/^Nightly 30: retest, /);
  expect(names[29]).toMatch(/^CI 33: passed \(flaky in run\), /);

  // Colour is not alone: each status has its shape; the flaky one a dashed ring.
  const shapes = await marks.evaluateAll((links) => links.map((a) => `${a.getAttribute('data-status')} ${a.textContent}`));
  expect(new Set(shapes)).toEqual(new Set(['passed ✓', 'failed ✕', 'blocked ⊘', 'retest ↻']));
  expect(await marks.last().getAttribute('data-flaky')).toBe('true');
  expect(await marks.nth(2).getAttribute('title')).toMatch(/^Nightly 5: failed, .* 2026 · 1 s$/);
  expect(await marks.nth(2).getAttribute('href')).toBe(`/projects/${projectId}/runs/${runIds.get('Nightly 5')}`);
  await checkScreen(page, 'test-executions');
  // The strip alone, close up (the whole page is long with its history), at both widths.
  await section.screenshot({ path: path.join(SCREENS_DIR, 'test-executions-strip.png') });
  await page.setViewportSize(PHONE);
  await section.screenshot({ path: path.join(SCREENS_DIR, 'test-executions-strip-phone.png') });
  await page.setViewportSize(DESKTOP);

  // By keyboard: a mark is a link to its run.
  await marks.nth(2).focus();
  await Promise.all([page.waitForURL(`${h.baseUrl}/projects/${projectId}/runs/${runIds.get('Nightly 5')}`), page.keyboard.press('Enter')]);
  await page.getByRole('heading', { level: 1, name: 'Nightly 5' }).waitFor();
});

it('a test never executed says so, without a strip', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url(idleId));
  const section = page.getByRole('region', { name: 'Last executions' });
  await section.getByText('Not executed in any run yet.').waitFor();
  expect(await section.getByRole('list').count()).toBe(0);
});
