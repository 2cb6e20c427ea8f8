import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSection, createTests, lookupIds } from '../support/catalog-factories';

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

const catalogSize = (projectId = p) => t.db.test.count({ where: { projectId, deletedAt: null } });

describe('POST /test/bulk-add', () => {
  it('adds 5000 tests in one call, ids in the order given, with labels', async () => {
    const label = await createLabel(t.db, p, 'bulk');
    const before = await catalogSize();
    const tests = Array.from({ length: 5000 }, (_, i) => ({
      title: `Bulk ${i}`,
      priorityId: lk.priority.Medium,
      ...(i % 1000 === 0 ? { labels: [label.labelId] } : {}),
    }));
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests }).expect(201);
    expect(res.body.data.count).toBe(5000);
    expect(res.body.data.testIds).toHaveLength(5000);
    expect(await catalogSize()).toBe(before + 5000);
    const [first, last] = [res.body.data.testIds[0], res.body.data.testIds[4999]];
    expect(await t.db.test.findUniqueOrThrow({ where: { testId: first } })).toMatchObject({
      title: 'Bulk 0',
      createdBy: w.user.userId,
      priorityId: lk.priority.Medium,
    });
    expect(await t.db.test.findUniqueOrThrow({ where: { testId: last } })).toMatchObject({ title: 'Bulk 4999' });
    expect(await t.db.testLabel.count({ where: { labelId: label.labelId } })).toBe(5);
  });

  it('writes nothing when one item is invalid, naming its index and field', async () => {
    const before = await catalogSize();
    const tests = Array.from({ length: 50 }, (_, i) => ({ title: `Ok ${i}` }));
    const missingTitle = [...tests.slice(0, 3), { testDescription: 'no title' }, ...tests.slice(3)];
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests: missingTitle }).expect(400);
    expect(res.body).toEqual({ error: 'Invalid request: tests.3.title: Required', status: 400, code: 'validation_failed' });
    const foreignSection = (await createSection(t.db, w.projectB.projectId, 'B')).sectionId;
    const withForeign = tests.map((x, i) => (i === 7 ? { ...x, sectionId: foreignSection } : x));
    const res2 = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests: withForeign }).expect(400);
    expect(res2.body.error).toBe('Invalid request: tests.7.sectionId: Not a section of this project');
    const otherProject = tests.map((x, i) => (i === 2 ? { ...x, projectId: w.projectB.projectId } : x));
    const res3 = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests: otherProject }).expect(400);
    expect(res3.body.error).toBe('Invalid request: tests.2.projectId: Must be the projectId of the request');
    expect(await catalogSize()).toBe(before);
  });

  it('refuses 5001 tests and an empty list with 400', async () => {
    const before = await catalogSize();
    const tests = Array.from({ length: 5001 }, (_, i) => ({ title: `Too many ${i}` }));
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests }).expect(400);
    expect(res.body.error).toBe('Invalid request: tests: At most 5000 tests');
    const empty = await t.as(w.user.token).post('/test/bulk-add', { projectId: p, tests: [] }).expect(400);
    expect(empty.body.error).toBe('Invalid request: tests: At least one test');
    expect(await catalogSize()).toBe(before);
  });

  it('refuses a Reader (403), another organization (404), an inactive project (409)', async () => {
    const tests = [{ title: 'x' }];
    await t.as(w.reader.token).post('/test/bulk-add', { projectId: p, tests }).expect(403);
    const foreign = await t.as(w.user.token).post('/test/bulk-add', { projectId: w.projectB.projectId, tests }).expect(404);
    expect(foreign.body.error).toBe('Project not found');
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId: inactive.projectId, tests }).expect(409);
    expect(res.body.error).toBe('Project is inactive');
    expect(await catalogSize(w.projectB.projectId)).toBe(0);
    expect(await catalogSize(inactive.projectId)).toBe(0);
  });
});

