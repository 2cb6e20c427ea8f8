import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';

// Shared steps over HTTP: managed per project, used by tests as one step { sharedStepsId },
// read expanded, an edit giving every test using them a new version, a delete refused while used.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const login = [{ action: 'Open /login' }, { action: 'Sign in', expected: 'The dashboard shows', data: 'admin / secret' }];

async function addShared(projectId: number, name = 'Log in', steps: unknown[] = login) {
  const res = await t.as(w.user.token).post('/project/add-shared-steps', { projectId, name, steps }).expect(201);
  return res.body.data as { sharedStepsId: number; projectId: number; name: string; steps: unknown[] };
}

async function createTest(projectId: number, steps: unknown) {
  const res = await t.as(w.user.token).post('/test/create', { projectId, title: 'Checkout', steps }).expect(201);
  return res.body.data as { testId: number; version: number; steps: unknown };
}

const details = async (projectId: number, testId: number) =>
  (await t.as(w.reader.token).get('/test/details', { projectId, testId }).expect(200)).body.data;

describe('add and list', () => {
  it('adds shared steps, lists them by name with how many live tests use them, for a Reader too', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const shared = await addShared(p);
    expect(shared).toEqual({
      sharedStepsId: expect.any(Number),
      projectId: p,
      name: 'Log in',
      steps: login,
      createdBy: w.user.userId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await addShared(p, 'Add to cart', [{ action: 'Add an item' }]);
    await createTest(p, [{ sharedStepsId: shared.sharedStepsId }, { action: 'Pay' }]);
    const gone = await createTest(p, [{ sharedStepsId: shared.sharedStepsId }]);
    await t.as(w.admin.token).delete('/test/delete', { projectId: p, testId: gone.testId }).expect(200);
    const list = (await t.as(w.reader.token).get('/shared-steps', { projectId: p }).expect(200)).body.data;
    expect(list.map((s: { name: string; testCount: number }) => [s.name, s.testCount])).toEqual([
      ['Add to cart', 0],
      ['Log in', 1],
    ]);
  });

  it('refuses a Reader (403), bad shapes (400 naming the field), another organization (404), writing nothing', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const before = await t.db.sharedSteps.count();
    await t.as(w.reader.token).post('/project/add-shared-steps', { projectId: p, name: 'x', steps: login }).expect(403);
    const bad = await t
      .as(w.user.token)
      .post('/project/add-shared-steps', { projectId: p, name: ' ', steps: [{ expected: 'x' }] })
      .expect(400);
    expect(bad.body.error).toContain('name: Must not be empty');
    expect(bad.body.error).toContain('steps.0.action');
    const none = await t.as(w.user.token).post('/project/add-shared-steps', { projectId: p, name: 'x', steps: [] }).expect(400);
    expect(none.body.error).toContain('steps: At least one step');
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ action: `Step ${i}` }));
    expect(
      (await t.as(w.user.token).post('/project/add-shared-steps', { projectId: p, name: 'x', steps: tooMany }).expect(400)).body.error,
    ).toContain('steps: At most 100 steps');
    // Shared steps hold plain steps only.
    await t
      .as(w.user.token)
      .post('/project/add-shared-steps', { projectId: p, name: 'x', steps: [{ sharedStepsId: 1 }] })
      .expect(400);
    await t.as(w.user.token).post('/project/add-shared-steps', { projectId: w.projectB.projectId, name: 'x', steps: login }).expect(404);
    await t.as(w.reader.token).get('/shared-steps', { projectId: w.projectB.projectId }).expect(404);
    expect(await t.db.sharedSteps.count()).toBe(before);
  });
});

