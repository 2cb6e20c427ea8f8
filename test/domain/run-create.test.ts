import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createLabel, createManyTests, createSection, createTests, labelTests, lookupIds } from '../support/catalog-factories';
import { countedStatuses } from '../support/run-factories';

// POST /run/create at real size (up to 100,000 tests) and by selection instead of ids.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

async function runTestIds(runId: number) {
  return (await t.db.runTest.findMany({ where: { runId }, orderBy: { testId: 'asc' } })).map((r) => r.testId);
}

/** Creates a run by the given choice of tests and answers its id, checking counters and first history entries. */
async function createBy(projectId: number, choice: Record<string, unknown>) {
  const res = await t
    .as(w.user.token)
    .post('/run/create', { projectId, runName: 'Selected', ...choice })
    .expect(201);
  const run = res.body.data;
  expect(run.statusCounts).toEqual(await countedStatuses(t.db, run.runId));
  expect(await t.db.statusHistory.count({ where: { runId: run.runId, status: 'untested' } })).toBe(run.statusCounts.total);
  return run.runId as number;
}

describe('a run of 100,000 tests', () => {
  it('accepts 100,000 testIds, refuses 100,001 (400), and a selection or addition past 100,000', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const p = project.projectId;
    const ids = await createManyTests(t.db, p, 100_001);

    const res = await t
      .as(w.user.token)
      .post('/run/create', { projectId: p, runName: 'Full regression', testIds: ids.slice(0, 100_000) })
      .expect(201);
    const runId = res.body.data.runId;
    expect(res.body.data.statusCounts).toEqual({ total: 100_000, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 100_000 });
    expect(await countedStatuses(t.db, runId)).toEqual(res.body.data.statusCounts);
    expect(await t.db.statusHistory.count({ where: { runId } })).toBe(100_000);

    const runsBefore = await t.db.run.count();
    const tooMany = await t.as(w.user.token).post('/run/create', { projectId: p, runName: 'x', testIds: ids }).expect(400);
    expect(tooMany.body).toEqual({ error: 'Invalid request: testIds: At most 100000 tests', status: 400, code: 'validation_failed' });
    const allOfThem = await t.as(w.user.token).post('/run/create', { projectId: p, runName: 'x', allTests: true }).expect(400);
    expect(allOfThem.body).toEqual({ error: 'Invalid request: A run holds at most 100000 tests', status: 400, code: 'run_too_large' });
    expect(await t.db.run.count()).toBe(runsBefore);

    const past = await t
      .as(w.user.token)
      .put('/run/add-tests', { runId, projectId: p, testIds: [ids[100_000]] })
      .expect(400);
    expect(past.body.error).toBe('Invalid request: A run holds at most 100000 tests');
    expect(await countedStatuses(t.db, runId)).toMatchObject({ total: 100_000 });
  });
});

