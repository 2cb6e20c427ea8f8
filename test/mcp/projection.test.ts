import { COMPACT_VIEWS, rowFieldsOf } from '../../src/mcp/projection';
import { tools } from '../../src/mcp/tools';
import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, type McpSession, type RunningApp, startRealApp } from './support';

// List tools' rows shaped for reading, through the real `casebook mcp`: a compact view by default
// (a test row under 200 characters, where the whole row is about 720), `fields` to choose the
// row's fields, and an unknown field refused with the valid ones named.

type Rec = Record<string, unknown>;
type Page = { tests: Rec[]; total: number };

let app: RunningApp;
let w: World;
let mcp: McpSession;
let projectId: number;
let runId: number;
const longTitle = 'Checkout › Payments › Saved cards: paying with a saved Visa card keeps the basket and the chosen delivery slot';

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  projectId = w.projectA.projectId;
  const rest = (method: string, path: string, body?: unknown) => restAs(app.url, w.user.token).call<Rec>(method, path, body);
  const section = await rest('POST', '/project/add-section', { projectId, sectionName: 'Payments' });
  const labels = (await rest('POST', '/project/add-labels', { projectId, labels: ['payments', 'smoke'] })) as unknown as {
    labelId: number;
  }[];
  // Tests as people write them: a description, preconditions, steps and an expected result.
  const tests = Array.from({ length: 12 }, (_, i) => ({
    title: i === 0 ? longTitle : `Pay with a saved card, case ${i}`,
    testDescription: 'Checks that a customer with a saved card can pay without typing the card again.',
    preconditions: 'A customer with a saved Visa card and three items in the basket.',
    steps: '1. Open the basket\n2. Choose the saved card\n3. Confirm the payment',
    expectedResult: 'The order is placed and the basket is empty.',
    sectionId: section.sectionId,
    labels: labels.map((l) => l.labelId),
    automationKey: `shop.payments.SavedCardTest.case${i}`,
  }));
  const testIds = (await rest('POST', '/test/bulk-add', { projectId, tests })).testIds as number[];
  runId = Number((await rest('POST', '/run/create', { projectId, runName: 'Nightly', testIds })).runId);
  const testResults = testIds.map((testId, i) =>
    i % 3
      ? { testId, status: 'passed' }
      : { testId, status: 'failed', comment: `AssertionError: expected the basket to be empty, got ${i} items` },
  );
  await rest('PUT', '/run/update-test-status', { projectId, runId, testResults });
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

const size = (row: unknown) => JSON.stringify(row).length;

describe('compact views', () => {
  it('shows a test row in under 200 characters by default, where the whole row is over 600', async () => {
    const compact = dataOf<Page>(await mcp.call('get-tests', { projectId }));
    const whole = dataOf<Page>(await mcp.call('get-tests', { projectId, fields: ['*'] }));
    expect(compact.total).toBe(12);
    for (const row of compact.tests) {
      expect(Object.keys(row)).toEqual(['testId', 'title', 'sectionId', 'priorityId', 'automationStatusId']);
      expect(size(row)).toBeLessThan(200);
    }
    expect(Math.min(...whole.tests.map(size))).toBeGreaterThan(600);
    // A long title is cut in the compact view, and says by how much.
    const first = compact.tests.find((row) => String(row.title).startsWith('Checkout'))!;
    expect(first.title).toBe(`${longTitle.slice(0, 80)}…[+${longTitle.length - 80} chars]`);
  });

  it("keeps a run's failures readable in under 200 characters a row", async () => {
    const page = dataOf<Page>(await mcp.call('get-run-test-status', { projectId, runId, status: 'failed' }));
    expect(page.tests).toHaveLength(4);
    for (const row of page.tests) {
      expect(Object.keys(row)).toEqual(['testId', 'title', 'status', 'comment']);
      expect(row.comment).toMatch(/^AssertionError: expected the basket/);
      expect(size(row)).toBeLessThan(200);
    }
  });
});

describe('fields', () => {
  it('shows the fields asked for, in the row’s order, text cut at the list length', async () => {
    const page = dataOf<Page>(await mcp.call('get-tests', { projectId, fields: ['steps', 'testId', 'automationKey'] }));
    expect(Object.keys(page.tests[0])).toEqual(['testId', 'steps', 'automationKey']);
    expect(page.tests.map((row) => row.automationKey)).toContain('shop.payments.SavedCardTest.case3');
    const runs = dataOf<{ runs: Rec[] }>(await mcp.call('get-runs', { projectId, fields: ['runName', 'statusCounts'] }));
    expect(runs.runs).toEqual([{ runName: 'Nightly', statusCounts: expect.objectContaining({ passed: 8, failed: 4 }) }]);
  });

  it('refuses an unknown field, naming the valid ones', async () => {
    const { message } = errorOf(await mcp.call('get-tests', { projectId, fields: ['testId', 'nmae'] }));
    expect(message).toContain('fields: Unknown field nmae; the rows have testId, projectId, title');
    expect(errorOf(await mcp.call('get-labels', { projectId, fields: [] })).message).toContain(
      'fields: At least one of labelId, labelName, projectId, createdAt, or "*"',
    );
  });

  it('is offered by every list tool, whose compact view names fields of its rows', async () => {
    const listed = new Map((await mcp.client.listTools()).tools.map((t) => [t.name, t.inputSchema.properties ?? {}]));
    const lists = tools.filter((t) => rowFieldsOf(t));
    expect(lists.length).toBeGreaterThan(20);
    for (const t of lists) if (listed.has(t.name)) expect([t.name, 'fields' in listed.get(t.name)!]).toEqual([t.name, true]);
    // A view of a tool that was renamed or removed would never be shown: each names a list tool of the full set.
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const [name, view] of Object.entries(COMPACT_VIEWS)) {
      const fields = rowFieldsOf(byName.get(name) ?? ({} as never));
      expect([name, view.fields.filter((f) => !fields?.includes(f))]).toEqual([name, []]);
    }
  });
});