describe('tests using shared steps', () => {
  it('reads a { sharedStepsId } step expanded, on details, lists and both exports', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const shared = await addShared(p);
    const test = await createTest(p, [
      { action: 'Open the shop' },
      { sharedStepsId: shared.sharedStepsId },
      { action: 'Pay', expected: 'Paid' },
    ]);
    const expanded = [
      { action: 'Open the shop' },
      { sharedStepsId: shared.sharedStepsId, name: 'Log in', steps: login },
      { action: 'Pay', expected: 'Paid' },
    ];
    expect(test.steps).toEqual(expanded);
    expect((await details(p, test.testId)).steps).toEqual(expanded);
    const list = (await t.as(w.reader.token).get('/project/tests', { projectId: p }).expect(200)).body.data;
    expect((list.tests ?? list)[0].steps).toEqual(expanded);
    const json = await t.as(w.reader.token).get('/tests/download', { projectId: p, format: 'json' }).expect(200);
    expect(JSON.parse(json.text)[0].steps).toEqual(expanded);
    const csv = await t.as(w.reader.token).get('/tests/download', { projectId: p, format: 'csv' }).expect(200);
    expect(csv.text).toContain(
      '1. Open the shop\n2. Open /login\n3. Sign in\n   Data: admin / secret\n   Expected: The dashboard shows\n4. Pay\n   Expected: Paid',
    );
    // A read step sent back as it is keeps the reference (its name and steps are ignored).
    const again = await t.as(w.user.token).put('/test/update', { projectId: p, testId: test.testId, steps: expanded }).expect(200);
    expect(again.body.data.steps).toEqual(expanded);
    expect((await t.db.test.findUnique({ where: { testId: test.testId } }))!.stepList).toEqual([
      { action: 'Open the shop' },
      { sharedStepsId: shared.sharedStepsId },
      { action: 'Pay', expected: 'Paid' },
    ]);
  });

  it('refuses shared steps of another project on create, update and bulk (400 naming the step), writing nothing', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const other = (await createProject(t.db, w.orgA.orgId)).projectId;
    const foreign = await addShared(other);
    const own = await createTest(p, [{ action: 'Start' }]);
    const count = await t.db.test.count();
    const created = await t
      .as(w.user.token)
      .post('/test/create', { projectId: p, title: 'x', steps: [{ action: 'a' }, { sharedStepsId: foreign.sharedStepsId }] })
      .expect(400);
    expect(created.body).toMatchObject({
      code: 'invalid_reference',
      error: 'Invalid request: steps.1.sharedStepsId: Not shared steps of this project',
    });
    const missing = await t
      .as(w.user.token)
      .post('/test/create', { projectId: p, title: 'x', steps: [{ sharedStepsId: 999999 }] })
      .expect(400);
    expect(missing.body.error).toContain('steps.0.sharedStepsId: Not shared steps of this project');
    const updated = await t
      .as(w.user.token)
      .put('/test/update', { projectId: p, testId: own.testId, steps: [{ sharedStepsId: foreign.sharedStepsId }] })
      .expect(400);
    expect(updated.body.error).toContain('steps.0.sharedStepsId: Not shared steps of this project');
    const bulk = await t
      .as(w.user.token)
      .post('/test/bulk-add', {
        projectId: p,
        tests: [{ title: 'ok' }, { title: 'bad', steps: [{ action: 'a' }, { sharedStepsId: foreign.sharedStepsId }] }],
      })
      .expect(400);
    expect(bulk.body.error).toContain('tests.1.steps.1.sharedStepsId: Not shared steps of this project');
    const bulkUpdate = await t
      .as(w.user.token)
      .put('/test/bulk-update', { projectId: p, tests: [{ testId: own.testId, steps: [{ sharedStepsId: foreign.sharedStepsId }] }] })
      .expect(400);
    expect(bulkUpdate.body.error).toContain('tests.0.steps.0.sharedStepsId: Not shared steps of this project');
    expect(await t.db.test.count()).toBe(count);
    expect((await details(p, own.testId)).steps).toEqual([{ action: 'Start' }]);
  });
});

