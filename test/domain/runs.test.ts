import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { binaryBody, countedStatuses, runSnapshot, startRun } from '../support/run-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const locked = { error: 'Run is locked', status: 423, code: 'run_locked' };

describe('the life of a run', () => {
  it('goes create → results → counts → history → reset → lock → 423 everywhere → reports', async () => {
    const user = t.as(w.user.token);
    const reader = t.as(w.reader.token);
    const p = w.projectA.projectId;
    const ids = await createTests(t.db, p, 5, () => ({}), 'Life');

    const created = await user
      .post('/run/create', { projectId: p, runName: 'Release 1.0', runDescription: 'smoke', testIds: ids })
      .expect(201);
    const run = created.body.data;
    expect(created.body.status).toBe(201);
    expect(run).toMatchObject({
      projectId: p,
      runName: 'Release 1.0',
      runDescription: 'smoke',
      locked: false,
      lockedBy: null,
      lockedAt: null,
      createdBy: w.user.userId,
      statusCounts: { total: 5, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 5 },
    });
    const q = { runId: run.runId, projectId: p };
    expect(await t.db.statusHistory.count({ where: { runId: run.runId, status: 'untested', userId: w.user.userId } })).toBe(5);

    const results = [
      { testId: ids[0], status: 'passed', comment: 'fine' },
      { testId: ids[1], status: 'passed' },
      { testId: ids[2], status: 'failed', comment: 'crashes on save' },
      { testId: ids[3], status: 'blocked', comment: 'env down' },
    ];
    const upd = await user.put('/run/update-test-status', { ...q, testResults: results }).expect(200);
    expect(upd.body).toEqual({ data: { updated: 4 }, status: 200 });

    const state = await reader.get('/run/state-detail', q).expect(200);
    expect(state.body.data).toEqual({
      runId: run.runId,
      locked: false,
      total: 5,
      passed: 2,
      failed: 1,
      blocked: 1,
      retest: 0,
      untested: 1,
    });

    const listed = await reader.get('/run/tests', q).expect(200);
    expect(
      listed.body.data.tests.map((x: { testId: number; status: string; comment: string | null }) => [x.testId, x.status, x.comment]),
    ).toEqual([
      [ids[0], 'passed', 'fine'],
      [ids[1], 'passed', null],
      [ids[2], 'failed', 'crashes on save'],
      [ids[3], 'blocked', 'env down'],
      [ids[4], 'untested', null],
    ]);
    expect(listed.body.data.tests[0]).toMatchObject({
      runId: run.runId,
      projectId: p,
      title: 'Life 0',
      updatedBy: w.user.userId,
      deleted: false,
    });

    const history = await reader.get('/run/test-status-history', { runId: run.runId, testId: ids[2] }).expect(200);
    expect(history.body.data.map((h: { status: string; comment: string | null }) => [h.status, h.comment])).toEqual([
      ['failed', 'crashes on save'],
      ['untested', null],
    ]);
    expect(history.body.data[0]).toMatchObject({
      runId: run.runId,
      projectId: p,
      testId: ids[2],
      userId: w.user.userId,
      userName: expect.stringContaining('User'),
    });

    const reset = await user.put('/run/reset', q).expect(200);
    expect(reset.body.data).toEqual({ reset: 5 });
    const retest = await reader.get('/run/test-status', { ...q, status: 'retest' }).expect(200);
    expect(retest.body.data).toMatchObject({ total: 5, limit: 100, offset: 0 });
    expect(retest.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual(ids);
    expect(retest.body.data.tests.every((x: { comment: string | null }) => x.comment === null)).toBe(true);
    expect((await reader.get('/run/state-detail', q).expect(200)).body.data).toMatchObject({
      total: 5,
      retest: 5,
      passed: 0,
      failed: 0,
      blocked: 0,
      untested: 0,
    });
    const afterReset = await reader.get('/run/test-status-history', { runId: run.runId, testId: ids[2] }).expect(200);
    expect(afterReset.body.data.map((h: { status: string }) => h.status)).toEqual(['retest', 'failed', 'untested']);

    const lock = await user.put('/run/lock', q).expect(200);
    expect(lock.body.data).toMatchObject({ runId: run.runId, locked: true, lockedBy: w.user.userId, lockedAt: expect.any(String) });
    expect(Date.now() - Date.parse(lock.body.data.lockedAt)).toBeLessThan(60_000);

    const before = await runSnapshot(t.db, run.runId);
    const refusals = await Promise.all([
      user.put('/run/edit', { ...q, runName: 'renamed' }),
      user.put('/run/update-test-status', { ...q, testResults: [{ testId: ids[0], status: 'passed' }] }),
      user.put('/run/reset', q),
      user.put('/run/remove-tests', { ...q, testIds: [ids[0]] }),
      user.put('/run/lock', q),
    ]);
    for (const res of refusals) expect([res.status, res.body]).toEqual([423, locked]);
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);

    // Reads and reports still work on a locked run.
    const json = await reader.get('/run/report', q).expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="run-${run.runId}-report.json"`);
    const { runId: _r, locked: isLocked, ...counts } = (await reader.get('/run/state-detail', q)).body.data;
    expect(isLocked).toBe(true);
    expect(json.body.summary).toEqual({ ...counts, passRate: 0, elapsedMs: 0 });
    const html = await reader.get('/run/report', { ...q, format: 'html' }).expect(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.text).toContain('Release 1.0');
    const pdf = await reader
      .get('/run/report', { ...q, format: 'pdf' })
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="run-${run.runId}-report.pdf"`);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('GET /runs and /run/detail', () => {
  it('pages the runs of a project newest first, each with its counts', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const ids = await createTests(t.db, project.projectId, 3);
    const runs = [];
    for (const name of ['first', 'second', 'third'])
      runs.push(await startRun(t, w.user.token, project.projectId, ids.slice(0, runs.length + 1), name));
    const page = await t.as(w.reader.token).get('/runs', { projectId: project.projectId, limit: 2 }).expect(200);
    expect(page.body.data).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.body.data.runs.map((r: { runName: string }) => r.runName)).toEqual(['third', 'second']);
    expect(page.body.data.runs[0].statusCounts).toEqual({ total: 3, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 3 });
    const rest = await t.as(w.reader.token).get('/runs', { projectId: project.projectId, limit: 2, offset: 2 }).expect(200);
    expect(rest.body.data.runs.map((r: { runName: string }) => r.runName)).toEqual(['first']);
    const past = await t.as(w.reader.token).get('/runs', { projectId: project.projectId, offset: 10 }).expect(200);
    expect(past.body.data).toEqual({ runs: [], total: 3, limit: 100, offset: 10 });

    const detail = await t.as(w.reader.token).get('/run/detail', { runId: runs[1].runId, projectId: project.projectId }).expect(200);
    expect(detail.body.data).toMatchObject({
      runId: runs[1].runId,
      runName: 'second',
      locked: false,
      lockedBy: null,
      lockedAt: null,
      statusCounts: { total: 2, untested: 2 },
    });
  });

  it.each([
    [{ projectId: 'x' }, 'projectId'],
    [{}, 'projectId: Required'],
    [{ projectId: 1, limit: 0 }, 'limit'],
    [{ projectId: 1, limit: 1001 }, 'limit'],
    [{ projectId: 1, offset: -1 }, 'offset'],
  ])('GET /runs rejects %j with 400 naming the field', async (query, field) => {
    const res = await t.as(w.reader.token).get('/runs', query).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field), status: 400, code: 'validation_failed' });
  });

  it("answers 404 for another organization's project or run, and for a run of another project", async () => {
    const ids = await createTests(t.db, w.projectB.projectId, 1);
    const runB = await startRun(t, w.adminB.token, w.projectB.projectId, ids);
    const reader = t.as(w.reader.token);
    expect((await reader.get('/runs', { projectId: w.projectB.projectId }).expect(404)).body).toEqual({
      error: 'Project not found',
      status: 404,
      code: 'project_not_found',
    });
    expect((await reader.get('/run/detail', { runId: runB.runId, projectId: w.projectB.projectId }).expect(404)).body.error).toBe(
      'Project not found',
    );
    expect((await reader.get('/run/detail', { runId: runB.runId, projectId: w.projectA.projectId }).expect(404)).body.error).toBe(
      'Run not found',
    );
    expect((await reader.get('/run/state-detail', { runId: runB.runId, projectId: w.projectA.projectId }).expect(404)).body.error).toBe(
      'Run not found',
    );
    expect((await reader.get('/run/test-status-history', { runId: runB.runId, testId: ids[0] }).expect(404)).body.error).toBe(
      'Run not found',
    );
  });
});

