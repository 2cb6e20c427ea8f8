import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';
import { deriveMissingFieldValues, fieldValuesOutOfStep } from '../../src/domain/test-cases/data';

// test_field_values, which the cf.<key> filters read, follows tests.custom_fields through every
// write that sets them: create, bulk add, update, bulk update, restore, the CSV and JUnit imports
// and a field's deletion; a deleted test leaves the filters (and its rows go); a text longer than the rows hold is
// still found; a database whose tests had values before the table existed gets its rows at start.

let t: TestApp;
let w: World;
let p: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = (await createProject(t.db, w.orgA.orgId)).projectId;
  for (const f of [
    { name: 'Area', type: 'select', options: ['checkout', 'search'] },
    { name: 'Browsers', type: 'multiselect', options: ['chrome', 'firefox'] },
    { name: 'Points', type: 'number' },
    { name: 'Due', type: 'date' },
    { name: 'Smoke', type: 'checkbox' },
    { name: 'Notes', type: 'textarea' },
    { name: 'Tier', type: 'select', options: ['gold', 'silver'], defaultValue: 'gold' },
  ])
    await t
      .as(w.user.token)
      .post('/project/add-custom-field', { projectId: p, appliesTo: 'test', ...f })
      .expect(201);
});
afterAll(() => t.close());

/** The titles the catalog lists under the cf.<key> parameters `q`, checked against the count; and the rows in step. */
async function titles(q: Record<string, string | number>) {
  const list = (
    await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, limit: 100, ...q })
      .expect(200)
  ).body.data;
  const { count } = (
    await t
      .as(w.reader.token)
      .get('/project/tests-count', { projectId: p, ...q })
      .expect(200)
  ).body.data;
  expect(count).toBe(list.total);
  expect(count).toBe(list.tests.length); // every match fits the page: the count agrees with the ids listed
  return (list.tests as { title: string }[]).map((x) => x.title).sort();
}
const inStep = async () => expect(await fieldValuesOutOfStep(t.db)).toBe(0);
const create = async (title: string, customFields: object) =>
  (await t.as(w.user.token).post('/test/create', { projectId: p, title, customFields }).expect(201)).body.data.testId as number;

let a: number;
let b: number;

it('follows create and bulk add', async () => {
  a = await create('a', { area: 'checkout', browsers: ['chrome', 'firefox'], points: 3, due: '2027-01-05', smoke: true });
  b = await create('b', { area: 'search', points: 12.5 });
  await t
    .as(w.user.token)
    .post('/test/bulk-add', {
      projectId: p,
      tests: [
        { title: 'c', customFields: { browsers: ['firefox'], points: -1, due: '2027-03-01' } },
        { title: 'd', customFields: {} },
      ],
    })
    .expect(201);
  await inStep();
  expect(await titles({ 'cf.area': 'checkout' })).toEqual(['a']);
  expect(await titles({ 'cf.browsers': 'firefox' })).toEqual(['a', 'c']);
  expect(await titles({ 'cf.points.gte': '3' })).toEqual(['a', 'b']);
  expect(await titles({ 'cf.points': '12.5' })).toEqual(['b']);
  expect(await titles({ 'cf.due.lte': '2027-02-01' })).toEqual(['a']);
  expect(await titles({ 'cf.smoke': 'true' })).toEqual(['a']);
  expect(await titles({ 'cf.tier': 'gold' })).toEqual(['a', 'b', 'c', 'd']);
  // Several filters: counted on the rows alone, or through the tests with another filter.
  expect(await titles({ 'cf.browsers': 'firefox', 'cf.area': 'checkout' })).toEqual(['a']);
  expect(await titles({ 'cf.browsers': 'firefox', 'cf.points.lte': '0' })).toEqual(['c']);
  expect(await titles({ 'cf.browsers': 'firefox', search: 'c' })).toEqual(['c']);
});

