import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { callTool, type ToolRuntime } from '../../src/mcp/call-tool';
import { createHttpClient } from '../../src/mcp/http-client';
import { toolsByName } from '../../src/mcp/tools';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createTests, lookupIds } from '../support/catalog-factories';
import { dataOf } from '../mcp/support';

// includeSubsections=true widens a sectionId filter to the section's whole subtree,
// on the list, the count, the export and their MCP tools; the default stays the section alone.

let t: TestApp;
let w: World;
let p: number;
// Areas > Checkout > Card, plus a sibling top-level section and a section of another project.
const s = {} as { areas: number; checkout: number; card: number; sibling: number; foreign: number };
const ids = {} as Record<'areas' | 'checkout' | 'card' | 'sibling' | 'loose' | 'highInCard', number[]>;
let high: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  high = (await lookupIds(t.db, p)).priority.High;
  s.areas = (await createSection(t.db, p, 'Areas')).sectionId;
  s.checkout = (await createSection(t.db, p, 'Checkout', s.areas)).sectionId;
  s.card = (await createSection(t.db, p, 'Card', s.checkout)).sectionId;
  s.sibling = (await createSection(t.db, p, 'Sibling')).sectionId;
  s.foreign = (await createSection(t.db, w.projectB.projectId, 'Foreign')).sectionId;
  ids.areas = await createTests(t.db, p, 1, () => ({ sectionId: s.areas }), 'Areas');
  ids.checkout = await createTests(t.db, p, 2, () => ({ sectionId: s.checkout }), 'Checkout');
  ids.card = await createTests(t.db, p, 3, () => ({ sectionId: s.card }), 'Card');
  ids.highInCard = await createTests(t.db, p, 1, () => ({ sectionId: s.card, priorityId: high }), 'Card high');
  ids.sibling = await createTests(t.db, p, 2, () => ({ sectionId: s.sibling }), 'Sibling');
  ids.loose = await createTests(t.db, p, 1, () => ({}), 'Loose');
  // Deleted tests of the subtree never count.
  await createTests(t.db, p, 2, () => ({ sectionId: s.card, deletedAt: new Date() }), 'Deleted');
  await createTests(t.db, w.projectB.projectId, 2, () => ({ sectionId: s.foreign }), 'Foreign');
});
afterAll(() => t.close());

const sorted = (...lists: number[][]) => lists.flat().sort((a, b) => a - b);
const subtree = {
  areas: () => sorted(ids.areas, ids.checkout, ids.card, ids.highInCard),
  checkout: () => sorted(ids.checkout, ids.card, ids.highInCard),
  card: () => sorted(ids.card, ids.highInCard),
};

const listIds = async (query: Record<string, unknown>) =>
  (
    (
      await t
        .as(w.reader.token)
        .get('/project/tests', { projectId: p, ...query })
        .expect(200)
    ).body.data.tests as { testId: number }[]
  ).map((x) => x.testId);
const count = async (query: Record<string, unknown>) =>
  (
    await t
      .as(w.reader.token)
      .get('/project/tests-count', { projectId: p, ...query })
      .expect(200)
  ).body.data.count as number;
const downloadIds = async (query: Record<string, unknown>) =>
  (
    (
      await t
        .as(w.reader.token)
        .get('/tests/download', { projectId: p, ...query })
        .expect(200)
    ).body as { testId: number }[]
  ).map((x) => x.testId);

