import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createRunWithHistory, createTests } from '../support/catalog-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

describe('GET /test/status-history', () => {
  it('gives the entries of a test across all runs, newest first', async () => {
    const p = w.projectA.projectId;
    const [testId, other] = await createTests(t.db, p, 2);
    // Recorded in time order, as the service records them: newest first is the order of recording.
    const r1 = await createRunWithHistory(t.db, p, 'Sprint 1', [
      { testId, status: 'failed', comment: 'boom', userId: w.user.userId, createdAt: at(1) },
    ]);
    const r2 = await createRunWithHistory(t.db, p, 'Sprint 2', [{ testId, status: 'retest', userId: w.admin.userId, createdAt: at(2) }]);
    await t.db.statusHistory.createMany({
      data: [
        { runId: r1.runId, testId, status: 'passed', userId: w.user.userId, createdAt: at(3) },
        { runId: r1.runId, testId: other, status: 'blocked', createdAt: at(4) },
      ],
    });
    const res = await t.as(w.reader.token).get('/test/status-history', { testId, projectId: p }).expect(200);
    expect(res.body.data).toEqual([
      {
        runId: r1.runId,
        runName: 'Sprint 1',
        projectId: p,
        testId,
        status: 'passed',
        comment: null,
        elapsedMs: null,
        stepResults: null,
        customFields: {},
        defects: [],
        userId: w.user.userId,
        userName: `User ${w.user.email}`,
        createdAt: at(3).toISOString(),
      },
      {
        runId: r2.runId,
        runName: 'Sprint 2',
        projectId: p,
        testId,
        status: 'retest',
        comment: null,
        elapsedMs: null,
        stepResults: null,
        customFields: {},
        defects: [],
        userId: w.admin.userId,
        userName: `Admin ${w.admin.email}`,
        createdAt: at(2).toISOString(),
      },
      {
        runId: r1.runId,
        runName: 'Sprint 1',
        projectId: p,
        testId,
        status: 'failed',
        comment: 'boom',
        elapsedMs: null,
        stepResults: null,
        customFields: {},
        defects: [],
        userId: w.user.userId,
        userName: `User ${w.user.email}`,
        createdAt: at(1).toISOString(),
      },
    ]);
  });

  it('is an empty list for a test never run', async () => {
    const [testId] = await createTests(t.db, w.projectA.projectId, 1);
    const res = await t.as(w.reader.token).get('/test/status-history', { testId, projectId: w.projectA.projectId }).expect(200);
    expect(res.body.data).toEqual([]);
  });

  it("answers 404 for another organization's test or project, a test of another project, 400 for bad ids", async () => {
    const [testB] = await createTests(t.db, w.projectB.projectId, 1);
    await createRunWithHistory(t.db, w.projectB.projectId, 'B run', [{ testId: testB, status: 'passed' }]);
    const res = await t.as(w.admin.token).get('/test/status-history', { testId: testB, projectId: w.projectB.projectId }).expect(404);
    expect(res.body.error).toBe('Project not found');
    const cross = await t.as(w.admin.token).get('/test/status-history', { testId: testB, projectId: w.projectA.projectId }).expect(404);
    expect(cross.body.error).toBe('Test not found');
    const bad = await t.as(w.admin.token).get('/test/status-history', { projectId: w.projectA.projectId }).expect(400);
    expect(bad.body.error).toBe('Invalid request: testId: Required');
  });
});