describe('PUT /test/bulk-update', () => {
  it('applies partial changes per item in one call', async () => {
    const [a, b, c] = await createTests(t.db, p, 3, (i) => ({ title: `Upd ${i}`, typeId: lk.type.Smoke }));
    const label = await createLabel(t.db, p, 'upd');
    const res = await t
      .as(w.user.token)
      .put('/test/bulk-update', {
        tests: [
          { testId: a, title: 'A2' },
          { testId: b, typeId: null, labels: [label.labelId] },
          { testId: c, priorityId: lk.priority.Low, steps: 'step' },
        ],
      })
      .expect(200);
    expect(res.body.data).toEqual({ testIds: [a, b, c], count: 3 });
    const rows = await t.db.test.findMany({ where: { testId: { in: [a, b, c] } }, orderBy: { testId: 'asc' }, include: { labels: true } });
    expect(rows.map((r) => [r.title, r.typeId, r.priorityId, r.steps, r.labels.map((l) => l.labelId)])).toEqual([
      ['A2', lk.type.Smoke, null, null, []],
      ['Upd 1', null, null, null, [label.labelId]],
      ['Upd 2', lk.type.Smoke, lk.priority.Low, 'step', []],
    ]);
  });

  it('updates 5000 tests in one call', async () => {
    const ids = await createTests(t.db, p, 5000, () => ({}), 'Mass');
    const tests = ids.map((testId) => ({ testId, automationStatusId: lk.automation_status.Automated }));
    await t.as(w.user.token).put('/test/bulk-update', { projectId: p, tests }).expect(200);
    expect(await t.db.test.count({ where: { testId: { in: ids }, automationStatusId: lk.automation_status.Automated } })).toBe(5000);
  });

  it('writes nothing when one item is invalid, unknown, foreign or repeated', async () => {
    const [a, b] = await createTests(t.db, p, 2, () => ({ title: 'Keep' }));
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    const cases: [unknown[], string][] = [
      [
        [
          { testId: a, title: 'x' },
          { testId: b, title: '' },
        ],
        'tests.1.title: Must not be empty',
      ],
      [
        [
          { testId: a, title: 'x' },
          { testId: b, priorityId: lk.type.Smoke },
        ],
        'tests.1.priorityId: Not a priority of this project',
      ],
      [
        [
          { testId: a, title: 'x' },
          { testId: foreign, title: 'x' },
        ],
        'tests.1.testId: Test not found',
      ],
      [
        [
          { testId: a, title: 'x' },
          { testId: a, title: 'y' },
        ],
        'tests.1.testId: Duplicate of tests.0.testId',
      ],
      [[{ testId: a, title: 'x', projectId: p }], 'tests.0: Unknown field(s): projectId'],
    ];
    for (const [tests, message] of cases) {
      const res = await t.as(w.user.token).put('/test/bulk-update', { tests }).expect(400);
      expect(res.body.error).toBe(`Invalid request: ${message}`);
    }
    const rows = await t.db.test.findMany({ where: { testId: { in: [a, b] } } });
    expect(rows.map((r) => r.title)).toEqual(['Keep', 'Keep']);
    const wrongScope = await t
      .as(w.user.token)
      .put('/test/bulk-update', { projectId: w.projectB.projectId, tests: [{ testId: a, title: 'x' }] })
      .expect(404);
    expect(wrongScope.body.error).toBe('Project not found');
  });

  it('refuses a Reader (403), an inactive project (409), 5001 items (400)', async () => {
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const [id] = await createTests(t.db, inactive.projectId, 1, () => ({ title: 'Frozen' }));
    await t
      .as(w.reader.token)
      .put('/test/bulk-update', { tests: [{ testId: id, title: 'x' }] })
      .expect(403);
    const res = await t
      .as(w.user.token)
      .put('/test/bulk-update', { tests: [{ testId: id, title: 'x' }] })
      .expect(409);
    expect(res.body.error).toBe('Project is inactive');
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: id } })).title).toBe('Frozen');
    const tooMany = Array.from({ length: 5001 }, (_, i) => ({ testId: i + 1 }));
    const big = await t.as(w.user.token).put('/test/bulk-update', { tests: tooMany }).expect(400);
    expect(big.body.error).toBe('Invalid request: tests: At most 5000 tests');
  });
});

describe('DELETE /test/bulk-delete', () => {
  it('lets only an Admin soft-delete many tests at once', async () => {
    const ids = await createTests(t.db, p, 4);
    await t.as(w.user.token).delete('/test/bulk-delete', { projectId: p, testIds: ids }).expect(403);
    const res = await t.as(w.admin.token).delete('/test/bulk-delete', { projectId: p, testIds: ids }).expect(200);
    expect(res.body.data).toEqual({ testIds: ids, count: 4 });
    expect(await t.db.test.count({ where: { testId: { in: ids }, deletedAt: { not: null } } })).toBe(4);
  });

  it('deletes nothing when one id is unknown, foreign, already deleted or repeated', async () => {
    const [a, b] = await createTests(t.db, p, 2);
    const [gone] = await createTests(t.db, p, 1, () => ({ deletedAt: new Date() }));
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    const cases: [number[], string][] = [
      [[a, foreign], 'testIds.1: Test not found in this project'],
      [[a, b, gone], 'testIds.2: Test not found in this project'],
      [[a, b, a], 'testIds.2: Duplicate of testIds.0'],
    ];
    for (const [testIds, message] of cases) {
      const res = await t.as(w.admin.token).delete('/test/bulk-delete', { projectId: p, testIds }).expect(400);
      expect(res.body.error).toBe(`Invalid request: ${message}`);
    }
    expect(await t.db.test.count({ where: { testId: { in: [a, b, foreign] }, deletedAt: null } })).toBe(3);
    await t
      .as(w.admin.token)
      .delete('/test/bulk-delete', { projectId: w.projectB.projectId, testIds: [foreign] })
      .expect(404);
  });

  it('refuses an inactive project (409) and 5001 ids (400)', async () => {
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const ids = await createTests(t.db, inactive.projectId, 2);
    const res = await t.as(w.admin.token).delete('/test/bulk-delete', { projectId: inactive.projectId, testIds: ids }).expect(409);
    expect(res.body.error).toBe('Project is inactive');
    expect(await catalogSize(inactive.projectId)).toBe(2);
    const big = await t
      .as(w.admin.token)
      .delete('/test/bulk-delete', { projectId: p, testIds: Array.from({ length: 5001 }, (_, i) => i + 1) })
      .expect(400);
    expect(big.body.error).toBe('Invalid request: testIds: At most 5000 tests');
  });
});