describe('sectionId with includeSubsections', () => {
  it('GET /project/tests: the whole subtree at every level; the section alone by default and with false', async () => {
    expect(await listIds({ sectionId: s.areas })).toEqual(ids.areas);
    expect(await listIds({ sectionId: s.areas, includeSubsections: 'false' })).toEqual(ids.areas);
    expect(await listIds({ sectionId: s.areas, includeSubsections: 'true' })).toEqual(subtree.areas());
    expect(await listIds({ sectionId: s.checkout, includeSubsections: 'true' })).toEqual(subtree.checkout());
    expect(await listIds({ sectionId: s.card, includeSubsections: 'true' })).toEqual(subtree.card());
    expect(await listIds({ sectionId: s.areas, includeSubsections: 'true', priorityId: high })).toEqual(ids.highInCard);
    const page = (
      await t
        .as(w.reader.token)
        .get('/project/tests', { projectId: p, sectionId: s.areas, includeSubsections: 'true', limit: 2, offset: 2 })
        .expect(200)
    ).body.data;
    expect(page).toMatchObject({ total: 7, limit: 2, offset: 2 });
    expect(page.tests.map((x: { testId: number }) => x.testId)).toEqual(subtree.areas().slice(2, 4));
  });

  it('GET /project/tests-count: counts the subtree, deleted tests left out', async () => {
    expect(await count({ sectionId: s.areas })).toBe(1);
    expect(await count({ sectionId: s.areas, includeSubsections: 'true' })).toBe(7);
    expect(await count({ sectionId: s.checkout, includeSubsections: 'true' })).toBe(6);
    expect(await count({ sectionId: s.card, includeSubsections: 'true' })).toBe(4);
    expect(await count({ sectionId: s.card })).toBe(4);
    expect(await count({ sectionId: s.sibling, includeSubsections: 'true' })).toBe(2);
  });

  it('GET /tests/download: JSON and CSV hold the subtree', async () => {
    expect(await downloadIds({ sectionId: s.areas })).toEqual(ids.areas);
    expect(await downloadIds({ sectionId: s.areas, includeSubsections: 'true' })).toEqual(subtree.areas());
    const csv = await t
      .as(w.reader.token)
      .get('/tests/download', { projectId: p, format: 'csv', sectionId: s.checkout, includeSubsections: 'true' })
      .expect(200);
    const rows = parse<Record<string, string>>(csv.text, { columns: true });
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.Section))).toEqual(new Set(['Areas > Checkout', 'Areas > Checkout > Card']));
  });

  it("another project's section is a 404 naming it, even with its subtree, on all three routes", async () => {
    for (const path of ['/project/tests', '/project/tests-count', '/tests/download']) {
      const res = await t.as(w.reader.token).get(path, { projectId: p, sectionId: s.foreign, includeSubsections: 'true' }).expect(404);
      expect(res.body).toEqual({ error: `Section ${s.foreign} (in project ${p}) not found`, status: 404, code: 'section_not_found' });
    }
  });

  it('refuses a value that is not true or false with 400 on all three routes', async () => {
    for (const path of ['/project/tests', '/project/tests-count', '/tests/download']) {
      for (const bad of ['maybe', '1', '']) {
        const res = await t.as(w.reader.token).get(path, { projectId: p, sectionId: s.areas, includeSubsections: bad }).expect(400);
        expect(res.body).toEqual({
          error: 'Invalid request: includeSubsections: Expected true or false',
          status: 400,
          code: 'validation_failed',
        });
      }
    }
  });
});

describe('the MCP tools pass includeSubsections through', () => {
  let server: http.Server;
  let runtime: ToolRuntime;
  beforeAll(async () => {
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    runtime = {
      client: createHttpClient({ baseUrl, token: w.reader.token, maxRetries: 0, timeoutMs: 10_000 }),
      minimumRole: () => 'Reader',
    };
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
  const call = async <T>(name: string, args: Record<string, unknown>) => dataOf<T>(await callTool(toolsByName.get(name)!, args, runtime));

  it('get-tests, get-tests-count and download-tests', async () => {
    const args = { projectId: p, sectionId: s.checkout, includeSubsections: true };
    const page = await call<{ tests: { testId: number }[]; total: number }>('get-tests', args);
    expect(page.tests.map((x) => x.testId)).toEqual(subtree.checkout());
    expect(await call('get-tests-count', args)).toEqual({ count: 6 });
    expect(await call('get-tests-count', { ...args, includeSubsections: false })).toEqual({ count: 2 });
    // The export's summary: its count and first rows (six here, all of them).
    const exported = await call<{ count: number; first: { testId: number }[] }>('download-tests', args);
    expect(exported.count).toBe(6);
    expect(exported.first.map((x) => x.testId)).toEqual(subtree.checkout());
  });
});
