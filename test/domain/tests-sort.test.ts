import { encodeCursor } from '../../src/core/cursor';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createTests, lookupIds } from '../support/catalog-factories';

// GET /project/tests?sort=&order=: the catalog's column sorts. Titles repeat (ties go by
// testId in the sort's direction), some tests have no priority (last, either way), the priority
// list's order is not its ids' order, and every page of a sort continues the one before.

let t: TestApp;
let w: World;
let p: number;
let sectionId: number;
type Row = { testId: number; title: string; priorityId: number | null; updatedAt: string; sectionId: number | null };
let rows: Row[];
let position: Map<number, number>;

const TITLES = ['delta', 'Alpha', 'charlie', 'Bravo', 'alpha', 'delta'];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  const lk = await lookupIds(t.db, p);
  sectionId = (await createSection(t.db, p, 'Checkout')).sectionId;
  // The list's order differs from the ids' order: Low first, Critical last.
  await t.db.lookupEntry.update({ where: { id: lk.priority.Low }, data: { position: -1 } });
  await t.db.lookupEntry.update({ where: { id: lk.priority.Critical }, data: { position: 10 } });
  const priorities = [lk.priority.Critical, lk.priority.High, lk.priority.Low, undefined];
  const ids = await createTests(t.db, p, 24, (i) => ({
    title: `${TITLES[i % TITLES.length]} ${i % 4}`,
    ...(priorities[i % 4] === undefined ? {} : { priorityId: priorities[i % 4] }),
    ...(i % 2 === 0 ? { sectionId } : {}),
  }));
  // Last changes: a few minutes apart, in an order of their own, two tests sharing each time.
  for (const [i, id] of ids.entries()) {
    await t.db.$executeRaw`UPDATE tests SET updated_at = timestamp '2026-01-01' + ${(i * 7) % 12} * interval '1 minute' WHERE id = ${id}`;
  }
  await createTests(t.db, p, 3, () => ({ deletedAt: new Date(), priorityId: lk.priority.Low }), 'Deleted');
  const entries = await t.db.lookupEntry.findMany({ where: { projectId: p, kind: 'priority' } });
  position = new Map(entries.map((e) => [e.id, e.position]));
  rows = (await list({ limit: 1000 })).tests;
  expect(rows).toHaveLength(24);
});
afterAll(() => t.close());

type Page = { tests: Row[]; total: number; limit: number; offset: number; nextCursor?: string };
async function list(query: Record<string, unknown>, token = w.reader.token): Promise<Page> {
  return (
    await t
      .as(token)
      .get('/project/tests', { projectId: p, ...query })
      .expect(200)
  ).body.data;
}

/** The expected order, written out independently of the server's SQL (the database sorts text bytewise, C collation). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
function expected(sort: string, order: 'asc' | 'desc', of: Row[] = rows): number[] {
  const dir = order === 'asc' ? 1 : -1;
  const key = (r: Row): [number, number | string] => {
    if (sort === 'title') return [0, r.title];
    if (sort === 'updatedAt') return [0, r.updatedAt];
    // Without a priority: last in both directions.
    if (sort === 'priority') return r.priorityId === null ? [1, 0] : [0, position.get(r.priorityId)!];
    return [0, r.testId];
  };
  return [...of]
    .sort((a, b) => {
      const [ga, ka] = key(a);
      const [gb, kb] = key(b);
      if (ga !== gb) return ga - gb;
      const c = typeof ka === 'string' ? byText(ka, kb as string) : ka - (kb as number);
      return dir * (c || a.testId - b.testId);
    })
    .map((r) => r.testId);
}

describe('GET /project/tests sorted', () => {
  it.each([
    ['testId', 'asc'],
    ['testId', 'desc'],
    ['title', 'asc'],
    ['title', 'desc'],
    ['priority', 'asc'],
    ['priority', 'desc'],
    ['updatedAt', 'asc'],
    ['updatedAt', 'desc'],
  ] as const)('sorts by %s %s, ties by testId the same way, in pages without overlap or gaps', async (sort, order) => {
    const want = expected(sort, order);
    const whole = await list({ sort, order, limit: 1000 });
    expect(whole.tests.map((r) => r.testId)).toEqual(want);
    expect(whole.total).toBe(24);
    const paged: number[] = [];
    for (let offset = 0; offset < 24; offset += 5) {
      const page = await list({ sort, order, limit: 5, offset });
      paged.push(...page.tests.map((r) => r.testId));
    }
    expect(paged).toEqual(want);
  });

  it('keeps testId ascending as the default, the only order with a next cursor', async () => {
    const first = await list({ limit: 5 });
    expect(first.tests.map((r) => r.testId)).toEqual(expected('testId', 'asc').slice(0, 5));
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await list({ sort: 'testId', order: 'asc', limit: 5 })).nextCursor).toBe(first.nextCursor);
    const second = await list({ cursor: first.nextCursor, limit: 5 });
    expect(second.tests.map((r) => r.testId)).toEqual(expected('testId', 'asc').slice(5, 10));
    expect((await list({ sort: 'title', limit: 5 })).nextCursor).toBeUndefined();
    expect((await list({ order: 'desc', limit: 5 })).nextCursor).toBeUndefined();
  });

  it('sorts within the filters (section and priority)', async () => {
    const inSection = rows.filter((r) => r.sectionId === sectionId);
    const page = await list({ sectionId, sort: 'title', order: 'desc', limit: 1000 });
    expect(page.tests.map((r) => r.testId)).toEqual(expected('title', 'desc', inSection));
    expect(page.total).toBe(inSection.length);
    const priorityId = rows.find((r) => r.priorityId !== null)!.priorityId;
    const ofPriority = rows.filter((r) => r.priorityId === priorityId);
    const byChange = await list({ priorityId, sort: 'updatedAt', order: 'desc', limit: 1000 });
    expect(byChange.tests.map((r) => r.testId)).toEqual(expected('updatedAt', 'desc', ofPriority));
  });

  it.each([
    [{ sort: 'name' }, 'sort', 'Expected testId, title, priority, updatedAt'],
    [{ sort: '' }, 'sort', 'Expected testId, title, priority, updatedAt'],
    [{ order: 'up' }, 'order', 'Expected asc or desc'],
    [{ sort: 'title', cursor: encodeCursor(1) }, 'cursor', 'A cursor pages only in the default order (sort=testId, order=asc)'],
  ])('rejects %j with 400 naming the field', async (query, field, message) => {
    const res = await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, ...query })
      .expect(400);
    expect(res.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(res.body.error).toContain(`${field}: ${message}`);
  });

  it("lets every role sort; answers 404 for another organization's project", async () => {
    const want = expected('title', 'asc').slice(0, 3);
    for (const token of [w.reader.token, w.user.token, w.admin.token]) {
      expect((await list({ sort: 'title', limit: 3 }, token)).tests.map((r) => r.testId)).toEqual(want);
    }
    await t.http.get('/api/v1/project/tests').query({ projectId: p, sort: 'title' }).expect(401);
    const res = await t.as(w.reader.token).get('/project/tests', { projectId: w.projectB.projectId, sort: 'title' }).expect(404);
    expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
  });
});
