import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createSquad, createTests, labelTests, lookupIds } from '../support/catalog-factories';

let t: TestApp;
let w: World;
let p: number;
let ids: number[];
let sectionId: number;
let squadId: number;
let labelId: number;
let lk: Awaited<ReturnType<typeof lookupIds>>;

// 60 tests: every 3rd in a section, priority cycles through 4 values, every 5th in a squad,
// every 2nd labelled, automation status alternates; 5 deleted tests that must never appear.
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  lk = await lookupIds(t.db, p);
  sectionId = (await createSection(t.db, p, 'Checkout')).sectionId;
  squadId = (await createSquad(t.db, p, 'Payments')).squadId;
  labelId = (await createLabel(t.db, p, 'regression')).labelId;
  const priorities = Object.values(lk.priority);
  const automation = Object.values(lk.automation_status);
  ids = await createTests(t.db, p, 60, (i) => ({
    title: i % 7 === 0 ? `Pay with 100%_card ${i}` : `Browse catalog ${i}`,
    ...(i % 3 === 0 ? { sectionId } : {}),
    priorityId: priorities[i % 4],
    ...(i % 5 === 0 ? { squadId } : {}),
    automationStatusId: automation[i % 2],
  }));
  await labelTests(
    t.db,
    labelId,
    ids.filter((_, i) => i % 2 === 0),
  );
  await createTests(t.db, p, 5, () => ({ deletedAt: new Date(), sectionId, priorityId: priorities[0] }), 'Deleted');
});
afterAll(() => t.close());

type Page = { tests: { testId: number; title: string; labels: number[] }[]; total: number; limit: number; offset: number };
const list = async (query: Record<string, unknown>): Promise<Page> =>
  (
    await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, ...query })
      .expect(200)
  ).body.data;
const count = async (query: Record<string, unknown>): Promise<number> =>
  (
    await t
      .as(w.reader.token)
      .get('/project/tests-count', { projectId: p, ...query })
      .expect(200)
  ).body.data.count;

describe('GET /project/tests and /project/tests-count', () => {
  it('pages in testId order without overlap or gaps; total agrees with the count', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < 70; offset += 25) {
      const page = await list({ limit: 25, offset });
      expect(page).toMatchObject({ total: 60, limit: 25, offset });
      seen.push(...page.tests.map((x) => x.testId));
    }
    expect(seen).toEqual(ids);
    expect(await count({})).toBe(60);
    const past = await list({ offset: 1000 });
    expect(past).toEqual({ tests: [], total: 60, limit: 100, offset: 1000 });
  });

  it.each([
    ['sectionId', () => ({ sectionId }), (i: number) => i % 3 === 0],
    ['priorityId', () => ({ priorityId: lk.priority.High }), (i: number) => i % 4 === 1],
    ['squadId', () => ({ squadId }), (i: number) => i % 5 === 0],
    ['labelId', () => ({ labelId }), (i: number) => i % 2 === 0],
    ['automationStatusId', () => ({ automationStatusId: lk.automation_status.Automatable }), (i: number) => i % 2 === 1],
    ['search (case-insensitive, % and _ literal)', () => ({ search: '100%_CARD' }), (i: number) => i % 7 === 0],
    [
      'combined filters',
      () => ({ sectionId, priorityId: lk.priority.Critical, labelId }),
      (i: number) => i % 3 === 0 && i % 4 === 0 && i % 2 === 0,
    ],
  ])('filters by %s; the count agrees', async (_name, filter, expected) => {
    const want = ids.filter((_, i) => expected(i));
    const page = await list({ ...filter(), limit: 1000 });
    expect(page.tests.map((x) => x.testId)).toEqual(want);
    expect(page.total).toBe(want.length);
    expect(await count(filter())).toBe(want.length);
  });

  it('treats _ and % in a search as plain characters; an empty search is no search', async () => {
    expect(await count({ search: 'Browse_catalog' })).toBe(0);
    expect(await count({ search: '%' })).toBe(9);
    expect((await list({ search: '' })).total).toBe(60);
  });

  it('carries labels as ids', async () => {
    const page = await list({ limit: 2 });
    expect(page.tests[0].labels).toEqual([labelId]);
    expect(page.tests[1].labels).toEqual([]);
  });

  it('lets a Reader list; answers 401 without credentials', async () => {
    await t.http.get('/api/v1/project/tests').query({ projectId: p }).expect(401);
    await t.http.get('/api/v1/project/tests-count').query({ projectId: p }).expect(401);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 1001 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ limit: 'ten' }, 'limit'],
    [{ sectionId: 'x' }, 'sectionId'],
    [{ priorityId: '1.5' }, 'priorityId'],
  ])('rejects %j with 400 naming the field', async (query, field) => {
    const res = await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, ...query })
      .expect(400);
    expect(res.body.error).toContain(field);
  });

  it('rejects a missing projectId with 400', async () => {
    const res = await t.as(w.reader.token).get('/project/tests-count').expect(400);
    expect(res.body.error).toBe('Invalid request: projectId: Required');
  });

  it("answers 404 for another organization's project (list and count), 200 empty for a new project", async () => {
    await createTests(t.db, w.projectB.projectId, 3);
    for (const path of ['/project/tests', '/project/tests-count']) {
      const res = await t.as(w.reader.token).get(path, { projectId: w.projectB.projectId }).expect(404);
      expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    }
    const empty = await createProject(t.db, w.orgA.orgId);
    expect(await list({ projectId: empty.projectId })).toEqual({ tests: [], total: 0, limit: 100, offset: 0 });
  });
});
