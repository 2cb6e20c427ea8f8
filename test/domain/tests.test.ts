import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createSquad, createTests, lookupIds } from '../support/catalog-factories';

let t: TestApp;
let w: World;
let lookups: Awaited<ReturnType<typeof lookupIds>>;
let lookupsB: Awaited<ReturnType<typeof lookupIds>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  lookups = await lookupIds(t.db, w.projectA.projectId);
  lookupsB = await lookupIds(t.db, w.projectB.projectId);
});
afterAll(() => t.close());

const testCount = () => t.db.test.count();

describe('POST /test/create', () => {
  it('creates a test with every field, ids of its own project and labels as ids', async () => {
    const p = w.projectA.projectId;
    const section = await createSection(t.db, p, 'Auth');
    const squad = await createSquad(t.db, p, 'Core');
    const [l1, l2] = [await createLabel(t.db, p, 'smoke'), await createLabel(t.db, p, 'login')];
    const body = {
      projectId: p,
      title: '  Login works  ',
      testDescription: 'd',
      preconditions: 'pre',
      steps: 's',
      expectedResult: 'ok',
      sectionId: section.sectionId,
      priorityId: lookups.priority.High,
      typeId: lookups.type.Smoke,
      automationStatusId: lookups.automation_status.Automated,
      platformId: lookups.platform.Web,
      testCoveredById: lookups.test_covered_by.E2E,
      squadId: squad.squadId,
      automationKey: 'LoginTest.works',
      labels: [l2.labelId, l1.labelId, l2.labelId],
    };
    const res = await t.as(w.user.token).post('/test/create', body).expect(201);
    expect(res.body.status).toBe(201);
    const { projectId, title: _title, labels: _labels, ...rest } = body;
    expect(res.body.data).toEqual({
      testId: expect.any(Number),
      projectId,
      title: 'Login works',
      ...rest,
      labels: [l1.labelId, l2.labelId].sort((a, b) => a - b),
      customFields: {},
      version: 1,
      createdBy: w.user.userId,
      updatedBy: w.user.userId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      attachmentCount: 0,
    });
    const details = await t.as(w.reader.token).get('/test/details', { testId: res.body.data.testId, projectId: p }).expect(200);
    expect(details.body.data).toEqual(res.body.data);
  });

  it('needs only a title; the other fields are null and labels empty', async () => {
    const res = await t.as(w.admin.token).post('/test/create', { projectId: w.projectA.projectId, title: 'Bare' }).expect(201);
    expect(res.body.data).toMatchObject({
      title: 'Bare',
      sectionId: null,
      priorityId: null,
      squadId: null,
      labels: [],
      testDescription: null,
    });
  });

  it('is refused to a Reader with 403 and writes nothing', async () => {
    const before = await testCount();
    const res = await t.as(w.reader.token).post('/test/create', { projectId: w.projectA.projectId, title: 'No' }).expect(403);
    expect(res.body).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
    expect(await testCount()).toBe(before);
  });

  it.each([
    [{ title: 'x' }, 'projectId: Required'],
    [{ projectId: 1 }, 'title: Required'],
    [{ projectId: 1, title: '   ' }, 'title: Must not be empty'],
    [{ projectId: 1, title: 'x', priorityId: 'high' }, 'priorityId: Expected number'],
    [{ projectId: 1, title: 'x', labels: [0] }, 'labels.0: Expected a positive integer'],
    [{ projectId: 1, title: 'x', name: 'typo' }, 'Unknown field(s): name'],
  ])('rejects %j with 400 naming the field', async (body, message) => {
    const before = await testCount();
    const res = await t.as(w.user.token).post('/test/create', body).expect(400);
    expect(res.body.error).toContain(message);
    expect(await testCount()).toBe(before);
  });

  it('rejects ids of another project with 400 naming each field, writing nothing', async () => {
    const pB = w.projectB.projectId;
    const sectionB = await createSection(t.db, pB, 'B');
    const labelB = await createLabel(t.db, pB, 'b-label');
    const squadB = await createSquad(t.db, pB, 'b-squad');
    const before = await testCount();
    const res = await t
      .as(w.user.token)
      .post('/test/create', {
        projectId: w.projectA.projectId,
        title: 'x',
        sectionId: sectionB.sectionId,
        priorityId: lookupsB.priority.High,
        squadId: squadB.squadId,
        labels: [labelB.labelId],
        platformId: 999999,
      })
      .expect(400);
    expect(res.body.error).toBe(
      'Invalid request: priorityId: Not a priority of this project; platformId: Not a platform of this project; ' +
        'sectionId: Not a section of this project; squadId: Not a squad of this project; labels.0: Not a label of this project',
    );
    expect(await testCount()).toBe(before);
  });

  it('rejects a lookup entry of the wrong kind', async () => {
    const res = await t
      .as(w.user.token)
      .post('/test/create', { projectId: w.projectA.projectId, title: 'x', priorityId: lookups.type.Smoke })
      .expect(400);
    expect(res.body.error).toBe('Invalid request: priorityId: Not a priority of this project');
  });

  it("answers 404 for another organization's project", async () => {
    const res = await t.as(w.user.token).post('/test/create', { projectId: w.projectB.projectId, title: 'x' }).expect(404);
    expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
  });

  it('answers 409 in an inactive project', async () => {
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const res = await t.as(w.user.token).post('/test/create', { projectId: inactive.projectId, title: 'x' }).expect(409);
    expect(res.body).toEqual({ error: 'Project is inactive', status: 409, code: 'project_inactive' });
    expect(await t.db.test.count({ where: { projectId: inactive.projectId } })).toBe(0);
  });
});