describe('GET /run/test-status', () => {
  it('pages the tests of one status (or all) by test id, with the total', async () => {
    const p = w.projectA.projectId;
    const ids = await createTests(t.db, p, 5, () => ({}), 'Paged');
    const run = await startRun(t, w.user.token, p, ids, 'Paged statuses');
    const q = { runId: run.runId, projectId: p };
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [ids[0], ids[2], ids[3]].map((testId) => ({ testId, status: 'failed', comment: `c${testId}` })),
      })
      .expect(200);
    const reader = t.as(w.reader.token);
    const idsOf = (res: { body: { data: { tests: { testId: number }[] } } }) => res.body.data.tests.map((x) => x.testId);

    const first = await reader.get('/run/test-status', { ...q, status: 'failed', limit: 2 }).expect(200);
    expect(first.body.data).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(idsOf(first)).toEqual([ids[0], ids[2]]);
    expect(first.body.data.tests[1]).toMatchObject({ runId: run.runId, status: 'failed', comment: `c${ids[2]}` });
    const next = await reader.get('/run/test-status', { ...q, status: 'failed', limit: 2, offset: 2 }).expect(200);
    expect(idsOf(next)).toEqual([ids[3]]);
    const all = await reader.get('/run/test-status', { ...q, offset: 1, limit: 3 }).expect(200);
    expect(all.body.data).toMatchObject({ total: 5, limit: 3, offset: 1 });
    expect(idsOf(all)).toEqual(ids.slice(1, 4));
    const past = await reader.get('/run/test-status', { ...q, offset: 10 }).expect(200);
    expect(past.body.data).toEqual({ tests: [], total: 5, limit: 100, offset: 10 });
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 1001 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ limit: 'x' }, 'limit'],
  ])('rejects %j with 400 naming the field', async (paging, field) => {
    const res = await t
      .as(w.reader.token)
      .get('/run/test-status', { runId: 1, projectId: w.projectA.projectId, ...paging })
      .expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field), status: 400, code: 'validation_failed' });
  });
});