describe('POST /run/create by selection', () => {
  // Sections A > B > C and D; labels L1, L2; priorities High and Low; one deleted test in B.
  let p: number;
  let tests: Record<string, number>;
  let s: Record<string, number>;
  let l: Record<string, number>;
  let pr: Record<string, number>;

  beforeAll(async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    p = project.projectId;
    const a = await createSection(t.db, p, 'A');
    const b = await createSection(t.db, p, 'B', a.sectionId);
    const c = await createSection(t.db, p, 'C', b.sectionId);
    const d = await createSection(t.db, p, 'D');
    s = { a: a.sectionId, b: b.sectionId, c: c.sectionId, d: d.sectionId };
    const lookups = await lookupIds(t.db, p);
    pr = { high: lookups.priority.High, low: lookups.priority.Low, web: lookups.platform.Web };
    const [inA, inB, inC, inD, loose, gone] = await createTests(
      t.db,
      p,
      6,
      (i) =>
        [
          { sectionId: s.a, priorityId: pr.high },
          { sectionId: s.b, priorityId: pr.low },
          { sectionId: s.c, priorityId: pr.high },
          { sectionId: s.d, priorityId: pr.high },
          {},
          { sectionId: s.b, priorityId: pr.high, deletedAt: new Date() },
        ][i],
    );
    tests = { inA, inB, inC, inD, loose, gone };
    const l1 = await createLabel(t.db, p, 'L1');
    const l2 = await createLabel(t.db, p, 'L2');
    l = { l1: l1.labelId, l2: l2.labelId };
    await labelTests(t.db, l.l1, [inA, inC, gone]);
    await labelTests(t.db, l.l2, [inD, loose]);
    await createTests(t.db, w.projectA.projectId, 2); // another project's tests are never selected
  });

  it('takes the live tests of sections with their subsections', async () => {
    expect(await runTestIds(await createBy(p, { sectionIds: [s.a] }))).toEqual([tests.inA, tests.inB, tests.inC]);
    expect(await runTestIds(await createBy(p, { sectionIds: [s.b, s.d] }))).toEqual([tests.inB, tests.inC, tests.inD]);
  });

  it('takes the live tests carrying any of the labels', async () => {
    expect(await runTestIds(await createBy(p, { labelIds: [l.l1] }))).toEqual([tests.inA, tests.inC]);
    expect(await runTestIds(await createBy(p, { labelIds: [l.l1, l.l2] }))).toEqual([tests.inA, tests.inC, tests.inD, tests.loose]);
  });

  it('takes the live tests of any of the priorities', async () => {
    expect(await runTestIds(await createBy(p, { priorityIds: [pr.high] }))).toEqual([tests.inA, tests.inC, tests.inD]);
  });

  it('takes every live test of the project with allTests', async () => {
    expect(await runTestIds(await createBy(p, { allTests: true }))).toEqual([tests.inA, tests.inB, tests.inC, tests.inD, tests.loose]);
  });

  it('takes the tests matching every criterion given together', async () => {
    expect(await runTestIds(await createBy(p, { sectionIds: [s.a], labelIds: [l.l1, l.l2] }))).toEqual([tests.inA, tests.inC]);
    expect(await runTestIds(await createBy(p, { sectionIds: [s.a], priorityIds: [pr.low] }))).toEqual([tests.inB]);
  });

  it('refuses a selection matching nothing, and bad choices, with 400, writing nothing', async () => {
    const runsBefore = await t.db.run.count();
    const [foreignSection] = [(await createSection(t.db, w.projectB.projectId, 'Theirs')).sectionId];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sectionIds: [s.d], priorityIds: [pr.low] }, 'Invalid request: no tests match the selection', 'no_matching_tests'],
      [{}, 'testIds: Required, or a selection: sectionIds, labelIds, priorityIds or allTests', 'validation_failed'],
      [
        { testIds: [tests.inA], allTests: true },
        'testIds: Give testIds or a selection (sectionIds, labelIds, priorityIds, allTests), not both',
        'validation_failed',
      ],
      [{ testIds: [tests.inA], labelIds: [l.l1] }, 'not both', 'validation_failed'],
      [{ allTests: true, sectionIds: [s.a] }, 'allTests: Not with sectionIds', 'validation_failed'],
      [{ allTests: false }, 'allTests', 'validation_failed'],
      [{ sectionIds: [] }, 'sectionIds: At least one section', 'validation_failed'],
      [{ sectionIds: [s.a, s.a] }, 'sectionIds.1: Duplicate of sectionIds.0', 'validation_failed'],
      [{ sectionIds: [s.a, foreignSection] }, `sectionIds.1: Section ${foreignSection} is not in the project`, 'invalid_reference'],
      [{ labelIds: [999999] }, 'labelIds.0: Label 999999 is not in the project', 'invalid_reference'],
      [{ priorityIds: [pr.high, pr.web] }, `priorityIds.1: Priority ${pr.web} is not in the project`, 'invalid_reference'],
    ];
    for (const [choice, message, code] of cases) {
      const res = await t.as(w.user.token).post('/run/create', { projectId: p, runName: 'x', ...choice });
      expect({ choice, status: res.status, body: res.body }).toEqual({
        choice,
        status: 400,
        body: { error: expect.stringContaining(message), status: 400, code },
      });
    }
    expect(await t.db.run.count()).toBe(runsBefore);
  });

  it('is 403 for a Reader and 404 for another organization', async () => {
    await t.as(w.reader.token).post('/run/create', { projectId: p, runName: 'x', allTests: true }).expect(403);
    expect((await t.as(w.adminB.token).post('/run/create', { projectId: p, runName: 'x', allTests: true }).expect(404)).body.error).toBe(
      'Project not found',
    );
  });
});
