import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';

// Tests' automation keys: written by every write route, read back everywhere a
// test is shown, unique among a project's live tests, freed by deleting.

let t: TestApp;
let w: World;
let p: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
});
afterAll(() => t.close());

const keyOf = async (testId: number) => (await t.db.test.findUniqueOrThrow({ where: { testId } })).automationKey;
const catalogSize = () => t.db.test.count({ where: { projectId: p, deletedAt: null } });
const create = (automationKey: unknown, title = 'Keyed') => t.as(w.user.token).post('/test/create', { projectId: p, title, automationKey });

const download = (query: Record<string, unknown>) =>
  t
    .as(w.reader.token)
    .get('/tests/download', { projectId: p, ...query })
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

describe('automationKey', () => {
  it('is written on create (trimmed) and read back in details, the list, its filter, the count and both exports', async () => {
    const created = await create('  LoginTest.validPassword ').expect(201);
    const id = created.body.data.testId;
    expect(created.body.data.automationKey).toBe('LoginTest.validPassword');
    await create(null, 'Unkeyed').expect(201);
    const details = await t.as(w.reader.token).get('/test/details', { testId: id, projectId: p }).expect(200);
    expect(details.body.data.automationKey).toBe('LoginTest.validPassword');
    const list = await t.as(w.reader.token).get('/project/tests', { projectId: p, automationKey: 'LoginTest.validPassword' }).expect(200);
    expect(list.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual([id]);
    expect(list.body.data.total).toBe(1);
    const count = await t
      .as(w.reader.token)
      .get('/project/tests-count', { projectId: p, automationKey: 'LoginTest.validPassword' })
      .expect(200);
    expect(count.body.data.count).toBe(1);
    const json = JSON.parse((await download({ format: 'json', automationKey: 'LoginTest.validPassword' }).expect(200)).body as string);
    expect(json).toEqual([expect.objectContaining({ testId: id, automationKey: 'LoginTest.validPassword' })]);
    const csv = parse<Record<string, string>>((await download({ format: 'csv' }).expect(200)).body as string, { columns: true });
    expect(csv.find((r) => r.ID === String(id))).toMatchObject({ 'Automation Key': 'LoginTest.validPassword' });
    expect(csv.find((r) => r.Title === 'Unkeyed')).toMatchObject({ 'Automation Key': '' });
  });

  it('is changed and cleared (null) by update; a field left out keeps it', async () => {
    const id = (await create('upd.a').expect(201)).body.data.testId;
    const res = await t.as(w.user.token).put('/test/update', { testId: id, automationKey: 'upd.b' }).expect(200);
    expect(res.body.data.automationKey).toBe('upd.b');
    await t.as(w.user.token).put('/test/update', { testId: id, title: 'Renamed' }).expect(200);
    expect(await keyOf(id)).toBe('upd.b');
    // A test may be given the key it already holds.
    await t.as(w.user.token).put('/test/update', { testId: id, automationKey: 'upd.b' }).expect(200);
    const cleared = await t.as(w.user.token).put('/test/update', { testId: id, automationKey: null }).expect(200);
    expect(cleared.body.data.automationKey).toBeNull();
    expect(await keyOf(id)).toBeNull();
  });

  it('is written by bulk-add and bulk-update', async () => {
    const added = await t
      .as(w.user.token)
      .post('/test/bulk-add', {
        projectId: p,
        tests: [{ title: 'B1', automationKey: 'bulk.1' }, { title: 'B2' }, { title: 'B3', automationKey: 'bulk.3' }],
      })
      .expect(201);
    const [a, b, c] = added.body.data.testIds;
    expect([await keyOf(a), await keyOf(b), await keyOf(c)]).toEqual(['bulk.1', null, 'bulk.3']);
    // Swapping keys between two tests of one request is no conflict with their old keys.
    await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        projectId: p,
        tests: [
          { testId: a, automationKey: 'bulk.1b' },
          { testId: b, automationKey: 'bulk.1' },
          { testId: c, automationKey: null },
        ],
      })
      .expect(200);
    expect([await keyOf(a), await keyOf(b), await keyOf(c)]).toEqual(['bulk.1b', 'bulk.1', null]);
  });

  it('refuses a key another live test of the project holds with 409, writing nothing', async () => {
    const holder = (await create('dup.key').expect(201)).body.data.testId;
    const before = await catalogSize();
    const res = await create('dup.key', 'Second').expect(409);
    expect(res.body).toEqual({ error: 'Automation key already exists: dup.key', status: 409, code: 'duplicate_automation_key' });
    const bulk = await t
      .as(w.user.token)
      .post('/test/bulk-add', { projectId: p, tests: [{ title: 'x' }, { title: 'y', automationKey: 'dup.key' }] })
      .expect(409);
    expect(bulk.body.error).toBe('Automation key already exists: dup.key');
    expect(await catalogSize()).toBe(before);
    const other = (await create('other.key').expect(201)).body.data.testId;
    const upd = await t.as(w.user.token).put('/test/update', { testId: other, title: 'Changed', automationKey: 'dup.key' }).expect(409);
    expect(upd.body.error).toBe('Automation key already exists: dup.key');
    const bulkUpd = await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        tests: [
          { testId: holder, title: 'Changed too' },
          { testId: other, automationKey: 'dup.key' },
        ],
      })
      .expect(409);
    expect(bulkUpd.body.error).toBe('Automation key already exists: dup.key');
    expect(await t.db.test.findUniqueOrThrow({ where: { testId: other } })).toMatchObject({ title: 'Keyed', automationKey: 'other.key' });
    expect(await t.db.test.findUniqueOrThrow({ where: { testId: holder } })).toMatchObject({ title: 'Keyed', automationKey: 'dup.key' });
    // Another project may use the same key.
    await t.as(w.adminB.token).post('/test/create', { projectId: w.projectB.projectId, title: 'B', automationKey: 'dup.key' }).expect(201);
  });

  it('refuses the same key twice in one bulk request with 400 naming the item, writing nothing', async () => {
    const before = await catalogSize();
    const res = await t
      .as(w.user.token)
      .post('/test/bulk-add', {
        projectId: p,
        tests: [{ title: 'x', automationKey: 'twice' }, { title: 'y' }, { title: 'z', automationKey: ' twice' }],
      })
      .expect(400);
    expect(res.body).toEqual({
      error: 'Invalid request: tests.2.automationKey: Duplicate of tests.0.automationKey',
      status: 400,
      code: 'validation_failed',
    });
    expect(await catalogSize()).toBe(before);
    const [a, b] = (
      await t
        .as(w.user.token)
        .post('/test/bulk-add', { projectId: p, tests: [{ title: 'a' }, { title: 'b' }] })
        .expect(201)
    ).body.data.testIds;
    const upd = await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        tests: [
          { testId: a, automationKey: 'twice' },
          { testId: b, automationKey: 'twice' },
        ],
      })
      .expect(400);
    expect(upd.body.error).toBe('Invalid request: tests.1.automationKey: Duplicate of tests.0.automationKey');
    expect([await keyOf(a), await keyOf(b)]).toEqual([null, null]);
  });

  it('is freed when its test is deleted (single and bulk), so a new test may take it', async () => {
    const id = (await create('reuse.one').expect(201)).body.data.testId;
    await t.as(w.admin.token).delete('/test/delete', { testId: id, projectId: p }).expect(200);
    expect(await keyOf(id)).toBeNull();
    await create('reuse.one').expect(201);
    const [a] = (
      await t
        .as(w.user.token)
        .post('/test/bulk-add', { projectId: p, tests: [{ title: 'a', automationKey: 'reuse.bulk' }] })
        .expect(201)
    ).body.data.testIds;
    await t
      .as(w.admin.token)
      .delete('/test/bulk-delete', { projectId: p, testIds: [a] })
      .expect(200);
    await create('reuse.bulk').expect(201);
  });

  it('refuses an empty or too long key with 400', async () => {
    const before = await catalogSize();
    expect((await create('k'.repeat(1001)).expect(400)).body.error).toBe('Invalid request: automationKey: At most 1000 characters');
    expect((await create('  ').expect(400)).body.error).toBe('Invalid request: automationKey: Must not be empty');
    expect(await catalogSize()).toBe(before);
    await create('k'.repeat(1000)).expect(201);
    await t
      .as(w.reader.token)
      .get('/project/tests', { projectId: p, automationKey: 'k'.repeat(1001) })
      .expect(400);
  });
});
