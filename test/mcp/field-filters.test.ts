import { createWorld, type World } from '../support/factories';
import { fieldOfEachType } from '../support/custom-fields';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// The catalog tools' customFields filter, through the real SDK client: each kind of filter
// answers as the REST cf.<key> parameters it stands for, and REST's refusals name the tool's parameter.

type Rec = Record<string, unknown>;

let app: RunningApp;
let w: World;
let mcp: McpSession;
let rest: ReturnType<typeof restAs>;
let projectId: number;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS);
  rest = restAs(app.url, w.user.token);
  projectId = w.projectA.projectId;
  for (const f of fieldOfEachType) await rest.call('POST', '/project/add-custom-field', { projectId, appliesTo: 'test', ...f });
  const tests: Record<string, Rec> = {
    a: { points: 1, due: '2027-01-10', browsers: ['chrome'], area: 'checkout', smoke: true, summary: 'x' },
    b: { points: 5, due: '2027-03-01', browsers: ['chrome', 'firefox'], area: 'search' },
    c: { points: 10, browsers: ['firefox'] },
    d: {},
  };
  for (const [title, customFields] of Object.entries(tests)) await rest.call('POST', '/test/create', { projectId, title, customFields });
});
afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

const titles = async (customFields: Rec) => {
  const page = dataOf<{ tests: { title: string }[]; total: number }>(await mcp.call('get-tests', { projectId, customFields }));
  const { count } = dataOf<{ count: number }>(await mcp.call('get-tests-count', { projectId, customFields }));
  expect(count).toBe(page.total);
  return page.tests.map((t) => t.title);
};

it('filters get-tests and get-tests-count by each kind of field', async () => {
  expect(await titles({ area: 'search' })).toEqual(['b']);
  expect(await titles({ points: 5 })).toEqual(['b']);
  expect(await titles({ smoke: true })).toEqual(['a']);
  expect(await titles({ summary: 'x' })).toEqual(['a']);
  expect(await titles({ browsers: 'chrome' })).toEqual(['a', 'b']);
  expect(await titles({ browsers: 'firefox', area: 'search' })).toEqual(['b']);
  expect(await titles({ points: { gte: 5 } })).toEqual(['b', 'c']);
  expect(await titles({ points: { gte: '2', lte: 9.5 } })).toEqual(['b']);
  expect(await titles({ due: { lte: '2027-02-01' } })).toEqual(['a']);
  expect(await titles({ due: { gte: '2027-01-10' } })).toEqual(['a', 'b']);
  expect(await titles({})).toEqual(['a', 'b', 'c', 'd']);
});

it('answers as the REST cf.<key> parameters do', async () => {
  const query = { projectId, limit: 50, 'cf.browsers': 'chrome', 'cf.points.lte': '5' };
  const customFields = { browsers: 'chrome', points: { lte: 5 } };
  const page = dataOf<Rec>(await mcp.call('get-tests', { projectId, customFields, fields: ['*'] }));
  expect(page).toMatchObject(await rest.data<Rec>('/project/tests', query));
});

it('narrows download-tests, whose fetch URL carries the filter', async () => {
  const summary = dataOf<{ count: number; first: { title: string }[]; fetch: { url: string } }>(
    await mcp.call('download-tests', { projectId, customFields: { browsers: 'firefox', points: { gte: 5 } } }),
  );
  expect(summary.count).toBe(2);
  expect(summary.first.map((t) => t.title)).toEqual(['b', 'c']);
  const url = new URL(summary.fetch.url);
  expect(url.searchParams.get('cf.browsers')).toBe('firefox');
  expect(url.searchParams.get('cf.points.gte')).toBe('5');
});

it("names REST's refusals by the tool's parameter", async () => {
  const bad = async (customFields: Rec) => errorOf(await mcp.call('get-tests', { projectId, customFields })).message;
  expect(await bad({ nope: 'x' })).toBe('Invalid request: customFields.nope: No custom field of tests with key nope');
  expect(await bad({ points: 'many', area: { gte: 'a' } })).toBe(
    'Invalid request: customFields.points: Expected a number; customFields.area.gte: gte and lte are for number and date fields',
  );
  // Checked by the tool's own schema before any call: a key that is no key, an empty range.
  expect(errorOf(await mcp.call('get-tests-count', { projectId, customFields: { 'Bad-Key': 'a' } })).message).toMatch(
    /customFields\.Bad-Key/,
  );
  expect(errorOf(await mcp.call('get-tests-count', { projectId, customFields: { points: {} } })).message).toMatch(
    /customFields\.points.*Give gte, lte or both/,
  );
});
