import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createLabel, createSection, createSquad, createTests, labelTests, lookupIds } from '../support/catalog-factories';
import { binaryBody, startRun } from '../support/run-factories';
import { pdfText } from '../support/pdf-text';

// A locked run shows its tests as they were at lock time, whatever the catalog
// does afterwards; unlocking (Admin) shows the live catalog again.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

interface RunTest {
  testId: number;
  title: string;
  sectionId: number | null;
  priorityId: number | null;
  squadId: number | null;
  deleted: boolean;
  snapshot: unknown;
}
interface ReportRow {
  testId: number;
  title: string;
  sectionPath: string | null;
  priority: string | null;
  squad: string | null;
}

describe('locking freezes what a run shows; unlocking brings the live catalog back', () => {
  it('keeps title, section path, priority, squad and labels of lock time in run tests, detail and reports', async () => {
    const p = w.projectA.projectId;
    const a = await createSection(t.db, p, 'A');
    const b = await createSection(t.db, p, 'B', a.sectionId);
    const c = await createSection(t.db, p, 'C');
    const lookups = await lookupIds(t.db, p);
    const [high, low] = [lookups.priority.High, lookups.priority.Low];
    const [s1, s2] = [await createSquad(t.db, p, 'S1'), await createSquad(t.db, p, 'S2')];
    const [l1, l2] = [await createLabel(t.db, p, 'L1'), await createLabel(t.db, p, 'L2')];
    const [t1, t2, t3] = await createTests(
      t.db,
      p,
      3,
      (i) => [{ sectionId: b.sectionId, priorityId: high, squadId: s1.squadId }, { sectionId: c.sectionId }, {}][i],
      'Frozen',
    );
    await labelTests(t.db, l1.labelId, [t1]);
    await labelTests(t.db, l2.labelId, [t1]);
    const run = await startRun(t, w.user.token, p, [t1, t2, t3], 'Release');
    const q = { runId: run.runId, projectId: p };
    const user = t.as(w.user.token);
    const reader = t.as(w.reader.token);
    await user.put('/run/update-test-status', { ...q, testResults: [{ testId: t1, status: 'passed', comment: 'ok' }] }).expect(200);

    const runTests = async (): Promise<RunTest[]> => (await reader.get('/run/tests', q).expect(200)).body.data.tests;
    const byStatus = async (): Promise<RunTest[]> => (await reader.get('/run/test-status', q).expect(200)).body.data.tests;
    const report = async (): Promise<ReportRow[]> => (await reader.get('/run/report', q).expect(200)).body.tests;
    const live = await runTests();
    expect(live.find((x) => x.testId === t1)).toMatchObject({
      title: 'Frozen 0',
      sectionId: b.sectionId,
      priorityId: high,
      squadId: s1.squadId,
      snapshot: null,
    });

    const locked = (await user.put('/run/lock', q).expect(200)).body.data;
    const detail = (await reader.get('/run/detail', q).expect(200)).body.data;
    const frozenTests = await runTests();
    expect(frozenTests.find((x) => x.testId === t1)).toMatchObject({
      title: 'Frozen 0',
      sectionId: b.sectionId,
      priorityId: high,
      squadId: s1.squadId,
      deleted: false,
      snapshot: { sectionPath: 'A > B', priority: 'High', squad: 'S1', labels: ['L1', 'L2'] },
    });
    const frozenReport = await report();

    // The catalog moves on: renamed, moved, re-prioritized, re-squadded, relabelled, deleted, sections renamed.
    const admin = t.as(w.admin.token);
    await user
      .put('/test/update', {
        testId: t1,
        title: 'Renamed',
        sectionId: c.sectionId,
        priorityId: low,
        squadId: s2.squadId,
        labels: [l1.labelId],
      })
      .expect(200);
    await t.db.label.update({ where: { labelId: l1.labelId }, data: { labelName: 'L1 renamed', nameKey: 'l1 renamed' } });
    await admin.delete('/test/delete', { testId: t2, projectId: p }).expect(200);
    await user.put('/project/edit-section', { sectionId: a.sectionId, sectionName: 'A renamed' }).expect(200);
    await user.put('/project/edit-section', { sectionId: c.sectionId, sectionName: 'C renamed' }).expect(200);
    await user.put('/test/update', { testId: t3, title: 'Also renamed', sectionId: a.sectionId }).expect(200);

    const after = await runTests();
    expect(after.map(({ deleted: _d, ...rest }) => rest)).toEqual(frozenTests.map(({ deleted: _d, ...rest }) => rest));
    expect(after.find((x) => x.testId === t2)).toMatchObject({
      title: 'Frozen 1',
      sectionId: c.sectionId,
      deleted: true,
      snapshot: { sectionPath: 'C' },
    });
    expect(await byStatus()).toEqual(after);
    expect((await reader.get('/run/detail', q).expect(200)).body.data).toEqual(detail);
    expect(detail).toMatchObject({
      runId: run.runId,
      locked: true,
      lockedBy: w.user.userId,
      lockedAt: locked.lockedAt,
      statusCounts: { total: 3, passed: 1, untested: 2 },
    });

    const frozenRows = await report();
    expect(frozenRows).toEqual(frozenReport);
    expect(frozenRows.map((r) => [r.testId, r.title, r.sectionPath, r.priority, r.squad])).toEqual([
      [t3, 'Frozen 2', null, null, null],
      [t1, 'Frozen 0', 'A > B', 'High', 'S1'],
      [t2, 'Frozen 1', 'C', null, null],
    ]);
    const html = (await reader.get('/run/report', { ...q, format: 'html' }).expect(200)).text;
    expect(html).toContain('<td>Frozen 0</td>');
    expect(html).not.toContain('Renamed');
    expect([...html.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual(['No section', 'A &gt; B', 'C']);
    const pdf = await reader
      .get('/run/report', { ...q, format: 'pdf' })
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const pdfWords = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(pdfWords).toContain('Frozen 0');
    expect(pdfWords).toContain('A > B');
    expect(pdfWords).not.toContain('Renamed');

    // Unlock: a User may not, an Admin may; the live catalog shows again.
    expect((await user.put('/run/unlock', q).expect(403)).body).toEqual({
      error: 'Forbidden - User does not have access',
      status: 403,
      code: 'forbidden',
    });
    const reopened = (await admin.put('/run/unlock', q).expect(200)).body.data;
    expect(reopened).toMatchObject({
      runId: run.runId,
      locked: false,
      lockedBy: null,
      lockedAt: null,
      statusCounts: { total: 3, passed: 1 },
    });
    const [{ kept }] = await t.db.$queryRaw<
      { kept: number }[]
    >`SELECT count(snapshot)::int AS kept FROM run_tests WHERE run_id = ${run.runId}`;
    expect(kept).toBe(0);
    const reopenedTests = await runTests();
    expect(reopenedTests.find((x) => x.testId === t1)).toMatchObject({
      title: 'Renamed',
      sectionId: c.sectionId,
      priorityId: low,
      squadId: s2.squadId,
      snapshot: null,
    });
    expect((await report()).map((r) => [r.testId, r.title, r.sectionPath, r.priority, r.squad])).toEqual([
      [t3, 'Also renamed', 'A renamed', null, null],
      [t1, 'Renamed', 'C renamed', 'Low', 'S2'],
      [t2, 'Frozen 1', 'C renamed', null, null],
    ]);
    // Open again: results may change; locking again freezes the catalog of now.
    await user.put('/run/update-test-status', { ...q, testResults: [{ testId: t3, status: 'failed' }] }).expect(200);
    await user.put('/run/lock', q).expect(200);
    expect((await runTests()).find((x) => x.testId === t1)?.snapshot).toEqual({
      sectionPath: 'C renamed',
      priority: 'Low',
      squad: 'S2',
      labels: ['L1 renamed'],
    });
  });
});

describe('PUT /run/unlock', () => {
  it('is Admin only, 409 on an open run, 404 for another organization or an unknown run', async () => {
    const p = w.projectA.projectId;
    const ids = await createTests(t.db, p, 1);
    const run = await startRun(t, w.user.token, p, ids);
    const q = { runId: run.runId, projectId: p };
    expect((await t.as(w.admin.token).put('/run/unlock', q).expect(409)).body).toEqual({
      error: 'Run is not locked',
      status: 409,
      code: 'run_not_locked',
    });
    await t.as(w.user.token).put('/run/lock', q).expect(200);
    await t.as(w.reader.token).put('/run/unlock', q).expect(403);
    await t.as(w.user.token).put('/run/unlock', q).expect(403);
    expect((await t.as(w.adminB.token).put('/run/unlock', q).expect(404)).body.error).toBe('Project not found');
    expect(
      (
        await t
          .as(w.admin.token)
          .put('/run/unlock', { ...q, runId: run.runId + 1000 })
          .expect(404)
      ).body.error,
    ).toBe('Run not found');
    expect((await t.as(w.admin.token).put('/run/unlock', { runId: run.runId }).expect(400)).body.error).toContain('projectId: Required');
    expect((await t.db.run.findUniqueOrThrow({ where: { runId: run.runId } })).locked).toBe(true);
    await t.as(w.admin.token).put('/run/unlock', q).expect(200);
    expect((await t.as(w.admin.token).put('/run/unlock', q).expect(409)).body.error).toBe('Run is not locked');
    const events = await t.db.auditEvent.findMany({ where: { targetType: 'run', targetId: run.runId }, orderBy: { auditId: 'asc' } });
    expect(events.map((e) => [e.action, e.actorId, e.orgId])).toEqual([
      ['run.locked', w.user.userId, w.orgA.orgId],
      ['run.unlocked', w.admin.userId, w.orgA.orgId],
    ]);
  });
});