describe('GET /test/details', () => {
  it('answers 404 for a test of another organization, or of another project', async () => {
    const [testB] = await createTests(t.db, w.projectB.projectId, 1);
    const asB = await t.as(w.reader.token).get('/test/details', { testId: testB, projectId: w.projectB.projectId }).expect(404);
    expect(asB.body.error).toBe('Project not found');
    const wrongProject = await t.as(w.reader.token).get('/test/details', { testId: testB, projectId: w.projectA.projectId }).expect(404);
    expect(wrongProject.body.error).toBe('Test not found');
  });

  it('rejects a missing or malformed testId with 400', async () => {
    const res = await t.as(w.reader.token).get('/test/details', { testId: '1x', projectId: w.projectA.projectId }).expect(400);
    expect(res.body.error).toContain('testId');
  });
});

describe('PUT /test/update', () => {
  it('changes only the given fields; null clears; labels are replaced', async () => {
    const p = w.projectA.projectId;
    const [a, b, c] = [await createLabel(t.db, p, 'u-a'), await createLabel(t.db, p, 'u-b'), await createLabel(t.db, p, 'u-c')];
    const created = await t
      .as(w.user.token)
      .post('/test/create', {
        projectId: p,
        title: 'Original',
        steps: 'keep',
        priorityId: lookups.priority.Low,
        typeId: lookups.type.Functional,
        labels: [a.labelId, b.labelId],
      })
      .expect(201);
    const testId = created.body.data.testId;
    const res = await t
      .as(w.user.token)
      .put('/test/update', {
        testId,
        title: 'Changed',
        priorityId: lookups.priority.Critical,
        typeId: null,
        labels: [c.labelId],
      })
      .expect(200);
    expect(res.body.data).toMatchObject({
      testId,
      title: 'Changed',
      steps: 'keep',
      priorityId: lookups.priority.Critical,
      typeId: null,
      labels: [c.labelId],
      createdBy: w.user.userId,
    });
    expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.body.data.updatedAt).getTime());
    const untouchedLabels = await t.as(w.user.token).put('/test/update', { testId, steps: 'new' }).expect(200);
    expect(untouchedLabels.body.data).toMatchObject({ steps: 'new', labels: [c.labelId], title: 'Changed' });
    const cleared = await t.as(w.user.token).put('/test/update', { testId, labels: [] }).expect(200);
    expect(cleared.body.data.labels).toEqual([]);
  });

  it('refuses a Reader (403), bad input (400), foreign ids (400, unchanged)', async () => {
    const [id] = await createTests(t.db, w.projectA.projectId, 1, () => ({ title: 'Stable' }));
    await t.as(w.reader.token).put('/test/update', { testId: id, title: 'x' }).expect(403);
    const blank = await t.as(w.user.token).put('/test/update', { testId: id, title: '' }).expect(400);
    expect(blank.body.error).toBe('Invalid request: title: Must not be empty');
    const moved = await t
      .as(w.user.token)
      .put('/test/update', { testId: id, sectionId: (await createSection(t.db, w.projectB.projectId, 'Bx')).sectionId })
      .expect(400);
    expect(moved.body.error).toBe('Invalid request: sectionId: Not a section of this project');
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: id } })).title).toBe('Stable');
  });

  it("answers 404 for another organization's test, a deleted test and a wrong projectId scope", async () => {
    const [testB] = await createTests(t.db, w.projectB.projectId, 1, () => ({ title: 'B-owned' }));
    const res = await t.as(w.admin.token).put('/test/update', { testId: testB, title: 'hijack' }).expect(404);
    expect(res.body).toEqual({ error: 'Test not found', status: 404, code: 'test_not_found' });
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: testB } })).title).toBe('B-owned');
    const [gone] = await createTests(t.db, w.projectA.projectId, 1, () => ({ deletedAt: new Date() }));
    await t.as(w.user.token).put('/test/update', { testId: gone, title: 'x' }).expect(404);
    const [mine] = await createTests(t.db, w.projectA.projectId, 1);
    const other = await createProject(t.db, w.orgA.orgId);
    await t.as(w.user.token).put('/test/update', { testId: mine, projectId: other.projectId, title: 'x' }).expect(404);
    await t.as(w.user.token).put('/test/update', { testId: mine, projectId: w.projectA.projectId, title: 'scoped' }).expect(200);
  });

  it('answers 409 in an inactive project', async () => {
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const [id] = await createTests(t.db, inactive.projectId, 1, () => ({ title: 'Frozen' }));
    const res = await t.as(w.user.token).put('/test/update', { testId: id, title: 'x' }).expect(409);
    expect(res.body.error).toBe('Project is inactive');
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: id } })).title).toBe('Frozen');
  });
});

