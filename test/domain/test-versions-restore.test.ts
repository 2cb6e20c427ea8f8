import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createTests, lookupIds } from '../support/catalog-factories';

// PUT /test/restore-version: an old version's content made the test's again, through the update
// every edit takes, recorded as a new version; what no longer exists in the project keeps its
// current value and is named; a restore to the content the test holds writes nothing.

let t: TestApp;
let w: World;
let p: number;
let lk: Awaited<ReturnType<typeof lookupIds>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  lk = await lookupIds(t.db, p);
});
afterAll(() => t.close());

const create = async (body: Record<string, unknown>) =>
  (
    await t
      .as(w.user.token)
      .post('/test/create', { projectId: p, ...body })
      .expect(201)
  ).body.data.testId as number;
const update = (testId: number, body: Record<string, unknown>) =>
  t
    .as(w.user.token)
    .put('/test/update', { testId, ...body })
    .expect(200);
const restore = (testId: number, version: number, token = w.user.token) =>
  t.as(token).put('/test/restore-version', { projectId: p, testId, version });
const content = async (testId: number, version: number) =>
  (await t.as(w.reader.token).get('/test/version', { projectId: p, testId, version }).expect(200)).body.data.content;
const rowOf = (testId: number) => t.db.test.findUniqueOrThrow({ where: { testId } });

