import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, textOf, type McpSession, type RunningApp } from './support';

// import-junit through the real SDK client and the real app: the XML goes as the
// raw body of POST /run/import-junit, the options as its query string, and the
// answer is the import's summary on one line.

type Rec = Record<string, unknown>;

let app: RunningApp;
let w: World;
let user: McpSession;
let reader: McpSession;
let rest: ReturnType<typeof restAs>;
let projectId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  [user, reader] = await Promise.all([
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.user.token }, ALL_TOOLS),
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS),
  ]);
  rest = restAs(app.url, w.user.token);
  projectId = w.projectA.projectId;
  for (const [name, automationKey] of [
    ['card', 'checkout.CartTest.pays by card'],
    ['invoice', undefined],
  ] as const) {
    const created = dataOf<{ testId: number }>(await user.call('create-test', { projectId, testName: `Pays by ${name}`, automationKey }));
    ids[name] = created.testId;
  }
});
afterAll(async () => {
  await Promise.all([user?.close(), reader?.close()]);
  await app?.close();
});

/** By automationKey, by a casebook_id property (failing; ids in names are read only with caseMatcher=name), and one that matches nothing. */
const report = () => `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="checkout" tests="3">
    <testcase classname="checkout.CartTest" name="pays by card" time="0.250"/>
    <testcase classname="checkout.InvoiceTest" name="pays by invoice" time="1.5">
      <properties><property name="casebook_id" value="${ids.invoice}"/></properties>
      <failure type="AssertionError" message="total is 0">at InvoiceTest.java:12</failure>
    </testcase>
    <testcase classname="checkout.RefundTest" name="refunds &amp; cancels" time="0.1"/>
  </testsuite>
</testsuites>
`;

const testCount = async () => (await rest.data<{ count: number }>('/project/tests-count', { projectId })).count;

it('imports a report into a new run and answers the counts on one line', async () => {
  const result = await user.call('import-junit', { projectId, xml: report(), runName: 'CI build 7' });
  expect(textOf(result)).not.toContain('\n');
  const summary = dataOf<Rec>(result);
  expect(summary).toMatchObject({
    projectId,
    total: 3,
    matched: 2,
    created: 0,
    unmatched: 1,
    unknown: 0,
    passed: 1,
    failed: 1,
    retest: 0,
    blocked: 0,
    passedOnRetry: 0,
    elapsedMs: 1750,
  });
  expect(summary).not.toHaveProperty('mapping');

  const inRun = { runId: summary.runId, projectId };
  expect(await rest.data('/run/detail', inRun)).toMatchObject({ runName: 'CI build 7' });
  const tests = await rest.data<{ tests: { testId: number; status: string; elapsedMs: number | null; comment: string | null }[] }>(
    '/run/tests',
    inRun,
  );
  const byId = new Map(tests.tests.map((t) => [t.testId, t]));
  expect(byId.get(ids.card)).toMatchObject({ status: 'passed', elapsedMs: 250 });
  expect(byId.get(ids.invoice)).toMatchObject({ status: 'failed', elapsedMs: 1500 });
  expect(byId.get(ids.invoice)?.comment).toContain('total is 0');
});

it('dry-runs with createMissing and a status map: the mapping, and nothing written', async () => {
  const before = await testCount();
  const runsBefore = (await rest.data<{ total: number }>('/runs', { projectId })).total;
  const summary = dataOf<Rec & { mapping: Rec[] }>(
    await user.call('import-junit', {
      projectId,
      xml: report(),
      createMissing: true,
      dryRun: true,
      statusMap: 'failure:blocked',
    }),
  );
  expect(summary).toMatchObject({ runId: null, total: 3, matched: 2, created: 1, unmatched: 0, passed: 2, failed: 0, blocked: 1 });
  expect(summary.mapping.map((m) => [m.name, m.testId, m.action, m.status])).toEqual([
    ['pays by card', ids.card, 'matched', 'passed'],
    ['pays by invoice', ids.invoice, 'matched', 'blocked'],
    ['refunds & cancels', null, 'created', 'passed'],
  ]);
  expect(await testCount()).toBe(before);
  expect((await rest.data<{ total: number }>('/runs', { projectId })).total).toBe(runsBefore);
});

it('adds to an open run given by runId', async () => {
  const run = dataOf<{ runId: number }>(await user.call('create-run', { projectId, runName: 'Nightly', testIds: [ids.card] }));
  const summary = dataOf<Rec>(await user.call('import-junit', { projectId, runId: run.runId, xml: report() }));
  expect(summary).toMatchObject({ runId: run.runId, matched: 2, unmatched: 1 });
  const state = await rest.data<Rec>('/run/state-detail', { runId: run.runId, projectId });
  expect(state).toMatchObject({ total: 2, passed: 1, failed: 1 });
});

it('fills an empty run made for CI shards: create-run empty, then an import per shard into its runId', async () => {
  const run = dataOf<{ runId: number }>(await user.call('create-run', { projectId, runName: 'Sharded', empty: true }));
  expect(await rest.data<Rec>('/run/state-detail', { runId: run.runId, projectId })).toMatchObject({ total: 0 });
  dataOf<Rec>(await user.call('import-junit', { projectId, runId: run.runId, xml: report() }));
  expect(await rest.data<Rec>('/run/state-detail', { runId: run.runId, projectId })).toMatchObject({ total: 2, passed: 1, failed: 1 });
  // Neither tests nor empty: REST's 400 names what is missing.
  const { message } = errorOf(await user.call('create-run', { projectId, runName: 'Nothing' }));
  expect(message).toMatch(/^Invalid request: testIds: /);
});

it('reports malformed XML with its line, and writes nothing', async () => {
  const runsBefore = (await rest.data<{ total: number }>('/runs', { projectId })).total;
  const { message, tip } = errorOf(
    await user.call('import-junit', { projectId, xml: '<testsuite name="x">\n  <testcase name="a">\n</testsuite>' }),
  );
  expect(message).toMatch(/^Invalid request: .*line 3/i);
  expect(tip).toContain('import-junit');
  expect((await rest.data<{ total: number }>('/runs', { projectId })).total).toBe(runsBefore);
});

it('refuses a bad option by its tool name before any request, and a Reader with the role it needs', async () => {
  const typed = errorOf(await user.call('import-junit', { projectId, xml: report(), dryRun: 'yes' }));
  expect(typed.message).toBe('Invalid request: dryRun: Expected boolean, received string');
  const missing = errorOf(await user.call('import-junit', { projectId }));
  expect(missing.message).toBe('Invalid request: xml: Required');
  const forbidden = errorOf(await reader.call('import-junit', { projectId, xml: report() }));
  expect(forbidden.message).toBe('Forbidden - User does not have access');
  expect(forbidden.tip).toContain('import-junit needs the User role or higher');
});
