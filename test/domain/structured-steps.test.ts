import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';

// A test's steps as an ordered list [{ action, expected?, data? }] instead of text: written by
// create, update and bulk calls, read back by details, lists and both exports; text keeps working.

let t: TestApp;
let w: World;
let p: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
});
afterAll(() => t.close());

const steps = [
  { action: 'Open the cart', data: '2 items' },
  { action: 'Pay by card', expected: 'The order is confirmed', data: '4242 4242 4242 4242' },
  { action: 'Open the orders' },
];

const details = async (testId: number) => (await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).expect(200)).body.data;

it('creates, reads, updates a list of steps, and switches between text and list', async () => {
  const created = await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Pay', steps }).expect(201);
  const testId = created.body.data.testId;
  expect(created.body.data.steps).toEqual(steps);
  expect((await details(testId)).steps).toEqual(steps);
  const row = await t.db.test.findUnique({ where: { testId } });
  expect([row!.steps, row!.stepList]).toEqual([null, steps]);

  // Empty optional texts are not kept.
  await t
    .as(w.user.token)
    .put('/test/update', { projectId: p, testId, steps: [{ action: 'Only', expected: '', data: null }] })
    .expect(200);
  expect((await details(testId)).steps).toEqual([{ action: 'Only' }]);

  // To text and back: the other column is cleared.
  await t.as(w.user.token).put('/test/update', { projectId: p, testId, steps: '1. Open\n2. Pay' }).expect(200);
  expect((await details(testId)).steps).toBe('1. Open\n2. Pay');
  expect((await t.db.test.findUnique({ where: { testId } }))!.stepList).toBeNull();
  await t.as(w.user.token).put('/test/update', { projectId: p, testId, steps }).expect(200);
  expect((await details(testId)).steps).toEqual(steps);
  // A change of another field keeps the steps; null clears them.
  await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'Pay again' }).expect(200);
  expect((await details(testId)).steps).toEqual(steps);
  await t.as(w.user.token).put('/test/update', { projectId: p, testId, steps: null }).expect(200);
  expect((await details(testId)).steps).toBeNull();
  const versions = await t.db.testVersion.findMany({ where: { testId }, orderBy: { version: 'asc' } });
  expect(versions.map((v) => v.changedFields)).toEqual([['title', 'steps'], ['steps'], ['steps'], ['steps'], ['title'], ['steps']]);
});

it('keeps text steps working as before', async () => {
  const res = await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Text', steps: 'Open\nPay' }).expect(201);
  expect(res.body.data.steps).toBe('Open\nPay');
  expect((await details(res.body.data.testId)).steps).toBe('Open\nPay');
});

it('takes up to 100 steps, and bulk adds and updates lists', async () => {
  const hundred = Array.from({ length: 100 }, (_, i) => ({ action: `Step ${i + 1}` }));
  const res = await t
    .as(w.user.token)
    .post('/test/bulk-add', {
      projectId: p,
      tests: [
        { title: 'Long', steps: hundred },
        { title: 'Short', steps: 'text' },
      ],
    })
    .expect(201);
  const ids: number[] = res.body.data.testIds;
  expect((await details(ids[0])).steps).toHaveLength(100);
  expect((await details(ids[1])).steps).toBe('text');
  await t
    .as(w.user.token)
    .put('/test/bulk-update', {
      projectId: p,
      tests: [
        { testId: ids[1], steps },
        { testId: ids[0], title: 'Still long' },
      ],
    })
    .expect(200);
  expect((await details(ids[1])).steps).toEqual(steps);
  expect((await details(ids[0])).steps).toHaveLength(100);
});

it('refuses bad shapes with 400 naming the field, writing nothing (a bulk call: nothing of it)', async () => {
  const count = await t.db.test.count();
  const bad = async (body: unknown, path = '/test/create', method: 'post' | 'put' = 'post') =>
    (await t.as(w.user.token)[method](path, body).expect(400)).body.error as string;
  expect(await bad({ projectId: p, title: 'x', steps: Array.from({ length: 101 }, () => ({ action: 'a' })) })).toContain(
    'steps: At most 100 steps',
  );
  expect(await bad({ projectId: p, title: 'x', steps: [] })).toContain('steps: At least one step');
  expect(await bad({ projectId: p, title: 'x', steps: [{ action: 'a' }, { expected: 'no action' }] })).toContain('steps');
  expect(await bad({ projectId: p, title: 'x', steps: [{ action: 'a', note: 'unknown key' }] })).toContain('steps');
  expect(await bad({ projectId: p, title: 'x', steps: [{ action: 'a'.repeat(5001) }] })).toContain('steps');
  expect(await bad({ projectId: p, title: 'x', steps: 42 })).toContain('steps');
  expect(
    await bad(
      {
        projectId: p,
        tests: [
          { title: 'ok', steps },
          { title: 'bad', steps: [{ action: '' }] },
        ],
      },
      '/test/bulk-add',
    ),
  ).toContain('tests.1.steps');
  expect(await t.db.test.count()).toBe(count);
  const kept = (await t.as(w.user.token).post('/test/create', { projectId: p, title: 'Kept', steps }).expect(201)).body.data.testId;
  expect(await bad({ projectId: p, testId: kept, steps: [{ data: 'x' }] }, '/test/update', 'put')).toContain('steps');
  expect((await details(kept)).steps).toEqual(steps);
});

it('lists and exports list steps: JSON as the list, CSV flattened, numbered', async () => {
  const q = (await createProject(t.db, w.orgA.orgId)).projectId;
  await t.as(w.user.token).post('/test/create', { projectId: q, title: 'Listed', steps }).expect(201);
  await t.as(w.user.token).post('/test/create', { projectId: q, title: 'Texted', steps: 'Just text' }).expect(201);
  const list = (await t.as(w.reader.token).get('/project/tests', { projectId: q }).expect(200)).body.data;
  expect((list.tests ?? list).map((x: { steps: unknown }) => x.steps)).toEqual([steps, 'Just text']);
  const json = await t.as(w.reader.token).get('/tests/download', { projectId: q, format: 'json' }).expect(200);
  expect(JSON.parse(json.text).map((x: { steps: unknown }) => x.steps)).toEqual([steps, 'Just text']);
  const csv = await t.as(w.reader.token).get('/tests/download', { projectId: q, format: 'csv' }).expect(200);
  expect(csv.text).toContain(
    '"1. Open the cart\n   Data: 2 items\n2. Pay by card\n   Data: 4242 4242 4242 4242\n   Expected: The order is confirmed\n3. Open the orders"',
  );
  expect(csv.text).toContain('Just text');
});
