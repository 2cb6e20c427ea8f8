import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createTests, lookupIds } from '../support/catalog-factories';
import { importJUnit, suite } from '../support/junit-import';

// Versions of a test: every kind of change records one (create, update of each kind of field,
// bulk update, a JUnit import creating tests), a change that changes nothing records none, a test
// older than versions keeps its old content as version 1 at its first change; and the reads
// (GET /test/versions, /test/version) with their roles, 404s and ETags.

let t: TestApp;
let w: World;
let p: number;
let lk: Awaited<ReturnType<typeof lookupIds>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  lk = await lookupIds(t.db, p);
  await t.db.customField.create({
    data: { projectId: p, fieldKey: 'component', fieldName: 'Component', type: 'select', appliesTo: 'test', options: ['Cart', 'Pay'] },
  });
});
afterAll(() => t.close());

type Entry = { version: number; userId: number | null; userName: string | null; changedFields: string[]; createdAt: string };
const versions = async (testId: number): Promise<Entry[]> =>
  (await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).expect(200)).body.data.versions;
const version = async (testId: number, n: number) =>
  (await t.as(w.reader.token).get('/test/version', { projectId: p, testId, version: n }).expect(200)).body.data;
const create = async (body: Record<string, unknown>) =>
  (
    await t
      .as(w.user.token)
      .post('/test/create', { projectId: p, ...body })
      .expect(201)
  ).body.data.testId as number;
const update = (testId: number, body: Record<string, unknown>, token = w.user.token) =>
  t
    .as(token)
    .put('/test/update', { testId, ...body })
    .expect(200);
const changed = async (testId: number) => (await versions(testId))[0].changedFields;

