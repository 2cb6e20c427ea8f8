import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { checkScreen, fetchInPage, startWebHarness, type WebHarness } from './support/web-harness';
import { PNG, upload } from '../support/attachments';

// Runs and report screens: create a run from the form by a section (its subtree comes along),
// the list's progress bar and counts agree with the API, the report shows the chart and the
// counts per section and its PDF link gives a PDF; a Reader gets no create form.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let projectId: number;
const ids: Record<string, number[]> = {};

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Run testers');
  [user, reader] = [await createUser(h.t.db, 'User', [org.orgId]), await createUser(h.t.db, 'Reader', [org.orgId])];
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Checkout' })).projectId;
  const payments = await createSection(h.t.db, projectId, 'Payments');
  const cards = await createSection(h.t.db, projectId, 'Cards', payments.sectionId);
  const shipping = await createSection(h.t.db, projectId, 'Shipping');
  ids.payments = await createTests(h.t.db, projectId, 2, () => ({ sectionId: payments.sectionId }), 'Pay');
  ids.cards = await createTests(h.t.db, projectId, 3, () => ({ sectionId: cards.sectionId }), 'Card');
  ids.shipping = await createTests(h.t.db, projectId, 2, () => ({ sectionId: shipping.sectionId }), 'Ship');
}, 120_000);
afterAll(() => h?.close());

interface State {
  total: number;
  passed: number;
  failed: number;
  blocked: number;
  retest: number;
  untested: number;
}

it('creates a run by section, lists its progress, and reports it with a PDF download', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
  await page.getByRole('heading', { level: 1, name: 'Runs of Checkout' }).waitFor();
  await page.getByText('No runs yet.').waitFor();

  await page.getByRole('button', { name: 'New run' }).click();
  await page.getByLabel('Name').fill('Payments regression');
  await page.getByLabel('Description').fill('Before 2.4');
  await page.getByRole('checkbox', { name: 'Payments' }).check();
  // The subsection comes along with its parent.
  expect(await page.getByRole('checkbox', { name: 'Cards' }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Cards' }).isDisabled()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Shipping' }).isChecked()).toBe(false);
  await checkScreen(page, 'runs-create');
  await page.getByRole('button', { name: 'Create run' }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}/runs/(\\d+)$`));
  const runId = Number(/runs\/(\d+)$/.exec(page.url())![1]);

  const api = h.t.as(user.token);
  const q = { runId, projectId };
  const tests = (await api.get('/run/tests', q).expect(200)).body.data.tests as { testId: number }[];
  expect(tests.map((x) => x.testId).sort((a, b) => a - b)).toEqual([...ids.payments, ...ids.cards].sort((a, b) => a - b));
  expect((await api.get('/run/detail', q).expect(200)).body.data).toMatchObject({
    runName: 'Payments regression',
    runDescription: 'Before 2.4',
  });

  await api
    .put('/run/update-test-status', {
      ...q,
      testResults: [
        { testId: ids.payments[0], status: 'passed' },
        { testId: ids.cards[0], status: 'passed' },
        { testId: ids.cards[1], status: 'failed', comment: 'declined', defects: ['SHOP-12'] },
        { testId: ids.cards[2], status: 'blocked' },
      ],
    })
    .expect(200);
  const state = (await api.get('/run/state-detail', q).expect(200)).body.data as State;
  expect(state).toMatchObject({ total: 5, passed: 2, failed: 1, blocked: 1, retest: 0, untested: 1 });

  await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
  const card = page.locator(`[data-run-id="${runId}"]`);
  await card.getByRole('heading', { name: 'Payments regression' }).waitFor();
  const bar = card.getByRole('img');
  expect(await bar.getAttribute('aria-label')).toBe(
    `${state.total - state.untested} of ${state.total} tested: ${state.passed} passed, ${state.failed} failed, ${state.blocked} blocked, ${state.retest} retest, ${state.untested} untested`,
  );
  for (const status of ['passed', 'failed', 'blocked', 'retest', 'untested', 'total'] as const) {
    expect(await card.locator(`[data-status="${status}"] strong`).textContent()).toBe(String(state[status]));
  }
  // The stacked segments are as wide as each status's share.
  const widths = await page.evaluate(
    `[...document.querySelectorAll('[data-run-id="${runId}"] .status-bar-segment')].map((s) => s.style.width)`,
  );
  expect(widths).toEqual(['40%', '20%', '20%', '20%']);
  await checkScreen(page, 'runs');

  await card.getByRole('link', { name: 'Report of Payments regression' }).click();
  await page.getByRole('heading', { level: 1, name: 'Report of Payments regression' }).waitFor();
  expect(await page.getByRole('img', { name: /^Results chart: 4 of 5 tested/ }).count()).toBe(1);
  const rows = page.locator('.section-table tbody tr');
  await rows.first().waitFor();
  const cells =
    "[...document.querySelectorAll('.section-table tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 7).map((c) => c.textContent))";
  expect(await page.evaluate(cells)).toEqual([
    ['Payments', '2', '1', '0', '0', '0', '1'],
    ['Payments > Cards', '3', '1', '1', '1', '0', '0'],
  ]);
  // The failed and blocked results, each with its comment, defects and files.
  await upload(h.t, user.token, { projectId, runId, testId: ids.cards[1] }, [
    { name: 'declined.png', content: PNG },
    { name: 'gateway.log', content: Buffer.from('502 from the gateway\n') },
  ]).expect(201);
  await page.reload();
  const problems = page.getByRole('list', { name: 'Failed and blocked results' });
  await problems.getByRole('link', { name: 'declined.png' }).waitFor();
  const items = problems.getByRole('listitem').filter({ has: page.locator('.problem-head') });
  expect(await items.evaluateAll((li) => li.map((l) => l.querySelector('.problem-head')?.textContent))).toEqual([
    `Failed#${ids.cards[1]} Card 1`,
    `Blocked#${ids.cards[2]} Card 2`,
  ]);
  expect(await problems.getByText('declined', { exact: true }).count()).toBe(1);
  // Without a defect URL template the id is shown as text.
  expect(await problems.getByText('SHOP-12', { exact: true }).count()).toBe(1);
  const fileHref = await problems.getByRole('link', { name: 'gateway.log' }).getAttribute('href');
  expect(await fetchInPage(page, fileHref!)).toEqual({ status: 200, type: 'text/plain; charset=utf-8', head: '502 f' });
  expect(await fetchInPage(page, (await problems.getByRole('link', { name: 'declined.png' }).getAttribute('href'))!)).toMatchObject({
    status: 200,
    type: 'image/png',
  });
  await checkScreen(page, 'run-report');

  const pdfHref = await page.getByRole('link', { name: 'Report as PDF' }).getAttribute('href');
  expect(pdfHref).toBe(`/api/v1/run/report?runId=${runId}&projectId=${projectId}&format=pdf`);
  // Fetched with the page's own session cookie, as the download link is.
  const pdf = await fetchInPage(page, pdfHref!);
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  expect(await page.getByRole('link', { name: 'Catalog as CSV' }).getAttribute('href')).toBe(
    `/api/v1/tests/download?projectId=${projectId}&format=csv`,
  );
  expect(await page.getByRole('link', { name: 'Catalog as JSON' }).getAttribute('download')).toBe('');
});

it('shows a Reader the runs but no create form', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
  await page.getByRole('heading', { level: 1, name: 'Runs of Checkout' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Payments regression' }).waitFor();
  expect(await page.getByRole('button', { name: 'New run' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Create run' }).count()).toBe(0);
});
