import { createTestApp, type TestApp } from '../support/app';
import { createProject, createUser, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createTests, labelTests, lookupIds } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { importJUnit, suite } from '../support/junit-import';

// Every list pages by an opaque cursor beside limit/offset, a
// walk by cursor sees exactly what a walk by offset sees, a bad cursor is a 400,
// and the catalog's unfiltered total is a counter kept exact by every write.

let t: TestApp;
let w: World;
let p: number;
let ids: number[];
let labelId: number;
let sectionId: number;
let lk: Awaited<ReturnType<typeof lookupIds>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  lk = await lookupIds(t.db, p);
  sectionId = (await createSection(t.db, p, 'Checkout')).sectionId;
  labelId = (await createLabel(t.db, p, 'smoke')).labelId;
  const priorities = Object.values(lk.priority);
  ids = await createTests(t.db, p, 47, (i) => ({
    priorityId: priorities[i % 3],
    ...(i % 4 === 0 ? { sectionId } : {}),
  }));
  await labelTests(
    t.db,
    labelId,
    ids.filter((_, i) => i % 2 === 1),
  );
  // Deleted tests between the live ones: never listed, never counted.
  await createTests(t.db, p, 4, () => ({ deletedAt: new Date(), sectionId, priorityId: priorities[0] }), 'Deleted');
});
afterAll(() => t.close());

type Page = Record<string, unknown> & { total: number; nextCursor?: string };

async function get(path: string, query: Record<string, unknown>, token = w.admin.token): Promise<Page> {
  return (await t.as(token).get(path, query).expect(200)).body.data;
}

/** Every page of a list by cursor, then by offset: the keys each saw, and the totals each page gave. */
async function walks(path: string, query: Record<string, unknown>, rows: string, key: string, limit = 5) {
  const byCursor: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    const keys = (page[rows] as Record<string, number>[]).map((r) => r[key]);
    // A page with a next cursor is full; the last page has none.
    if (page.nextCursor) expect(keys).toHaveLength(limit);
    byCursor.push(...keys);
    cursor = page.nextCursor;
    expect(++pages).toBeLessThan(100);
  } while (cursor);
  const byOffset: number[] = [];
  let total = -1;
  for (let offset = 0; ; offset += limit) {
    const page = await get(path, { ...query, limit, offset });
    total = page.total;
    const keys = (page[rows] as Record<string, number>[]).map((r) => r[key]);
    byOffset.push(...keys);
    if (keys.length < limit) break;
  }
  return { byCursor, byOffset, total };
}