describe('PUT /test/restore-version', () => {
  it('makes the test as it was, recorded as a new version equal to the old one', async () => {
    const label = await createLabel(t.db, p, 'r-smoke');
    const testId = await create({
      title: 'Restore me',
      steps: [{ action: 'Open' }],
      priorityId: lk.priority.High,
      labels: [label.labelId],
    });
    await update(testId, { title: 'Changed', steps: 'text now', priorityId: null, labels: [], expectedResult: 'x' });
    const res = await restore(testId, 1, w.admin.token).expect(200);
    expect(res.body.data).toMatchObject({ restoredFrom: 1, recorded: true, notRestored: [] });
    expect(res.body.data.test).toMatchObject({
      testId,
      title: 'Restore me',
      steps: [{ action: 'Open' }],
      priorityId: lk.priority.High,
      labels: [label.labelId],
      expectedResult: null,
      version: 3,
      updatedBy: w.admin.userId,
    });
    expect(await content(testId, 3)).toEqual(await content(testId, 1));
    const list = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).expect(200);
    expect(list.body.data.versions[0]).toMatchObject({
      version: 3,
      userId: w.admin.userId,
      changedFields: ['title', 'steps', 'expectedResult', 'priorityId', 'labels'],
    });
  });

  it('records nothing, and says so, when the test already holds that content', async () => {
    const testId = await create({ title: 'Same' });
    await update(testId, { title: 'Other' });
    await update(testId, { title: 'Same' });
    const before = await rowOf(testId);
    const res = await restore(testId, 1).expect(200);
    expect(res.body.data).toMatchObject({ restoredFrom: 1, recorded: false, notRestored: [], test: { version: 3, title: 'Same' } });
    const after = await rowOf(testId);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.version).toBe(3);
  });

  it('restores what still exists and names what no longer does, keeping its current value', async () => {
    const [gone, kept] = [await createSection(t.db, p, 'Gone'), await createSection(t.db, p, 'Kept')];
    const [oldLabel, liveLabel] = [await createLabel(t.db, p, 'r-old'), await createLabel(t.db, p, 'r-live')];
    const testId = await create({ title: 'Old', sectionId: gone.sectionId, labels: [oldLabel.labelId, liveLabel.labelId] });
    await update(testId, { title: 'New', sectionId: kept.sectionId, labels: [] });
    await t.as(w.admin.token).delete('/project/delete-section', { sectionId: gone.sectionId }).expect(200);
    await t.db.label.delete({ where: { labelId: oldLabel.labelId } });

    const res = await restore(testId, 1).expect(200);
    expect(res.body.data.recorded).toBe(true);
    expect(res.body.data.notRestored).toEqual([
      { field: 'sectionId', reason: `Section (id ${gone.sectionId}) no longer exists in the project; the current value is kept` },
      { field: 'labels', reason: `A label deleted since (id ${oldLabel.labelId}) is left out` },
    ]);
    expect(res.body.data.test).toMatchObject({ title: 'Old', sectionId: kept.sectionId, labels: [liveLabel.labelId] });
  });

  it('restores shared steps that still exist by reference, and deleted ones as the steps they held', async () => {
    const live = await t.db.sharedSteps.create({ data: { projectId: p, name: 'Log in', steps: [{ action: 'Sign in' }] } });
    const doomed = await t.db.sharedSteps.create({ data: { projectId: p, name: 'Pay', steps: [{ action: 'Card', expected: 'Paid' }] } });
    const testId = await create({
      title: 'Shared',
      steps: [{ sharedStepsId: live.sharedStepsId }, { sharedStepsId: doomed.sharedStepsId }, { action: 'Leave', data: 'now' }],
    });
    await update(testId, { steps: 'plain' });
    await t.db.sharedSteps.delete({ where: { sharedStepsId: doomed.sharedStepsId } });

    const res = await restore(testId, 1).expect(200);
    expect(res.body.data.notRestored).toEqual([
      { field: 'steps.1', reason: `Shared steps "Pay" (id ${doomed.sharedStepsId}) no longer exist; restored as the 1 step(s) they held` },
    ]);
    const row = await rowOf(testId);
    expect(row.stepList).toEqual([
      { sharedStepsId: live.sharedStepsId },
      { action: 'Card', expected: 'Paid' },
      { action: 'Leave', data: 'now' },
    ]);
    expect(res.body.data.test.steps).toEqual([
      { sharedStepsId: live.sharedStepsId, name: 'Log in', steps: [{ action: 'Sign in' }] },
      { action: 'Card', expected: 'Paid' },
      { action: 'Leave', data: 'now' },
    ]);
  });

  it('restores custom field values whose field and option still exist, and clears values the version did not hold', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const q = project.projectId;
    const field = (fieldKey: string, type: 'text' | 'select' | 'multiselect', options: string[] = []) =>
      t.db.customField.create({ data: { projectId: q, fieldKey, fieldName: fieldKey, type, appliesTo: 'test', options } });
    await field('component', 'select', ['Cart', 'Pay']);
    await field('tags', 'multiselect', ['a', 'b']);
    const note = await field('note', 'text');
    await field('owner', 'text');
    const created = await t
      .as(w.user.token)
      .post('/test/create', { projectId: q, title: 'Fields', customFields: { component: 'Cart', tags: ['a', 'b'], note: 'n' } })
      .expect(201);
    const testId = created.body.data.testId;
    await t
      .as(w.user.token)
      .put('/test/update', { testId, customFields: { component: 'Pay', tags: null, note: null, owner: 'me' } })
      .expect(200);
    await t.db.customField.delete({ where: { fieldId: note.fieldId } });
    await t.db.customField.update({ where: { projectId_fieldKey: { projectId: q, fieldKey: 'tags' } }, data: { options: ['a'] } });

    const res = await t.as(w.user.token).put('/test/restore-version', { projectId: q, testId, version: 1 }).expect(200);
    expect(res.body.data.notRestored).toEqual([
      { field: 'customFields.note', reason: 'The field no longer exists in the project' },
      { field: 'customFields.tags', reason: 'No longer options, left out: "b"' },
    ]);
    expect(res.body.data.test.customFields).toEqual({ component: 'Cart', tags: ['a'] });
  });

  it('keeps the current automation key when another test took the old one', async () => {
    const testId = await create({ title: 'Keyed', automationKey: 'restore.key' });
    await update(testId, { automationKey: 'restore.key2' });
    await create({ title: 'Thief', automationKey: 'restore.key' });
    const res = await restore(testId, 1).expect(200);
    expect(res.body.data.notRestored).toEqual([
      { field: 'automationKey', reason: 'Another test of the project now holds "restore.key"; the current key is kept' },
    ]);
    expect(res.body.data.test.automationKey).toBe('restore.key2');
    expect(res.body.data.recorded).toBe(false);
  });

  it('is refused to a Reader (403) and to another organization (404), writing nothing', async () => {
    const testId = await create({ title: 'Guarded' });
    await update(testId, { title: 'Guarded 2' });
    const reader = await restore(testId, 1, w.reader.token).expect(403);
    expect(reader.body.code).toBe('forbidden');
    const other = await restore(testId, 1, w.adminB.token).expect(404);
    expect(other.body.code).toBe('test_not_found');
    const [theirs] = await createTests(t.db, w.projectB.projectId, 1);
    const foreign = await restore(theirs, 1).expect(404);
    expect(foreign.body).toEqual({ error: 'Test not found', status: 404, code: 'test_not_found' });
    expect((await rowOf(testId)).version).toBe(2);
    await restore(testId, 1, w.user.token).expect(200);
  });

  it('404s for an unknown version or a deleted test, 400s for bad input, 409s in an inactive project', async () => {
    const testId = await create({ title: 'Edges' });
    const unknown = await restore(testId, 5).expect(404);
    expect(unknown.body).toEqual({ error: 'Test version not found', status: 404, code: 'version_not_found' });
    const bad = await t.as(w.user.token).put('/test/restore-version', { projectId: p, testId, version: 0 }).expect(400);
    expect(bad.body.code).toBe('validation_failed');
    const extra = await t.as(w.user.token).put('/test/restore-version', { projectId: p, testId, version: 1, title: 'x' }).expect(400);
    expect(extra.body.code).toBe('validation_failed');
    // Nothing written: the test is still at its first version, which is not even stored yet.
    expect((await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).expect(200)).body.data.version).toBe(1);
    expect(await t.db.testVersion.count({ where: { testId } })).toBe(0);

    await t.as(w.admin.token).delete('/test/delete', { projectId: p, testId }).expect(200);
    expect((await restore(testId, 1).expect(404)).body.code).toBe('test_not_found');

    const project = await createProject(t.db, w.orgA.orgId);
    const created = await t.as(w.user.token).post('/test/create', { projectId: project.projectId, title: 'Frozen' }).expect(201);
    await t.db.project.update({ where: { projectId: project.projectId }, data: { isActive: false } });
    const frozen = await t
      .as(w.user.token)
      .put('/test/restore-version', { projectId: project.projectId, testId: created.body.data.testId, version: 1 })
      .expect(409);
    expect(frozen.body).toEqual({ error: 'Project is inactive', status: 409, code: 'project_inactive' });
  });

  it('moves the ETag of the test and its versions', async () => {
    const testId = await create({ title: 'Tagged' });
    await update(testId, { title: 'Tagged 2' });
    const details = await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).expect(200);
    const versions = await t.as(w.reader.token).get('/test/versions', { projectId: p, testId }).expect(200);
    await restore(testId, 1).expect(200);
    await t.as(w.reader.token).get('/test/details', { projectId: p, testId }).set('If-None-Match', details.headers.etag).expect(200);
    const after = await t
      .as(w.reader.token)
      .get('/test/versions', { projectId: p, testId })
      .set('If-None-Match', versions.headers.etag)
      .expect(200);
    expect(after.body.data.total).toBe(3);
  });
});
