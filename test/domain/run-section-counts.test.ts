import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// GET /run/section-counts: a report's per-section summary without reading every row.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const zero = { passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 };

it('counts each status per section in tree order, unsectioned first, and keeps lock-time sections', async () => {
  const p = w.projectA.projectId;
  const b = await createSection(t.db, p, 'B');
  const a = await createSection(t.db, p, 'A');
  const a1 = await createSection(t.db, p, 'A1', a.sectionId);
  const [t1, t2, t3, t4, t5] = await createTests(
    t.db,
    p,
    5,
    (i) => [{ sectionId: a1.sectionId }, { sectionId: a1.sectionId }, { sectionId: b.sectionId }, {}, { sectionId: a.sectionId }][i],
  );
  const run = await startRun(t, w.user.token, p, [t1, t2, t3, t4, t5]);
  const q = { runId: run.runId, projectId: p };
  const user = t.as(w.user.token);
  await user
    .put('/run/update-test-status', {
      ...q,
      testResults: [
        { testId: t1, status: 'passed' },
        { testId: t2, status: 'failed' },
        { testId: t3, status: 'blocked' },
        { testId: t4, status: 'retest' },
      ],
    })
    .expect(200);

  const expected = [
    { sectionId: null, sectionPath: null, ...zero, total: 1, retest: 1 },
    { sectionId: a.sectionId, sectionPath: 'A', ...zero, total: 1, untested: 1 },
    { sectionId: a1.sectionId, sectionPath: 'A > A1', ...zero, total: 2, passed: 1, failed: 1 },
    { sectionId: b.sectionId, sectionPath: 'B', ...zero, total: 1, blocked: 1 },
  ];
  const reader = t.as(w.reader.token);
  expect((await reader.get('/run/section-counts', q).expect(200)).body).toEqual({ data: expected, status: 200 });

  // Locked: the catalog moving a test does not move it in the run's summary.
  await user.put('/run/lock', q).expect(200);
  await user.put('/test/update', { testId: t3, sectionId: a.sectionId }).expect(200);
  expect((await reader.get('/run/section-counts', q).expect(200)).body.data).toEqual(expected);
});

it('answers 404 for a run of another organization and 400 for a bad id', async () => {
  const run = await startRun(t, w.user.token, w.projectA.projectId, await createTests(t.db, w.projectA.projectId, 1));
  const q = { runId: run.runId, projectId: w.projectA.projectId };
  expect((await t.as(w.adminB.token).get('/run/section-counts', q).expect(404)).body).toEqual({
    error: 'Project not found',
    status: 404,
    code: 'project_not_found',
  });
  expect(
    (
      await t
        .as(w.reader.token)
        .get('/run/section-counts', { ...q, runId: run.runId + 1000 })
        .expect(404)
    ).body,
  ).toEqual({ error: 'Run not found', status: 404, code: 'run_not_found' });
  expect((await t.as(w.reader.token).get('/run/section-counts', { projectId: q.projectId, runId: 'x' }).expect(400)).body.error).toMatch(
    /runId/,
  );
});