describe('DELETE /test/delete', () => {
  it('lets only an Admin delete; the test leaves the catalog but stays in runs', async () => {
    const p = w.projectA.projectId;
    const [id] = await createTests(t.db, p, 1);
    const run = await t.db.run.create({
      data: { projectId: p, runName: 'keeps it', tests: { create: [{ testId: id, status: 'passed' }] } },
    });
    await t.as(w.reader.token).delete('/test/delete', { testId: id, projectId: p }).expect(403);
    await t.as(w.user.token).delete('/test/delete', { testId: id, projectId: p }).expect(403);
    const res = await t.as(w.admin.token).delete('/test/delete', { testId: id, projectId: p }).expect(200);
    expect(res.body.data).toEqual({ testId: id, deleted: true });
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: id } })).deletedAt).toBeInstanceOf(Date);
    expect(await t.db.runTest.findUnique({ where: { runId_testId: { runId: run.runId, testId: id } } })).toMatchObject({
      status: 'passed',
    });
    await t.as(w.reader.token).get('/test/details', { testId: id, projectId: p }).expect(404);
    const list = await t.as(w.reader.token).get('/project/tests', { projectId: p, limit: 1000 }).expect(200);
    expect(list.body.data.tests.map((x: { testId: number }) => x.testId)).not.toContain(id);
    const again = await t.as(w.admin.token).delete('/test/delete', { testId: id, projectId: p }).expect(404);
    expect(again.body.code).toBe('test_deleted');
    expect(again.body.error).toMatch(new RegExp(`^Test ${id} \\(deleted at \\d{4}-.+\\) not found$`));
  });

  it("answers 404 for another organization's test, 400 without projectId, 409 when inactive", async () => {
    const [testB] = await createTests(t.db, w.projectB.projectId, 1);
    await t.as(w.admin.token).delete('/test/delete', { testId: testB, projectId: w.projectB.projectId }).expect(404);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: testB } })).deletedAt).toBeNull();
    const missing = await t.as(w.admin.token).delete('/test/delete', { testId: testB }).expect(400);
    expect(missing.body.error).toBe('Invalid request: projectId: Required');
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const [id] = await createTests(t.db, inactive.projectId, 1);
    await t.as(w.admin.token).delete('/test/delete', { testId: id, projectId: inactive.projectId }).expect(409);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: id } })).deletedAt).toBeNull();
  });
});