describe('recording', () => {
  it('records a new test as version 1 with the fields it was given, and its whole content', async () => {
    const label = await createLabel(t.db, p, 'smoke');
    const testId = await create({ title: 'Pay', steps: 'Open the cart', priorityId: lk.priority.High, labels: [label.labelId] });
    const list = await versions(testId);
    expect(list).toEqual([
      {
        version: 1,
        userId: w.user.userId,
        userName: `User ${w.user.email}`,
        createdAt: expect.any(String),
        changedFields: ['title', 'steps', 'priorityId', 'labels'],
      },
    ]);
    const one = await version(testId, 1);
    expect(one).toEqual({ testId, ...list[0], content: expect.any(Object) });
    expect(one.content).toEqual({
      title: 'Pay',
      testDescription: null,
      preconditions: null,
      steps: 'Open the cart',
      expectedResult: null,
      sectionId: null,
      priorityId: lk.priority.High,
      typeId: null,
      automationStatusId: null,
      platformId: null,
      testCoveredById: null,
      squadId: null,
      automationKey: null,
      labels: [label.labelId],
      customFields: {},
    });
  });

  it('records each kind of change with the fields it changed, by whoever made it', async () => {
    const section = await createSection(t.db, p, 'Checkout');
    const [l1, l2] = [await createLabel(t.db, p, 'v-a'), await createLabel(t.db, p, 'v-b')];
    const testId = await create({ title: 'Kinds' });
    await update(testId, { title: 'Kinds 2', expectedResult: 'paid' });
    expect(await changed(testId)).toEqual(['title', 'expectedResult']);
    await update(testId, { sectionId: section.sectionId, squadId: null, typeId: lk.type.Smoke });
    expect(await changed(testId)).toEqual(['sectionId', 'typeId']);
    await update(testId, { steps: [{ action: 'Open', expected: 'Shown' }, { action: 'Pay' }] });
    expect(await changed(testId)).toEqual(['steps']);
    await update(testId, { steps: 'As text again' });
    expect(await changed(testId)).toEqual(['steps']);
    await update(testId, { labels: [l2.labelId, l1.labelId] }, w.admin.token);
    expect((await versions(testId))[0]).toMatchObject({ userId: w.admin.userId, changedFields: ['labels'] });
    await update(testId, { customFields: { component: 'Cart' } });
    expect(await changed(testId)).toEqual(['customFields']);
    await update(testId, { automationKey: 'Kinds.key', preconditions: 'logged in', testDescription: 'd' });
    expect(await changed(testId)).toEqual(['testDescription', 'preconditions', 'automationKey']);
    await update(testId, { automationKey: null, labels: [], customFields: { component: null }, steps: null });
    expect(await changed(testId)).toEqual(['steps', 'automationKey', 'labels', 'customFields']);

    const list = await versions(testId);
    expect(list.map((v) => v.version)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await version(testId, 4)).content.steps).toEqual([{ action: 'Open', expected: 'Shown' }, { action: 'Pay' }]);
    expect((await version(testId, 7)).content.customFields).toEqual({ component: 'Cart' });
    const details = (await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).expect(200)).body.data;
    expect(details).toMatchObject({ version: 9, updatedBy: w.user.userId });
  });

  it('records shared steps as they read: expanded to their name and steps', async () => {
    const shared = await t.db.sharedSteps.create({ data: { projectId: p, name: 'Log in', steps: [{ action: 'Type the password' }] } });
    const testId = await create({ title: 'Shared', steps: [{ sharedStepsId: shared.sharedStepsId }, { action: 'Buy' }] });
    expect((await version(testId, 1)).content.steps).toEqual([
      { sharedStepsId: shared.sharedStepsId, name: 'Log in', steps: [{ action: 'Type the password' }] },
      { action: 'Buy' },
    ]);
  });

  it('records nothing for a change that changes nothing, and keeps who made the last real change', async () => {
    const testId = await create({ title: 'Same', priorityId: lk.priority.Low });
    await update(testId, { title: 'Same', priorityId: lk.priority.Low, labels: [] }, w.admin.token);
    expect((await versions(testId)).map((v) => v.version)).toEqual([1]);
    const details = (await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).expect(200)).body.data;
    expect(details).toMatchObject({ version: 1, updatedBy: w.user.userId });
  });

  it('records a version for each test a bulk update changes, and none for those it leaves as they were', async () => {
    const label = await createLabel(t.db, p, 'bulk-v');
    const [a, b, c] = [
      await create({ title: 'A' }),
      await create({ title: 'B' }),
      await create({ title: 'C', priorityId: lk.priority.High }),
    ];
    await t
      .as(w.admin.token)
      .put('/test/bulk-update', {
        tests: [
          { testId: a, addLabels: [label.labelId] },
          { testId: b, title: 'B2', priorityId: lk.priority.High },
          { testId: c, priorityId: lk.priority.High },
        ],
      })
      .expect(200);
    expect((await versions(a))[0]).toMatchObject({ version: 2, userId: w.admin.userId, changedFields: ['labels'] });
    expect((await versions(b))[0]).toMatchObject({ version: 2, changedFields: ['title', 'priorityId'] });
    expect((await versions(c)).map((v) => v.version)).toEqual([1]);
    await t
      .as(w.admin.token)
      .put('/test/bulk-update', { tests: [{ testId: a, removeLabels: [label.labelId] }] })
      .expect(200);
    expect((await version(a, 3)).content.labels).toEqual([]);
  });

  it('records tests a bulk add or a JUnit import creates as version 1', async () => {
    const added = await t
      .as(w.user.token)
      .post('/test/bulk-add', { projectId: p, tests: [{ title: 'Bulk 1' }, { title: 'Bulk 2', steps: 'x' }] })
      .expect(201);
    const [one, two] = added.body.data.testIds;
    expect((await versions(one))[0]).toMatchObject({ version: 1, changedFields: ['title'] });
    expect((await versions(two))[0]).toMatchObject({ version: 1, changedFields: ['title', 'steps'] });

    const xml = suite('VersionSuite', '<testcase classname="versions.Junit" name="creates"/>');
    await importJUnit(t, w.user.token, { projectId: p, createMissing: true }, xml).expect(201);
    const junit = await t.db.test.findFirstOrThrow({ where: { projectId: p, title: 'creates' } });
    const [entry] = await versions(junit.testId);
    expect(entry).toMatchObject({ version: 1, userId: w.user.userId });
    expect(entry.changedFields).toEqual(expect.arrayContaining(['title', 'automationKey']));
  });

  it('reads a test whose first version is not stored as version 1, and stores that same version at its first change', async () => {
    const at = new Date(Date.UTC(2025, 5, 1, 8));
    const [testId] = await createTests(t.db, p, 1, () => ({
      title: 'Legacy',
      steps: 'Old steps',
      createdBy: w.admin.userId,
      updatedAt: at,
    }));
    const base = {
      version: 1,
      userId: w.admin.userId,
      userName: `Admin ${w.admin.email}`,
      createdAt: at.toISOString(),
      changedFields: ['title', 'steps'],
    };
    expect(await versions(testId)).toEqual([base]);
    expect((await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).expect(200)).body.data.version).toBe(1);
    expect((await version(testId, 1)).content).toMatchObject({ title: 'Legacy', steps: 'Old steps' });
    expect(await t.db.testVersion.count({ where: { testId } })).toBe(0);
    const none = await t.as(w.reader.token).get('/test/version', { projectId: p, testId, version: 2 }).expect(404);
    expect(none.body).toEqual({ error: 'Test version not found', status: 404, code: 'version_not_found' });

    await update(testId, { steps: 'New steps' });
    const list = await versions(testId);
    expect(list).toEqual([expect.objectContaining({ version: 2, userId: w.user.userId, changedFields: ['steps'] }), base]);
    expect(await t.db.testVersion.count({ where: { testId } })).toBe(2);
    expect((await version(testId, 1)).content).toMatchObject({ title: 'Legacy', steps: 'Old steps' });
    expect((await version(testId, 2)).content).toMatchObject({ title: 'Legacy', steps: 'New steps' });
  });

  it('stores no version row when tests are created: their version 1 is read from them until they change', async () => {
    const testId = await create({ title: 'Fresh' });
    expect(await t.db.testVersion.count({ where: { testId } })).toBe(0);
    expect(await versions(testId)).toEqual([expect.objectContaining({ version: 1, userId: w.user.userId, changedFields: ['title'] })]);
    expect((await version(testId, 1)).content).toMatchObject({ title: 'Fresh' });
  });

  it('keeps the content of a legacy test as version 1 alone when its first change changes nothing', async () => {
    const [testId] = await createTests(t.db, p, 1, () => ({ title: 'Legacy same' }));
    await update(testId, { title: 'Legacy same' });
    // Its old content was kept as version 1 (nothing else could tell what it was), and no version 2.
    expect((await versions(testId)).map((v) => v.version)).toEqual([1]);
  });
});