describe('cursor paging', () => {
  it.each([
    ['unfiltered', {}],
    ['by priority', () => ({ priorityId: Object.values(lk.priority)[1] })],
    ['by label', () => ({ labelId })],
    ['by section and priority', () => ({ sectionId, priorityId: Object.values(lk.priority)[0] })],
    ['by title search', { search: 'Test 1' }],
  ])('walks the catalog (%s) exactly as offset does, total on every page', async (_name, filters) => {
    const query = { projectId: p, ...(typeof filters === 'function' ? filters() : filters) };
    const { byCursor, byOffset, total } = await walks('/project/tests', query, 'tests', 'testId');
    expect(byCursor).toEqual(byOffset);
    expect(byCursor.length).toBe(total);
    expect(byCursor).toEqual([...byCursor].sort((a, b) => a - b));
    expect(total).toBe((await get('/project/tests-count', query)).count);
    // Deleted tests never show.
    expect(byCursor.every((id) => ids.includes(id))).toBe(true);
  });

  it('starts after the cursor, then skips offset rows; a full last page has no cursor', async () => {
    const first = await get('/project/tests', { projectId: p, limit: 10 });
    const skipped = await get('/project/tests', { projectId: p, limit: 10, cursor: first.nextCursor, offset: 3 });
    expect((skipped.tests as { testId: number }[]).map((x) => x.testId)).toEqual(ids.slice(13, 23));
    const exact = await get('/project/tests', { projectId: p, limit: ids.length });
    expect(exact.tests as unknown[]).toHaveLength(ids.length);
    expect(exact.nextCursor).toBeUndefined();
  });

  it('walks run tests (all and of one status), runs, projects, users and the audit log as offset does', async () => {
    const run = await startRun(t, w.user.token, p, ids.slice(0, 23));
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        runId: run.runId,
        projectId: p,
        testResults: ids.slice(0, 23).flatMap((testId, i) => (i % 3 === 0 ? [{ testId, status: 'failed' }] : [])),
      })
      .expect(200);
    for (let i = 0; i < 6; i++) await startRun(t, w.user.token, p, ids.slice(i, i + 2), `Run ${i}`);
    for (let i = 0; i < 7; i++) await createProject(t.db, w.orgA.orgId);
    for (let i = 0; i < 6; i++) await createUser(t.db, 'Reader', [w.orgA.orgId]);
    for (let i = 0; i < 3; i++)
      await t
        .as(w.admin.token)
        .delete('/test/delete', { projectId: p, testId: ids[40 + i] })
        .expect(200);

    const lists: [string, Record<string, unknown>, string, string][] = [
      ['/run/tests', { runId: run.runId, projectId: p }, 'tests', 'testId'],
      ['/run/test-status', { runId: run.runId, projectId: p, status: 'failed' }, 'tests', 'testId'],
      ['/runs', { projectId: p }, 'runs', 'runId'],
      ['/all-users', { orgId: w.orgA.orgId }, 'users', 'userId'],
      ['/all-users', {}, 'users', 'userId'],
      ['/audit', { orgId: w.orgA.orgId }, 'events', 'auditId'],
    ];
    for (const [path, query, rows, key] of lists) {
      const { byCursor, byOffset, total } = await walks(path, query, rows, key, 2);
      expect({ path, keys: byCursor }).toEqual({ path, keys: byOffset });
      expect(byCursor.length).toBe(total);
      expect(new Set(byCursor).size).toBe(byCursor.length);
    }
    // Projects page by page/pageSize; a cursor counts pages from the project after it.
    const byPage: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await get('/projects', { orgId: w.orgA.orgId, pageSize: 3, ...(cursor ? { cursor } : {}) });
      byPage.push(...(page.projects as { projectId: number }[]).map((x) => x.projectId));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await get('/projects', { orgId: w.orgA.orgId, pageSize: 100 });
    expect(byPage).toEqual((all.projects as { projectId: number }[]).map((x) => x.projectId));
    expect(byPage).toHaveLength(all.total);
  });

  it.each([
    ['not base64url', '!!!'],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['not a key', Buffer.from('{"id":3}').toString('base64url')],
    ['a zero key', Buffer.from('[0]').toString('base64url')],
    ['a text key', Buffer.from('["3"]').toString('base64url')],
    ['two keys', Buffer.from('[3,4]').toString('base64url')],
    ['empty', ''],
  ])('refuses a cursor that is %s with a 400 naming it, on every list', async (_name, cursor) => {
    const lists: [string, Record<string, unknown>][] = [
      ['/project/tests', { projectId: p }],
      ['/runs', { projectId: p }],
      ['/projects', { orgId: w.orgA.orgId }],
      ['/all-users', {}],
      ['/audit', { orgId: w.orgA.orgId }],
    ];
    for (const [path, query] of lists) {
      const res = await t
        .as(w.admin.token)
        .get(path, { ...query, cursor })
        .expect(400);
      expect(res.body.error).toMatch(/\bcursor: Not a cursor/);
    }
  });

  it("answers 404 for another organization's project, cursor or not", async () => {
    const cursor = (await get('/project/tests', { projectId: p, limit: 1 })).nextCursor;
    await t.as(w.adminB.token).get('/project/tests', { projectId: p, cursor }).expect(404);
    await t.as(w.adminB.token).get('/runs', { projectId: p, cursor }).expect(404);
  });
});