describe('POST /run/create', () => {
  it('refuses bad test lists with 400 naming the entry, writing nothing', async () => {
    const p = w.projectA.projectId;
    const [a, b, gone] = await createTests(t.db, p, 3);
    await t.db.test.update({ where: { testId: gone }, data: { deletedAt: new Date() } });
    const [foreign] = await createTests(t.db, w.projectB.projectId, 1);
    const runsBefore = await t.db.run.count();
    const cases: [unknown, string][] = [
      [{ projectId: p, runName: 'x', testIds: [] }, 'testIds: At least one test'],
      [{ projectId: p, runName: 'x', testIds: [a, b, a] }, 'testIds.2: Duplicate of testIds.0'],
      [{ projectId: p, runName: 'x', testIds: [a, foreign] }, `testIds.1: Test ${foreign} is not in the project`],
      [{ projectId: p, runName: 'x', testIds: [gone, a] }, `testIds.0: Test ${gone} is not in the project`],
      [{ projectId: p, runName: 'x', testIds: Array.from({ length: 100_001 }, (_, i) => i + 1) }, 'testIds: At most 100000 tests'],
      [{ projectId: p, runName: '  ', testIds: [a] }, 'runName: Must not be empty'],
      [{ projectId: p, testIds: [a] }, 'runName: Required'],
      [{ projectId: p, runName: 'x', testIds: ['1'] }, 'testIds.0: Expected number'],
      [{ projectId: p, runName: 'x', testIds: [a], extra: 1 }, 'Unknown field(s): extra'],
    ];
    for (const [body, message] of cases) {
      const res = await t.as(w.user.token).post('/run/create', body).expect(400);
      expect(res.body.error).toContain(message);
      expect(res.body.error).toMatch(/^Invalid request: /);
    }
    expect(await t.db.run.count()).toBe(runsBefore);
  });

  it('is 403 for a Reader, 404 for another organization, 409 in an inactive project', async () => {
    const [a] = await createTests(t.db, w.projectA.projectId, 1);
    expect(
      (
        await t
          .as(w.reader.token)
          .post('/run/create', { projectId: w.projectA.projectId, runName: 'r', testIds: [a] })
          .expect(403)
      ).body,
    ).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
    expect(
      (
        await t
          .as(w.user.token)
          .post('/run/create', { projectId: w.projectB.projectId, runName: 'r', testIds: [a] })
          .expect(404)
      ).body.error,
    ).toBe('Project not found');
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const [c] = await createTests(t.db, inactive.projectId, 1);
    expect(
      (
        await t
          .as(w.user.token)
          .post('/run/create', { projectId: inactive.projectId, runName: 'r', testIds: [c] })
          .expect(409)
      ).body,
    ).toEqual({ error: 'Project is inactive', status: 409, code: 'project_inactive' });
  });
});