describe('GET /test/versions', () => {
  it('pages newest first with the total, and with version= gives that one with its content', async () => {
    const testId = await create({ title: 'Paged 0' });
    for (let i = 1; i <= 4; i++) await update(testId, { title: `Paged ${i}` });
    const page = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId, limit: 2, offset: 1 }).expect(200);
    expect(page.body.data).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.data.versions.map((v: Entry) => v.version)).toEqual([4, 3]);
    expect(page.body.data.versions[0]).not.toHaveProperty('content');
    const one = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId, version: 2 }).expect(200);
    expect(one.body.data).toMatchObject({ total: 1, versions: [{ version: 2, changedFields: ['title'], content: { title: 'Paged 1' } }] });
  });

  it('answers 304 to a repeat with its ETag, and a new ETag after a change', async () => {
    const testId = await create({ title: 'Etag' });
    const first = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).expect(200);
    const etag = first.headers.etag;
    await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).set('If-None-Match', etag).expect(304);
    await update(testId, { title: 'Etag 2' });
    const after = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).set('If-None-Match', etag).expect(200);
    expect(after.body.data.versions[0].version).toBe(2);
    // A rename of a user the versions name (a sign-in takes the name from the identity provider) moves it too.
    await t.db.user.update({ where: { userId: w.user.userId }, data: { name: 'Renamed User', changeCount: { increment: 1 } } });
    const renamed = await t
      .as(w.reader.token)
      .get('/test/versions', { projectId: p, testId })
      .set('If-None-Match', after.headers.etag)
      .expect(200);
    expect(renamed.body.data.versions[0].userName).toBe('Renamed User');
    await t.db.user.update({ where: { userId: w.user.userId }, data: { name: `User ${w.user.email}`, changeCount: { increment: 1 } } });
  });

  it('404s for a deleted test, a test of another organization, an unknown version; 400 for a bad one', async () => {
    const testId = await create({ title: 'Gone' });
    const [theirs] = await createTests(t.db, w.projectB.projectId, 1);
    const other = await t.as(w.reader.token).get('/test/versions', { projectId: w.projectB.projectId, testId: theirs }).expect(404);
    expect(other.body.code).toBe('project_not_found');
    const mixed = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId: theirs }).expect(404);
    expect(mixed.body).toEqual({ error: 'Test not found', status: 404, code: 'test_not_found' });
    const unknown = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId, version: 7 }).expect(404);
    expect(unknown.body).toEqual({ error: 'Test version not found', status: 404, code: 'version_not_found' });
    const bad = await t.as(w.reader.token).get('/test/version', { projectId: p, testId, version: 0 }).expect(400);
    expect(bad.body.code).toBe('validation_failed');
    await t.as(w.admin.token).delete('/test/delete', { projectId: p, testId }).expect(200);
    const deleted = await t.as(w.reader.token).get('/test/version', { projectId: p, testId, version: 1 }).expect(404);
    expect(deleted.body.code).toBe('test_not_found');
    await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).expect(404);
  });

  it('is read by every role of the organization, and by no one else', async () => {
    const testId = await create({ title: 'Roles' });
    for (const u of [w.reader, w.user, w.admin]) {
      await t.as(u.token).get('/test/versions', { projectId: p, testId }).expect(200);
      await t.as(u.token).get('/test/version', { projectId: p, testId, version: 1 }).expect(200);
    }
    await t.as(w.adminB.token).get('/test/versions', { projectId: p, testId }).expect(404);
    await t.as(w.adminB.token).get('/test/version', { projectId: p, testId, version: 1 }).expect(404);
  });

  it('lists the versions of a test of an inactive project', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const created = await t.as(w.user.token).post('/test/create', { projectId: project.projectId, title: 'Inactive' }).expect(201);
    await t.db.project.update({ where: { projectId: project.projectId }, data: { isActive: false } });
    const res = await t
      .as(w.reader.token)
      .get('/test/versions', { projectId: project.projectId, testId: created.body.data.testId })
      .expect(200);
    expect(res.body.data.total).toBe(1);
  });
});