describe('the catalog counter', () => {
  /** The project's counter, its live tests counted, and the totals the API answers. */
  async function totals(projectId: number) {
    const [row] = await t.db.$queryRaw<{ counter: number; counted: number }[]>`
      SELECT live_test_count AS counter, (SELECT count(*)::int FROM tests WHERE project_id = ${projectId} AND deleted_at IS NULL) AS counted
        FROM projects WHERE id = ${projectId}`;
    const list = await get('/project/tests', { projectId, limit: 1 });
    const detail = await get('/project/detail', { projectId });
    return { counter: row.counter, counted: row.counted, listed: list.total, detail: detail.testCount };
  }
  const exact = (n: number) => ({ counter: n, counted: n, listed: n, detail: n });

  it('stays equal to count(*) across create, bulk-add, delete, bulk-delete and a JUnit import creating tests', async () => {
    const q = (await createProject(t.db, w.orgA.orgId)).projectId;
    expect(await totals(q)).toEqual(exact(0));
    const created = await t.as(w.user.token).post('/test/create', { projectId: q, title: 'One' }).expect(201);
    expect(await totals(q)).toEqual(exact(1));
    const tests = Array.from({ length: 30 }, (_, i) => ({ title: `Bulk ${i}` }));
    const added = (await t.as(w.user.token).post('/test/bulk-add', { projectId: q, tests }).expect(201)).body.data.testIds as number[];
    expect(await totals(q)).toEqual(exact(31));
    await t.as(w.admin.token).delete('/test/delete', { projectId: q, testId: created.body.data.testId }).expect(200);
    expect(await totals(q)).toEqual(exact(30));
    await t
      .as(w.admin.token)
      .delete('/test/bulk-delete', { projectId: q, testIds: added.slice(0, 12) })
      .expect(200);
    expect(await totals(q)).toEqual(exact(18));
    const xml = suite(
      'checkout',
      '<testcase classname="cart" name="adds"/>',
      '<testcase classname="cart" name="removes"><failure/></testcase>',
    );
    await importJUnit(t, w.user.token, { projectId: q, createMissing: true, runName: 'CI 1' }, xml).expect(201);
    expect(await totals(q)).toEqual(exact(20));
    // The same report again matches the tests it created: nothing more is counted.
    await importJUnit(t, w.user.token, { projectId: q, createMissing: true, runName: 'CI 2' }, xml).expect(201);
    expect(await totals(q)).toEqual(exact(20));
  });

  it('refused writes move nothing; a test deleted twice at once counts once', async () => {
    const q = (await createProject(t.db, w.orgA.orgId)).projectId;
    const added = (
      await t
        .as(w.user.token)
        .post('/test/bulk-add', { projectId: q, tests: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] })
        .expect(201)
    ).body.data.testIds as number[];
    // One bad item: nothing is written, nothing counted.
    await t
      .as(w.user.token)
      .post('/test/bulk-add', { projectId: q, tests: [{ title: 'ok' }, { title: 'bad', sectionId: 2147483647 }] })
      .expect(400);
    await t
      .as(w.admin.token)
      .delete('/test/bulk-delete', { projectId: q, testIds: [added[0], 2147483647] })
      .expect(400);
    expect(await totals(q)).toEqual(exact(3));
    const both = await Promise.all([
      t.as(w.admin.token).delete('/test/delete', { projectId: q, testId: added[1] }),
      t.as(w.admin.token).delete('/test/bulk-delete', { projectId: q, testIds: [added[1]] }),
    ]);
    expect(both.map((r) => r.status)).toContain(200);
    expect(await totals(q)).toEqual(exact(2));
  });

  it('filtered totals count only live matching tests', async () => {
    const page = await get('/project/tests', { projectId: p, sectionId, limit: 1 });
    const [{ n }] = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM tests WHERE project_id = ${p} AND section_id = ${sectionId} AND deleted_at IS NULL`;
    expect(page.total).toBe(n);
  });
});