it('follows update (a value changed, one cleared with null) and bulk update', async () => {
  await t
    .as(w.user.token)
    .put('/test/update', { testId: a, customFields: { browsers: ['chrome'], points: null } })
    .expect(200);
  await t
    .as(w.user.token)
    .put('/test/bulk-update', { tests: [{ testId: b, customFields: { area: 'checkout', tier: 'silver' } }] })
    .expect(200);
  await inStep();
  expect(await titles({ 'cf.browsers': 'firefox' })).toEqual(['c']);
  expect(await titles({ 'cf.points.gte': '0' })).toEqual(['b']);
  expect(await titles({ 'cf.area': 'checkout' })).toEqual(['a', 'b']);
  expect(await titles({ 'cf.tier': 'silver' })).toEqual(['b']);
});

it('follows a restored version', async () => {
  await t.as(w.user.token).put('/test/restore-version', { projectId: p, testId: a, version: 1 }).expect(200);
  await inStep();
  expect(await titles({ 'cf.browsers': 'firefox' })).toEqual(['a', 'c']);
  expect(await titles({ 'cf.points': '3' })).toEqual(['a']);
});

it('follows the CSV import and the JUnit import (defaults)', async () => {
  const csv = 'Title,cf_area,cf_points\ne,search,7\nf,,\n';
  await t.http
    .post('/api/v1/test/import-csv')
    .query({ projectId: p })
    .set('Authorization', `Bearer ${w.user.token}`)
    .set('Content-Type', 'text/csv')
    .send(Buffer.from(csv))
    .expect(201);
  await importJUnit(
    t,
    w.user.token,
    { projectId: p, runName: 'CI', createMissing: true },
    suite('s', '<testcase classname="s" name="g"/>'),
  ).expect(201);
  await inStep();
  expect(await titles({ 'cf.area': 'search' })).toEqual(['e']);
  expect(await titles({ 'cf.points.gte': '5' })).toEqual(['b', 'e']);
  expect(await titles({ 'cf.tier': 'gold' })).toEqual(['a', 'c', 'd', 'e', 'f', 'g']);
});

it('finds a text longer than the rows hold, by the column', async () => {
  const long = `Seen on ${'every build '.repeat(30)}`;
  await t
    .as(w.user.token)
    .put('/test/update', { testId: b, customFields: { notes: long } })
    .expect(200);
  await inStep();
  expect(await t.db.testFieldValue.count({ where: { testId: b, key: 'notes' } })).toBe(0);
  expect(await titles({ 'cf.notes': long })).toEqual(['b']);
  expect(await titles({ 'cf.notes': long.slice(0, 200) })).toEqual([]);
});

it('leaves a deleted test out, and drops a deleted field', async () => {
  await t.as(w.admin.token).delete('/test/delete', { projectId: p, testId: a }).expect(200);
  expect(await t.db.testFieldValue.count({ where: { testId: a } })).toBe(0);
  await inStep();
  expect(await titles({ 'cf.area': 'checkout' })).toEqual(['b']);
  const field = await t.db.customField.findFirstOrThrow({ where: { projectId: p, fieldKey: 'area' } });
  await t.as(w.admin.token).delete('/project/delete-custom-field', { projectId: p, fieldId: field.fieldId }).expect(200);
  await inStep();
  expect(await t.db.testFieldValue.count({ where: { projectId: p, key: 'area' } })).toBe(0);
});

it('derives the rows at start for tests that had values before the table', async () => {
  await t.db.$executeRaw`DELETE FROM test_field_values`;
  expect(await fieldValuesOutOfStep(t.db)).toBeGreaterThan(0);
  // The count (computed on every call; the list's answer is kept until a write moves the project's version).
  const gold = async () =>
    (await t.as(w.reader.token).get('/project/tests-count', { projectId: p, 'cf.tier': 'gold' }).expect(200)).body.data.count;
  expect(await gold()).toBe(0);
  expect(await deriveMissingFieldValues(t.db)).toBeGreaterThan(0);
  await inStep();
  expect(await gold()).toBe(5);
  expect(await titles({ 'cf.tier': 'gold' })).toEqual(['c', 'd', 'e', 'f', 'g']);
  // Once there are rows, a start derives nothing.
  expect(await deriveMissingFieldValues(t.db)).toBe(0);
});
