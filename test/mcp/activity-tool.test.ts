import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, textOf, type McpSession, type RunningApp, startRealApp } from './support';

// get-project-activity through the real `casebook mcp`: "who changed what since yesterday" in one
// call that fits an assistant's answer, by person and kind with titles; a busy day stays bounded.

type Rec = Record<string, unknown>;
type Group = { kind: string; count: number; subjects: number; items: { title: string }[]; more: number };
type Activity = { total: number; people: { userId: number; kinds: Group[] }[] };

let app: RunningApp;
let w: World;
let mcp: McpSession;
let projectId: number;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  projectId = w.projectA.projectId;
  const rest = (method: string, path: string, body?: unknown) => restAs(app.url, w.user.token).call<Rec>(method, path, body);
  // A busy day: 600 tests with long titles, a run of all of them with every result recorded.
  const tests = Array.from({ length: 600 }, (_, i) => ({
    title: `Checkout › Payments › paying with a saved card keeps the basket (${i})`,
  }));
  const testIds = (await rest('POST', '/test/bulk-add', { projectId, tests })).testIds as number[];
  const runId = (await rest('POST', '/run/create', { projectId, runName: 'Release 2.4 regression', testIds })).runId;
  const testResults = testIds.map((testId, i) => ({ testId, status: i % 10 === 0 ? 'failed' : 'passed' }));
  await rest('PUT', '/run/update-test-status', { projectId, runId, testResults });
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

describe('get-project-activity', () => {
  it('answers a busy day in one short call: 5 titles per kind and the counts of the rest', async () => {
    const result = await mcp.call('get-project-activity', { projectId, since: 'yesterday' });
    const text = textOf(result);
    expect(text.length).toBeLessThan(5_000);
    const a = dataOf<Activity>(result);
    expect(a.total).toBe(600 + 1 + 600);
    const [person] = a.people;
    expect(person.userId).toBe(w.user.userId);
    const created = person.kinds.find((g) => g.kind === 'test.created')!;
    expect(created).toMatchObject({ count: 600, subjects: 600, more: 595 });
    expect(created.items[0].title).toMatch(/^Checkout › Payments/);
    expect(person.kinds.find((g) => g.kind === 'run.results')).toMatchObject({
      count: 600,
      items: [{ title: 'Release 2.4 regression', statuses: { passed: 540, failed: 60 } }],
    });
  });

  it('takes a person and a page size per kind', async () => {
    const a = dataOf<Activity>(await mcp.call('get-project-activity', { projectId, since: '24h', userId: w.user.userId, perKind: 20 }));
    expect(a.people.map((p) => p.userId)).toEqual([w.user.userId]);
    expect(a.people[0].kinds.find((g) => g.kind === 'test.created')!.items).toHaveLength(20);
    const none = dataOf<Activity>(await mcp.call('get-project-activity', { projectId, since: '7d', userId: w.admin.userId }));
    expect(none).toMatchObject({ total: 0, people: [] });
  });

  it('refuses a moment it cannot read, naming the forms it takes', async () => {
    const { message } = errorOf(await mcp.call('get-project-activity', { projectId, since: 'last week' }));
    expect(message).toMatch(/since: Expected .*yesterday.*24h/);
  });
});
