import { createTestApp, type TestApp } from '../support/app';
import { createSection } from '../support/catalog-factories';
import { createProject, createWorld, type World } from '../support/factories';

// A run selected by custom field values (customFields of POST /run/create), alone or with the
// other selection fields, as the catalog's filters select them.

let t: TestApp;
let w: World;
let projectId: number;
let checkout: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  ({ projectId } = await createProject(t.db, w.orgA.orgId));
  checkout = (await createSection(t.db, projectId, 'Checkout')).sectionId;
  const as = t.as(w.admin.token);
  await as
    .post('/project/add-custom-field', { projectId, name: 'Component', type: 'select', options: ['Cart', 'Search'], appliesTo: 'test' })
    .expect(201);
  await as.post('/project/add-custom-field', { projectId, name: 'Points', type: 'number', appliesTo: 'test' }).expect(201);
  const tests: [string, Record<string, unknown>, number | undefined][] = [
    ['Cart 1', { component: 'Cart', points: 1 }, checkout],
    ['Cart 5', { component: 'Cart', points: 5 }, undefined],
    ['Search 8', { component: 'Search', points: 8 }, checkout],
    ['Plain', {}, checkout],
  ];
  for (const [title, customFields, sectionId] of tests) {
    await as.post('/test/create', { projectId, title, customFields, ...(sectionId ? { sectionId } : {}) }).expect(201);
  }
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = w.user.token) =>
  t.as(token).post('/run/create', { projectId, runName: 'By fields', ...body });
const runs = () => t.db.run.count({ where: { projectId } });

describe('POST /run/create with customFields', () => {
  it('selects the tests with those values, alone, as a range, and with other selection fields', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ customFields: { component: 'Cart' } }, 2],
      [{ customFields: { points: { gte: 5 } } }, 2],
      [{ customFields: { component: 'Cart', points: { lte: 3 } } }, 1],
      [{ customFields: { component: 'Cart' }, sectionIds: [checkout] }, 1],
    ];
    for (const [body, total] of cases) {
      const res = await create(body).expect(201);
      expect({ body, counts: res.body.data.statusCounts }).toEqual({
        body,
        counts: { total, passed: 0, failed: 0, blocked: 0, retest: 0, untested: total },
      });
    }
  });

  it('refuses an unknown key, a bad value, no match and allTests beside it with 400, writing nothing', async () => {
    const before = await runs();
    const unknown = await create({ customFields: { nope: 'x' } }).expect(400);
    expect(unknown.body).toEqual({
      error: 'Invalid request: customFields.nope: No custom field of tests with key nope',
      status: 400,
      code: 'validation_failed',
    });
    const bad = await create({ customFields: { points: { gte: 'many' } } }).expect(400);
    expect(bad.body.error).toBe('Invalid request: customFields.points.gte: Expected a number');
    const none = await create({ customFields: { component: 'Search', points: { lte: 2 } } }).expect(400);
    expect(none.body).toMatchObject({ code: 'no_matching_tests' });
    const both = await create({ customFields: { component: 'Cart' }, allTests: true }).expect(400);
    expect(both.body.error).toBe('Invalid request: allTests: Not with customFields');
    expect(await runs()).toBe(before);
  });

  it('takes a Reader (403) and another organization (404) as the other selections do', async () => {
    const before = await runs();
    await create({ customFields: { component: 'Cart' } }, w.reader.token).expect(403);
    const foreign = await t
      .as(w.adminB.token)
      .post('/run/create', { projectId, runName: 'x', customFields: { component: 'Cart' } })
      .expect(404);
    expect(foreign.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    expect(await runs()).toBe(before);
  });
});
