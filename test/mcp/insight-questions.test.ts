import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, restAs, textOf, type McpSession, type RunningApp, startRealApp } from './support';

// The questions a QA lead asks each morning, asked by an assistant through the real `casebook mcp`:
// "which tests are flaky?", "what failed in the latest run that passed before?" and "which tests
// never ran?" are each answered by one call of under 20,000 characters that holds the answer (or
// its first page with the total), on a project of 400 tests with long titles and 8 runs.

type Rec = Record<string, unknown>;
const TESTS = 400;
const RUNS = 8;
const ANSWER_MAX = 20_000;
const title = (i: number) => `Checkout › Payments › Saved cards: paying with a saved Visa card keeps the basket (case ${i})`;
// Test i by its index: flaky (flips every run) when i % 10 === 0; never run when i % 7 === 3; in the
// last run, a new failure (passed in every earlier run) when i % 13 === 5.
const flaky = (i: number) => i % 10 === 0;
const neverRun = (i: number) => !flaky(i) && i % 7 === 3;
const newFailure = (i: number) => !flaky(i) && !neverRun(i) && i % 13 === 5;

let app: RunningApp;
let w: World;
let mcp: McpSession;
let projectId: number;
let testIds: number[];

async function ask(name: string, args: Rec): Promise<Rec> {
  const result = await mcp.call(name, args);
  const text = textOf(result);
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  expect({ name, chars: text.length, fits: text.length < ANSWER_MAX }).toMatchObject({ name, fits: true });
  return JSON.parse(text) as Rec;
}

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  projectId = w.projectA.projectId;
  const rest = (method: string, path: string, body?: unknown) => restAs(app.url, w.admin.token).call<Rec>(method, path, body);
  const tests = Array.from({ length: TESTS }, (_, i) => ({ title: title(i) }));
  testIds = (await rest('POST', '/test/bulk-add', { projectId, tests })).testIds as number[];
  const ran = testIds.filter((_, i) => !neverRun(i));
  for (let r = 0; r < RUNS; r++) {
    const runId = Number((await rest('POST', '/run/create', { projectId, runName: `Nightly ${r}`, testIds: ran })).runId);
    const last = r === RUNS - 1;
    const testResults = testIds.flatMap((testId, i) => {
      if (neverRun(i)) return [];
      const failed = flaky(i) ? r % 2 === 1 : last && newFailure(i);
      return [
        failed
          ? { testId, status: 'failed', comment: `AssertionError: expected ${i} items in the basket, got 0` }
          : { testId, status: 'passed' },
      ];
    });
    await rest('PUT', '/run/update-test-status', { projectId, runId, testResults });
  }
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

const idsWhere = (pick: (i: number) => boolean) => testIds.filter((_, i) => pick(i));

it('"which tests are flaky?": one call names them, worst first, with the total and where the next page starts', async () => {
  const answer = await ask('get-test-stability', { projectId, flakyOnly: true });
  const rows = answer.tests as { testId: number; title: string; flips: number; flakyReasons: string[] }[];
  expect(answer.total).toBe(idsWhere(flaky).length);
  expect(rows.length).toBe(25);
  expect(answer).toMatchObject({ hasMore: true, nextOffset: 25 });
  for (const row of rows) {
    expect(idsWhere(flaky)).toContain(row.testId);
    expect(row).toMatchObject({ flips: RUNS - 1, flakyReasons: ['flips'] });
    expect(row.title).toContain('Saved cards');
  }
});

it('"what failed in the latest run that passed before?": one call without ids lists the new failures and their group', async () => {
  const answer = await ask('get-run-comparison', { projectId });
  // The flaky tests failed in the last run (odd) and passed in the one before: new failures too.
  const expected = idsWhere((i) => newFailure(i) || flaky(i));
  expect((answer.run as Rec).runName).toBe(`Nightly ${RUNS - 1}`);
  expect((answer.base as Rec).runName).toBe(`Nightly ${RUNS - 2}`);
  expect((answer.totals as Rec).new_failure).toBe(expected.length);
  const shown = (answer.tests as Record<string, { testId: number; status: string; baseStatus: string }[]>).new_failure;
  expect(shown.map((t) => t.testId)).toEqual(expected.slice(0, 10));
  expect(shown.every((t) => t.status === 'failed' && t.baseStatus === 'passed')).toBe(true);
  const groups = answer.failureGroups as { signature: string; count: number }[];
  expect(groups[0]).toMatchObject({ signature: 'AssertionError: expected <n> items in the basket, got <n>' });
  expect(groups[0].count).toBe(expected.length);
});

it('"which tests never ran?": one call lists them with the total', async () => {
  const answer = await ask('get-test-stability', { projectId, neverRun: true, window: 'all' });
  const expected = idsWhere(neverRun);
  expect(answer.total).toBe(expected.length);
  expect((answer.tests as { testId: number; executions: number }[]).map((t) => [t.testId, t.executions])).toEqual(
    expected.slice(0, 25).map((id) => [id, 0]),
  );
});