describe('PUT /run/edit, PUT /run/lock, DELETE /run/delete', () => {
  it('edits name and description; Reader 403; other org 404', async () => {
    const ids = await createTests(t.db, w.projectA.projectId, 1);
    const run = await startRun(t, w.user.token, w.projectA.projectId, ids, 'Before');
    const q = { runId: run.runId, projectId: w.projectA.projectId };
    const res = await t
      .as(w.user.token)
      .put('/run/edit', { ...q, runName: ' After ', runDescription: 'new' })
      .expect(200);
    expect(res.body.data).toMatchObject({ runId: run.runId, runName: 'After', runDescription: 'new', statusCounts: { total: 1 } });
    await t
      .as(w.reader.token)
      .put('/run/edit', { ...q, runName: 'x' })
      .expect(403);
    expect(
      (
        await t
          .as(w.adminB.token)
          .put('/run/edit', { ...q, runName: 'x' })
          .expect(404)
      ).body.error,
    ).toBe('Project not found');
    expect(
      (
        await t
          .as(w.user.token)
          .put('/run/edit', { ...q, runName: '' })
          .expect(400)
      ).body.error,
    ).toContain('runName');
    expect((await t.db.run.findUnique({ where: { runId: run.runId } }))?.runName).toBe('After');
  });

  it('lets only a User or above lock, once', async () => {
    const ids = await createTests(t.db, w.projectA.projectId, 1);
    const run = await startRun(t, w.user.token, w.projectA.projectId, ids);
    const q = { runId: run.runId, projectId: w.projectA.projectId };
    await t.as(w.reader.token).put('/run/lock', q).expect(403);
    const res = await t.as(w.admin.token).put('/run/lock', q).expect(200);
    expect(res.body.data).toMatchObject({ locked: true, lockedBy: w.admin.userId });
    expect((await t.as(w.user.token).put('/run/lock', q).expect(423)).body).toEqual(locked);
    const detail = await t.as(w.reader.token).get('/run/detail', q).expect(200);
    expect(detail.body.data).toMatchObject({ locked: true, lockedBy: w.admin.userId, lockedAt: res.body.data.lockedAt });
  });

  it('deletes (Admin only, locked runs too) with results and history', async () => {
    const ids = await createTests(t.db, w.projectA.projectId, 2);
    const run = await startRun(t, w.user.token, w.projectA.projectId, ids);
    const q = { runId: run.runId, projectId: w.projectA.projectId };
    await t.as(w.user.token).put('/run/lock', q).expect(200);
    await t.as(w.user.token).delete('/run/delete', q).expect(403);
    await t.as(w.adminB.token).delete('/run/delete', q).expect(404);
    const res = await t.as(w.admin.token).delete('/run/delete', q).expect(200);
    expect(res.body.data).toEqual({ runId: run.runId, deleted: true });
    expect(await runSnapshot(t.db, run.runId)).toEqual({ run: null, tests: [], history: [] });
    expect((await t.as(w.admin.token).delete('/run/delete', q).expect(404)).body.error).toBe('Run not found');
    await t.as(w.reader.token).get('/run/detail', q).expect(404);
  });

  it('refuses every write to the runs of an inactive project with 409, before 423', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const ids = await createTests(t.db, project.projectId, 2);
    const run = await startRun(t, w.user.token, project.projectId, ids);
    const q = { runId: run.runId, projectId: project.projectId };
    await t.as(w.user.token).put('/run/lock', q).expect(200);
    await t.db.project.update({ where: { projectId: project.projectId }, data: { isActive: false } });
    const before = await runSnapshot(t.db, run.runId);
    const writes = await Promise.all([
      t.as(w.user.token).put('/run/edit', { ...q, runName: 'x' }),
      t.as(w.user.token).put('/run/update-test-status', { ...q, testResults: [{ testId: ids[0], status: 'failed' }] }),
      t.as(w.user.token).put('/run/reset', q),
      t.as(w.user.token).put('/run/remove-tests', { ...q, testIds: [ids[0]] }),
      t.as(w.user.token).put('/run/lock', q),
      t.as(w.admin.token).delete('/run/delete', q),
    ]);
    for (const res of writes)
      expect([res.status, res.body]).toEqual([409, { error: 'Project is inactive', status: 409, code: 'project_inactive' }]);
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);
    // Reading is still fine.
    expect((await t.as(w.reader.token).get('/run/state-detail', q).expect(200)).body.data.total).toBe(2);
    expect(await countedStatuses(t.db, run.runId)).toMatchObject({ total: 2, untested: 2 });
  });
});