describe('edit', () => {
  it('renames and replaces the steps; every test using them reads the new steps and gets a new version', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const shared = await addShared(p);
    const a = await createTest(p, [{ sharedStepsId: shared.sharedStepsId }]);
    const b = await createTest(p, [{ action: 'First' }, { sharedStepsId: shared.sharedStepsId }]);
    const untouched = await createTest(p, [{ action: 'Alone' }]);
    const newSteps = [{ action: 'Sign in with SSO', expected: 'Signed in' }];
    const res = await t
      .as(w.admin.token)
      .put('/project/edit-shared-steps', { sharedStepsId: shared.sharedStepsId, name: 'Log in (SSO)', steps: newSteps })
      .expect(200);
    expect(res.body.data).toMatchObject({ sharedStepsId: shared.sharedStepsId, name: 'Log in (SSO)', steps: newSteps, testsChanged: 2 });
    for (const test of [a, b]) {
      const read = await details(p, test.testId);
      expect(read.version).toBe(test.version + 1);
      expect(read.updatedBy).toBe(w.admin.userId);
      expect(read.steps).toContainEqual({ sharedStepsId: shared.sharedStepsId, name: 'Log in (SSO)', steps: newSteps });
      const versions = await t.db.testVersion.findMany({ where: { testId: test.testId }, orderBy: { version: 'asc' } });
      expect(versions.map((v) => [v.version, v.changedFields, v.userId])).toEqual([
        [1, expect.any(Array), w.user.userId],
        [2, ['steps'], w.admin.userId],
      ]);
      expect(JSON.stringify(versions[0].content)).toContain('Open /login');
      expect(JSON.stringify(versions[1].content)).toContain('Sign in with SSO');
    }
    expect((await details(p, untouched.testId)).version).toBe(untouched.version);
    // A name alone changes nothing a test keeps in a version but the shared steps' name it reads.
    const renamed = await t
      .as(w.user.token)
      .put('/project/edit-shared-steps', { sharedStepsId: shared.sharedStepsId, name: 'Sign-in' })
      .expect(200);
    expect(renamed.body.data.steps).toEqual(newSteps);
  });

  it('refuses a Reader (403), nothing to change and bad steps (400), another organization (404), writing nothing', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const shared = await addShared(p);
    const other = (
      await t.as(w.adminB.token).post('/project/add-shared-steps', { projectId: w.projectB.projectId, name: 'B', steps: login }).expect(201)
    ).body.data;
    await t.as(w.reader.token).put('/project/edit-shared-steps', { sharedStepsId: shared.sharedStepsId, name: 'x' }).expect(403);
    expect(
      (await t.as(w.user.token).put('/project/edit-shared-steps', { sharedStepsId: shared.sharedStepsId }).expect(400)).body.error,
    ).toContain('Give a name or steps to change');
    expect(
      (
        await t
          .as(w.user.token)
          .put('/project/edit-shared-steps', { sharedStepsId: shared.sharedStepsId, steps: [{ action: '' }] })
          .expect(400)
      ).body.error,
    ).toContain('steps.0.action');
    const foreign = await t
      .as(w.admin.token)
      .put('/project/edit-shared-steps', { sharedStepsId: other.sharedStepsId, name: 'mine' })
      .expect(404);
    expect(foreign.body).toMatchObject({ status: 404, code: 'shared_steps_not_found' });
    const row = await t.db.sharedSteps.findUnique({ where: { sharedStepsId: shared.sharedStepsId } });
    expect([row!.name, row!.steps]).toEqual(['Log in', login]);
    expect((await t.db.sharedSteps.findUnique({ where: { sharedStepsId: other.sharedStepsId } }))!.name).toBe('B');
  });
});

describe('delete', () => {
  it('refuses while tests use them (409 naming them, capped), deletes once unused; Admin only', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const shared = await addShared(p);
    const users = [];
    for (let i = 0; i < 22; i++) users.push(await createTest(p, [{ sharedStepsId: shared.sharedStepsId }]));
    await t.as(w.user.token).delete('/project/delete-shared-steps', { sharedStepsId: shared.sharedStepsId }).expect(403);
    const refused = await t.as(w.admin.token).delete('/project/delete-shared-steps', { sharedStepsId: shared.sharedStepsId }).expect(409);
    expect(refused.body.code).toBe('in_use');
    expect(refused.body.error).toContain(`Shared steps are used by 22 tests: #${users[0].testId} "Checkout"`);
    expect(refused.body.error).toMatch(/and 2 more$/);
    await t
      .as(w.admin.token)
      .delete('/test/bulk-delete', { projectId: p, testIds: users.map((u) => u.testId) })
      .expect(200);
    expect(
      (await t.as(w.admin.token).delete('/project/delete-shared-steps', { sharedStepsId: shared.sharedStepsId }).expect(200)).body.data,
    ).toEqual({
      sharedStepsId: shared.sharedStepsId,
      deleted: true,
    });
    expect(await t.db.sharedSteps.count({ where: { sharedStepsId: shared.sharedStepsId } })).toBe(0);
    // A deleted test that used them reads them as gone.
    const gone = await t.db.test.findUnique({ where: { testId: users[0].testId } });
    expect(gone!.stepList).toEqual([{ sharedStepsId: shared.sharedStepsId }]);
    await t.as(w.admin.token).delete('/project/delete-shared-steps', { sharedStepsId: shared.sharedStepsId }).expect(404);
    const foreign = (
      await t.as(w.adminB.token).post('/project/add-shared-steps', { projectId: w.projectB.projectId, name: 'B', steps: login }).expect(201)
    ).body.data;
    await t.as(w.admin.token).delete('/project/delete-shared-steps', { sharedStepsId: foreign.sharedStepsId }).expect(404);
  });
});
