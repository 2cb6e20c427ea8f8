import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerText } from '../../src/mcp/answer-budget';
import { toolsByName } from '../../src/mcp/tools';
import { createProject, createUser, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { ALL_TOOLS, connectMcp, restAs, startRealApp, textOf, type McpSession, type RunningApp } from './support';

// Every list tool whose REST route pages by cursor takes `cursor` and tells the next
// one (`nextCursor`), through the real `casebook mcp` and the SDK client against the
// real server: a walk by cursor gives every row once, in REST's order, and stops
// where REST says no row follows; a page cut for the answer budget names no cursor
// (it would skip the rows cut) but the offset that goes on from the same one.

type Rec = Record<string, unknown>;

let app: RunningApp;
let w: World;
let mcp: McpSession;
let p: number;
let runId: number;

const rest = (method: string, path: string, body?: unknown) => restAs(app.url, w.admin.token).call<Rec>(method, path, body);

async function page(name: string, args: Rec): Promise<Rec> {
  const result: CallToolResult = await mcp.call(name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return JSON.parse(textOf(result)) as Rec;
}

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  p = w.projectA.projectId;
  for (let i = 0; i < 6; i++) await createProject(app.db, w.orgA.orgId);
  for (let i = 0; i < 5; i++) await createUser(app.db, 'Reader', [w.orgA.orgId]);
  const ids = await createTests(app.db, p, 25, () => ({}), 'Cursor');
  runId = Number((await rest('POST', '/run/create', { projectId: p, runName: 'Walked', testIds: ids })).runId);
  for (let i = 0; i < 8; i++) await rest('POST', '/run/create', { projectId: p, runName: `Run ${i}`, testIds: ids.slice(0, 2) });
  await rest('PUT', '/run/update-test-status', {
    runId,
    projectId: p,
    testResults: ids.slice(0, 9).map((testId) => ({ testId, status: 'failed' })),
  });
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ALL_TOOLS);
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

// Each list: the tool, its arguments, where its rows are and their id, the whole list as REST gives it, and the page size argument.
const lists: [string, () => Rec, string, string, () => Promise<number[]>][] = [
  [
    'get-tests',
    () => ({ projectId: p, limit: 4 }),
    'tests',
    'testId',
    async () => ids(await rest('GET', `/project/tests?projectId=${p}&limit=1000`), 'tests', 'testId'),
  ],
  [
    'get-runs',
    () => ({ projectId: p, limit: 4 }),
    'runs',
    'runId',
    async () => ids(await rest('GET', `/runs?projectId=${p}&limit=1000`), 'runs', 'runId'),
  ],
  [
    'get-run-tests-list',
    () => ({ runId, projectId: p, limit: 4 }),
    'tests',
    'testId',
    async () => ids(await rest('GET', `/run/tests?runId=${runId}&projectId=${p}&limit=1000`), 'tests', 'testId'),
  ],
  [
    'get-run-test-status',
    () => ({ runId, projectId: p, status: 'failed', limit: 4 }),
    'tests',
    'testId',
    async () => ids(await rest('GET', `/run/test-status?runId=${runId}&projectId=${p}&status=failed&limit=1000`), 'tests', 'testId'),
  ],
  [
    'get-projects',
    () => ({ orgId: w.orgA.orgId, pageSize: 3 }),
    'projects',
    'projectId',
    async () => ids(await rest('GET', `/projects?orgId=${w.orgA.orgId}&pageSize=1000`), 'projects', 'projectId'),
  ],
  [
    'get-all-users',
    () => ({ orgId: w.orgA.orgId, limit: 3 }),
    'users',
    'userId',
    async () => ids(await rest('GET', `/all-users?orgId=${w.orgA.orgId}&limit=1000`), 'users', 'userId'),
  ],
  [
    'get-audit',
    () => ({ orgId: w.orgA.orgId, limit: 3 }),
    'events',
    'auditId',
    async () => ids(await rest('GET', `/audit?orgId=${w.orgA.orgId}&limit=1000`), 'events', 'auditId'),
  ],
];

function ids(data: Rec, key: string, id: string): number[] {
  return (data[key] as Rec[]).map((row) => Number(row[id]));
}

it.each(lists)('%s walks by cursor: every row once, in order, each page naming the next', async (name, args, key, id, whole) => {
  const expected = await whole();
  expect(expected.length).toBeGreaterThan(6);
  const seen: number[] = [];
  const pages: Rec[] = [];
  let cursor: string | undefined;
  do {
    const data = await page(name, { ...args(), ...(cursor ? { cursor } : {}) });
    pages.push(data);
    seen.push(...ids(data, key, id));
    cursor = data.nextCursor as string | undefined;
  } while (cursor && pages.length < 20);
  expect(seen).toEqual(expected);
  // Every page but the last says more follow and names the cursor it came from; the last names no next cursor.
  expect(pages.map((d) => d.hasMore)).toEqual(pages.map((_, i) => i < pages.length - 1));
  expect(pages.at(-1)!.nextCursor).toBeUndefined();
  expect(pages[1]).toMatchObject({ cursor: pages[0].nextCursor, total: expected.length });
  // An offset (or page) given with the cursor counts from it.
  const skip = name === 'get-projects' ? { page: 2 } : { offset: 3 };
  const from = await page(name, { ...args(), cursor: pages[0].nextCursor, ...skip });
  const size = Number(args().limit ?? args().pageSize);
  expect(ids(from, key, id)).toEqual(expected.slice(size + 3, size + 3 + size));
});

it('a page cut for the budget gives no next cursor, but the offset that goes on from the same cursor', async () => {
  // 600 tests of long titles: a page of them is over the budget even with its text shortened.
  const big = await createProject(app.db, w.orgA.orgId);
  await createTests(app.db, big.projectId, 600, () => ({}), `${'A long title of a test. '.repeat(12)}#`);
  const first = await page('get-tests', { projectId: big.projectId, limit: 100 });
  expect(first).toMatchObject({ returned: 100, hasMore: true });
  const cut = await page('get-tests', { projectId: big.projectId, limit: 1000, cursor: first.nextCursor });
  const shown = ids(cut, 'tests', 'testId');
  expect(shown.length).toBeLessThan(500);
  expect(cut).toMatchObject({ truncated: true, hasMore: true, nextOffset: shown.length, cursor: first.nextCursor, total: 600 });
  expect(cut.nextCursor).toBeUndefined();
  expect(cut.note).toContain(`call again with offset=${shown.length} and the same cursor for the rest`);
  const after = await page('get-tests', { projectId: big.projectId, limit: 5, cursor: first.nextCursor, offset: shown.length });
  const all = ids(await rest('GET', `/project/tests?projectId=${big.projectId}&limit=1000`), 'tests', 'testId');
  expect([...shown, ...ids(after, 'tests', 'testId')]).toEqual(all.slice(100, 100 + shown.length + 5));
});

it('says how a cut page of projects goes on from its cursor, by page and page size', () => {
  const projects = Array.from({ length: 10 }, (_, i) => ({ projectId: i + 1, projectName: `Project ${i} ${'x'.repeat(200)}` }));
  const text = answerText(
    toolsByName.get('get-projects')!,
    { projects, total: 40, page: 1, pageSize: 10, nextCursor: 'WzIwXQ', cursor: 'WzEwXQ' },
    undefined,
    1500,
    ['*'],
  );
  const data = JSON.parse(text) as Rec;
  const shown = (data.projects as unknown[]).length;
  expect(shown).toBeLessThan(10);
  expect(data).toMatchObject({ truncated: true, hasMore: true, cursor: 'WzEwXQ' });
  expect(data.nextCursor).toBeUndefined();
  expect(data.note).toContain(`page=${Number(data.nextPage)} and pageSize=${Number(data.nextPageSize)} and the same cursor`);
  expect((Number(data.nextPage) - 1) * Number(data.nextPageSize)).toBe(shown);
});
