import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { createHttpClient } from '../../src/mcp/http-client';

// Reads of a project answer with an ETag from the project's
// change counter; If-None-Match gets 304 before any page is built, every write
// moves the counter, and tenancy and roles decide before any ETag does.

let t: TestApp;
let w: World;
let p: number;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  ids = await createTests(t.db, p, 12);
});
afterAll(() => t.close());

const api = (path: string) => `/api/v1${path}`;

/** A GET as the given user, with If-None-Match when given. */
function read(path: string, query: Record<string, unknown>, etag?: string, token = w.reader.token) {
  const req = t.http
    .get(api(path))
    .query(query as Record<string, string>)
    .set('Authorization', `Bearer ${token}`);
  return etag === undefined ? req : req.set('If-None-Match', etag);
}

/** The ETag of a 200 answer. */
async function tagOf(path: string, query: Record<string, unknown>): Promise<string> {
  const res = await read(path, query).expect(200);
  expect(res.headers.etag).toMatch(/^W\/".+"$/);
  return res.headers.etag;
}

describe('conditional reads', () => {
  it('tags a list with an ETag and private, no-cache; the same ETag back is a 304 with no body', async () => {
    const first = await read('/project/tests', { projectId: p, limit: 5 }).expect(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag;
    const again = await read('/project/tests', { projectId: p, limit: 5 }, etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, or the tag without its weak marker, matches too; another tag does not.
    await read('/project/tests', { projectId: p, limit: 5 }, `"nope", ${etag}`).expect(304);
    await read('/project/tests', { projectId: p, limit: 5 }, etag.slice(2)).expect(304);
    await read('/project/tests', { projectId: p, limit: 5 }, 'W/"p1.0-nope"').expect(200);
    // Each page and filter has its own ETag.
    const second = await tagOf('/project/tests', { projectId: p, limit: 5, offset: 5 });
    expect(second).not.toBe(etag);
    await read('/project/tests', { projectId: p, limit: 5, offset: 5 }, etag).expect(200);
  });

  it('answers 304 from the counter alone, without building the page', async () => {
    const etag = await tagOf('/project/tests', { projectId: p, limit: 5 });
    // Changed around the service (no counter moved): a 304 still comes, so no page was built to compare.
    await t.db.$executeRaw`UPDATE tests SET title = 'changed behind the API' WHERE id = ${ids[0]}`;
    await read('/project/tests', { projectId: p, limit: 5 }, etag).expect(304);
    await t.db.$executeRaw`UPDATE tests SET title = 'Test 0' WHERE id = ${ids[0]}`;
  });

  it.each([
    ['a test detail', '/test/details', () => ({ projectId: p, testId: ids[1] })],
    ['a project detail', '/project/detail', () => ({ projectId: p })],
    ['the sections', '/sections', () => ({ projectId: p })],
    ['the test count', '/project/tests-count', () => ({ projectId: p })],
  ])('honours If-None-Match on %s, and a write makes it stale', async (_name, path, query) => {
    const etag = await tagOf(path, query());
    await read(path, query(), etag).expect(304);
    await t
      .as(w.user.token)
      .put('/test/update', { testId: ids[1], title: `Renamed ${Date.now()}` })
      .expect(200);
    const fresh = await read(path, query(), etag).expect(200);
    expect(fresh.headers.etag).not.toBe(etag);
    await read(path, query(), fresh.headers.etag).expect(304);
  });

  it('moves the ETag with every kind of write to the project, and the new page shows it', async () => {
    const list = { projectId: p, limit: 100 };
    let etag = await tagOf('/project/tests', list);
    const run = await startRun(t, w.user.token, p, ids.slice(0, 4));
    const runTag = await tagOf('/run/tests', { runId: run.runId, projectId: p });
    const writes: [string, () => Promise<unknown>][] = [
      ['create', () => t.as(w.user.token).post('/test/create', { projectId: p, title: 'New one' }).expect(201)],
      [
        'bulk-add',
        () =>
          t
            .as(w.user.token)
            .post('/test/bulk-add', { projectId: p, tests: [{ title: 'b1' }, { title: 'b2' }] })
            .expect(201),
      ],
      [
        'bulk-update',
        () =>
          t
            .as(w.user.token)
            .put('/test/bulk-update', { tests: [{ testId: ids[2], steps: 'Open' }] })
            .expect(200),
      ],
      ['delete', () => t.as(w.admin.token).delete('/test/delete', { projectId: p, testId: ids[11] }).expect(200)],
      [
        'bulk-delete',
        () =>
          t
            .as(w.admin.token)
            .delete('/test/bulk-delete', { projectId: p, testIds: [ids[10]] })
            .expect(200),
      ],
      ['add section', () => t.as(w.user.token).post('/project/add-section', { projectId: p, sectionName: 'Cart' }).expect(201)],
      [
        'add labels',
        () =>
          t
            .as(w.user.token)
            .post('/project/add-labels', { projectId: p, labels: ['smoke'] })
            .expect(201),
      ],
      [
        'result',
        () =>
          t
            .as(w.user.token)
            .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: ids[0], status: 'passed' }] })
            .expect(200),
      ],
      ['edit run', () => t.as(w.user.token).put('/run/edit', { runId: run.runId, projectId: p, runName: 'Renamed' }).expect(200)],
      ['project edit', () => t.as(w.admin.token).put('/project/edit', { projectId: p, projectDescription: 'Edited' }).expect(200)],
    ];
    for (const [name, write] of writes) {
      await write();
      const res = await read('/project/tests', list, etag);
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      expect(res.headers.etag).not.toBe(etag);
      etag = res.headers.etag;
    }
    const page = (await read('/project/tests', list).expect(200)).body.data;
    expect(page.tests.map((x: { title: string }) => x.title)).toEqual(expect.arrayContaining(['New one', 'b1', 'b2']));
    expect(page.tests.map((x: { testId: number }) => x.testId)).not.toContain(ids[11]);
    const runTests = await read('/run/tests', { runId: run.runId, projectId: p }, runTag).expect(200);
    expect(runTests.body.data.tests[0]).toMatchObject({ testId: ids[0], status: 'passed' });
  });

  it("never answers for another organization's project, whatever ETag it sends", async () => {
    const etag = await tagOf('/project/tests', { projectId: p });
    for (const tag of [etag, '*']) {
      const res = await read('/project/tests', { projectId: p }, tag, w.adminB.token).expect(404);
      // (Express's own hash of the error body may be there; never the project's version.)
      expect(res.headers.etag ?? '').not.toMatch(/^W\/"p\d+\./);
      await read('/project/detail', { projectId: p }, tag, w.adminB.token).expect(404);
    }
    // Roles and credentials still decide first.
    await read('/project/tests', { projectId: p }, etag, 'cb_not-a-token').expect(401);
  });

  it('leaves the other routes as they were: writes and untagged reads stay no-store, and no body is hashed into an ETag', async () => {
    const res = await t.as(w.user.token).post('/test/create', { projectId: p, title: 'No tag' }).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    const exported = await t.as(w.reader.token).get('/tests/download', { projectId: p }).expect(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    expect(exported.headers.etag).toBeUndefined();
    // Express's ETag (a hash of the body built anyway) is off: an error carries none either.
    const missing = await read('/project/tests', { projectId: 999999 }).expect(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('tags run reads and sees results through them', async () => {
    const section = await createSection(t.db, p, 'Payments');
    const [extra] = await createTests(t.db, p, 1, () => ({ sectionId: section.sectionId }), 'Run');
    const run = await startRun(t, w.user.token, p, [extra, ids[3]]);
    for (const path of ['/run/detail', '/run/state-detail', '/run/section-counts']) {
      const query = { runId: run.runId, projectId: p };
      const etag = await tagOf(path, query);
      await read(path, query, etag).expect(304);
      await t
        .as(w.user.token)
        .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: extra, status: 'failed' }] })
        .expect(200);
      await read(path, query, etag).expect(200);
    }
  });

  it("the MCP server's HTTP client keeps tagged answers and revalidates them: a 304 gives the kept body", async () => {
    const server = t.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const client = createHttpClient({ baseUrl: `http://127.0.0.1:${port}`, token: w.reader.token, maxRetries: 0, timeoutMs: 10_000 });
      const req = { method: 'GET' as const, path: '/project/tests', query: { projectId: p, limit: 3 } };
      const first = await client.request(req);
      expect(first.status).toBe(200);
      expect(first.revalidated).toBeUndefined();
      const second = await client.request(req);
      expect(second).toMatchObject({ status: 200, revalidated: true });
      expect(second.body.toString()).toBe(first.body.toString());
      await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Seen by MCP' }).expect(201);
      const third = await client.request(req);
      expect(third.status).toBe(200);
      expect(third.revalidated).toBeUndefined();
      expect(JSON.parse(third.body.toString()).data.total).toBe(JSON.parse(first.body.toString()).data.total + 1);
      // Another organization's project: a 404 whatever the client kept.
      const other = createHttpClient({ baseUrl: `http://127.0.0.1:${port}`, token: w.adminB.token, maxRetries: 0, timeoutMs: 10_000 });
      expect((await other.request(req)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
