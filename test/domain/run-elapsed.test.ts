import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { runSnapshot, startRun } from '../support/run-factories';

// elapsedMs on results: stored in the current result and its history entry,
// shown in the run's tests, the histories and the report (with the run's total).

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

async function newRun(count: number) {
  const ids = await createTests(t.db, w.projectA.projectId, count);
  const run = await startRun(t, w.user.token, w.projectA.projectId, ids);
  return { ids, runId: run.runId, q: { runId: run.runId, projectId: w.projectA.projectId } };
}

type Row = { testId: number; elapsedMs: number | null };
const elapsedOf = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.testId, r.elapsedMs]));

describe('elapsedMs on results', () => {
  it('is stored with the result and shown in run tests, histories and the JSON report with the total', async () => {
    const { ids, runId, q } = await newRun(3);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [
          { testId: ids[0], status: 'passed', elapsedMs: 1234 },
          { testId: ids[1], status: 'failed', elapsedMs: 0 },
        ],
      })
      .expect(200);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[2], status: 'passed', elapsedMs: 2_147_483_647 }] })
      .expect(200);

    const tests = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data.tests;
    expect(elapsedOf(tests)).toEqual({ [ids[0]]: 1234, [ids[1]]: 0, [ids[2]]: 2_147_483_647 });
    const failed = (
      await t
        .as(w.reader.token)
        .get('/run/test-status', { ...q, status: 'failed' })
        .expect(200)
    ).body.data.tests;
    expect(elapsedOf(failed)).toEqual({ [ids[1]]: 0 });

    const history = (await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: ids[0] }).expect(200)).body.data;
    expect(history.map((h: { status: string; elapsedMs: number | null }) => [h.status, h.elapsedMs])).toEqual([
      ['passed', 1234],
      ['untested', null],
    ]);
    const testHistory = (await t.as(w.reader.token).get('/test/status-history', { testId: ids[0], projectId: q.projectId }).expect(200))
      .body.data;
    expect(testHistory.map((h: { status: string; elapsedMs: number | null }) => [h.status, h.elapsedMs])).toEqual([
      ['passed', 1234],
      ['untested', null],
    ]);

    const report = (await t.as(w.reader.token).get('/run/report', q).expect(200)).body;
    expect(elapsedOf(report.tests)).toEqual({ [ids[0]]: 1234, [ids[1]]: 0, [ids[2]]: 2_147_483_647 });
    // Past the int4 range: the total of several large results stays exact.
    expect(report.summary.elapsedMs).toBe(1234 + 2_147_483_647);
  });

  it('refuses a negative, fractional, too large or non-number elapsedMs with 400 naming it, writing nothing', async () => {
    const { ids, runId, q } = await newRun(2);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[1], status: 'passed', elapsedMs: 5 }] })
      .expect(200);
    const before = await runSnapshot(t.db, runId);
    for (const bad of [-1, 1.5, 2_147_483_648, '100', null]) {
      const res = await t
        .as(w.user.token)
        .put('/run/update-test-status', {
          ...q,
          testResults: [
            { testId: ids[0], status: 'passed', elapsedMs: bad },
            { testId: ids[1], status: 'failed' },
          ],
        })
        .expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining('testResults.0.elapsedMs'), status: 400, code: 'validation_failed' });
    }
    expect(await runSnapshot(t.db, runId)).toEqual(before);
  });

  it('is null for a result reported without it, and reset clears it', async () => {
    const { ids, runId, q } = await newRun(2);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [
          { testId: ids[0], status: 'failed', elapsedMs: 700 },
          { testId: ids[1], status: 'passed', elapsedMs: 300 },
        ],
      })
      .expect(200);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[0], status: 'passed' }] })
      .expect(200);
    let tests = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data.tests;
    expect(elapsedOf(tests)).toEqual({ [ids[0]]: null, [ids[1]]: 300 });
    const history = (await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: ids[0] }).expect(200)).body.data;
    expect(history.map((h: { elapsedMs: number | null }) => h.elapsedMs)).toEqual([null, 700, null]);
    expect((await t.as(w.reader.token).get('/run/report', q).expect(200)).body.summary.elapsedMs).toBe(300);

    await t.as(w.user.token).put('/run/reset', q).expect(200);
    tests = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data.tests;
    expect(elapsedOf(tests)).toEqual({ [ids[0]]: null, [ids[1]]: null });
    expect((await t.as(w.reader.token).get('/run/report', q).expect(200)).body.summary.elapsedMs).toBe(0);
  });
});
