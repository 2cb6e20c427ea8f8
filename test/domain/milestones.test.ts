import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// Milestones over HTTP: managed per project with one level of sub-milestones, runs counted
// towards them, their progress across those runs, completed and reopened, deleted leaving
// their runs in place.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

interface Milestone {
  milestoneId: number;
  parentId: number | null;
  dueDate: string | null;
  status: string;
  overdue: boolean;
  runCount: number;
  statusCounts: Record<string, number>;
}

async function create(body: Record<string, unknown>, token = w.user.token): Promise<Milestone> {
  return (await t.as(token).post('/milestone/create', body).expect(201)).body.data;
}

const detail = async (projectId: number, milestoneId: number, token = w.reader.token) =>
  (await t.as(token).get('/milestone/detail', { projectId, milestoneId }).expect(200)).body.data;

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;

describe('create, list, edit', () => {
  it('creates a milestone and a sub-milestone, lists them open first by due date, for a Reader too', async () => {
    const p = await newProject();
    const release = await create({ projectId: p, name: 'Release 2.4', description: 'Q4', startDate: '2026-12-01', dueDate: '2026-12-15' });
    expect(release).toEqual({
      milestoneId: expect.any(Number),
      projectId: p,
      name: 'Release 2.4',
      description: 'Q4',
      startDate: '2026-12-01',
      dueDate: '2026-12-15',
      parentId: null,
      status: 'open',
      completedAt: null,
      overdue: false,
      createdBy: w.user.userId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      runCount: 0,
      statusCounts: { total: 0, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 },
    });
    const beta = await create({ projectId: p, name: 'Beta', parentId: release.milestoneId, dueDate: '2026-12-05' });
    expect(beta.parentId).toBe(release.milestoneId);
    const late = await create({ projectId: p, name: 'Late', dueDate: '2020-01-01' }, w.admin.token);
    expect(late.overdue).toBe(true);
    const undated = await create({ projectId: p, name: 'Someday' });
    await t.as(w.user.token).put('/milestone/complete', { projectId: p, milestoneId: late.milestoneId }).expect(200);

    const list = (await t.as(w.reader.token).get('/milestones', { projectId: p }).expect(200)).body.data;
    expect(list.total).toBe(4);
    expect(list.milestones.map((m: { name: string; overdue: boolean }) => [m.name, m.overdue])).toEqual([
      ['Beta', false],
      ['Release 2.4', false],
      ['Someday', false],
      // Completed: no longer overdue.
      ['Late', false],
    ]);
    const open = (await t.as(w.reader.token).get('/milestones', { projectId: p, status: 'open', limit: 2 }).expect(200)).body.data;
    expect([open.total, open.milestones.length, open.limit]).toEqual([3, 2, 2]);
    const done = (await t.as(w.reader.token).get('/milestones', { projectId: p, status: 'completed' }).expect(200)).body.data;
    expect(done.milestones.map((m: Milestone) => m.milestoneId)).toEqual([late.milestoneId]);
    expect(undated.dueDate).toBeNull();
  });

  it('edits fields, clears them with null, and checks a date given alone against the stored one', async () => {
    const p = await newProject();
    const m = await create({ projectId: p, name: 'R1', startDate: '2026-12-01', dueDate: '2026-12-15' });
    const edited = (
      await t
        .as(w.user.token)
        .put('/milestone/edit', {
          projectId: p,
          milestoneId: m.milestoneId,
          name: 'R1 final',
          description: 'All of it',
          dueDate: '2026-12-20',
        })
        .expect(200)
    ).body.data;
    expect([edited.name, edited.description, edited.startDate, edited.dueDate]).toEqual([
      'R1 final',
      'All of it',
      '2026-12-01',
      '2026-12-20',
    ]);
    const bad = await t
      .as(w.user.token)
      .put('/milestone/edit', { projectId: p, milestoneId: m.milestoneId, dueDate: '2026-11-30' })
      .expect(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
    expect(bad.body.error).toContain('dueDate: Must not be before startDate');
    const cleared = (
      await t
        .as(w.user.token)
        .put('/milestone/edit', { projectId: p, milestoneId: m.milestoneId, startDate: null, description: null })
        .expect(200)
    ).body.data;
    expect([cleared.startDate, cleared.description, cleared.dueDate]).toEqual([null, null, '2026-12-20']);
    // With the start cleared, an early due date is fine.
    await t.as(w.user.token).put('/milestone/edit', { projectId: p, milestoneId: m.milestoneId, dueDate: '2026-11-30' }).expect(200);
  });

  it('refuses bad dates and names (400 validation_failed naming the field), writing nothing', async () => {
    const p = await newProject();
    const before = await t.db.milestone.count();
    for (const [body, field] of [
      [{ projectId: p, name: 'x', dueDate: '15.12.2026' }, 'dueDate: Expected a date YYYY-MM-DD'],
      [{ projectId: p, name: 'x', startDate: '2026-02-30' }, 'startDate: Expected a date YYYY-MM-DD'],
      [{ projectId: p, name: 'x', startDate: '2026-12-10', dueDate: '2026-12-01' }, 'dueDate: Must not be before startDate'],
      [{ projectId: p, name: ' ' }, 'name: Must not be empty'],
      [{ projectId: p, name: 'x', parentId: 0 }, 'parentId'],
      [{ projectId: p, name: 'x', colour: 'red' }, 'colour'],
    ] as const) {
      const res = await t.as(w.user.token).post('/milestone/create', body).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(field);
    }
    expect(await t.db.milestone.count()).toBe(before);
  });

  it('nests one level only, and takes parents of its own project only (400 with its code), writing nothing', async () => {
    const p = await newProject();
    const other = await newProject();
    const top = await create({ projectId: p, name: 'Top' });
    const sub = await create({ projectId: p, name: 'Sub', parentId: top.milestoneId });
    const foreign = await create({ projectId: other, name: 'Elsewhere' });
    const before = await t.db.milestone.count();
    const deeper = await t
      .as(w.user.token)
      .post('/milestone/create', { projectId: p, name: 'Deeper', parentId: sub.milestoneId })
      .expect(400);
    expect(deeper.body).toMatchObject({ status: 400, code: 'milestone_nesting' });
    const stranger = await t
      .as(w.user.token)
      .post('/milestone/create', { projectId: p, name: 'x', parentId: foreign.milestoneId })
      .expect(400);
    expect(stranger.body.code).toBe('invalid_reference');
    const missing = await t.as(w.user.token).post('/milestone/create', { projectId: p, name: 'x', parentId: 2147483647 }).expect(400);
    expect(missing.body.code).toBe('invalid_reference');
    expect(await t.db.milestone.count()).toBe(before);
    // A milestone with children cannot become a child; none is its own parent.
    const second = await create({ projectId: p, name: 'Second' });
    const withKids = await t
      .as(w.user.token)
      .put('/milestone/edit', { projectId: p, milestoneId: top.milestoneId, parentId: second.milestoneId })
      .expect(400);
    expect(withKids.body.code).toBe('milestone_nesting');
    const self = await t
      .as(w.user.token)
      .put('/milestone/edit', { projectId: p, milestoneId: second.milestoneId, parentId: second.milestoneId })
      .expect(400);
    expect(self.body.code).toBe('milestone_nesting');
    expect((await t.db.milestone.findUnique({ where: { milestoneId: top.milestoneId } }))!.parentId).toBeNull();
    // Moving a childless one under a top-level one, and back out with null.
    const moved = await t
      .as(w.user.token)
      .put('/milestone/edit', { projectId: p, milestoneId: second.milestoneId, parentId: top.milestoneId })
      .expect(200);
    expect(moved.body.data.parentId).toBe(top.milestoneId);
    const out = await t
      .as(w.user.token)
      .put('/milestone/edit', { projectId: p, milestoneId: second.milestoneId, parentId: null })
      .expect(200);
    expect(out.body.data.parentId).toBeNull();
  });
});

describe('roles and organizations', () => {
  it('lets a Reader read but not write (403), a User write but not delete, writing nothing refused', async () => {
    const p = await newProject();
    const m = await create({ projectId: p, name: 'Roles' });
    const ids = { projectId: p, milestoneId: m.milestoneId };
    const before = await t.db.milestone.findUnique({ where: { milestoneId: m.milestoneId } });
    for (const [method, path, body] of [
      ['post', '/milestone/create', { projectId: p, name: 'No' }],
      ['put', '/milestone/edit', { ...ids, name: 'No' }],
      ['put', '/milestone/complete', ids],
      ['put', '/milestone/reopen', ids],
      ['delete', '/milestone/delete', ids],
    ] as const) {
      const res = await t.as(w.reader.token)[method](path, body).expect(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await t.as(w.user.token).delete('/milestone/delete', ids).expect(403)).body.code).toBe('forbidden');
    expect(await t.db.milestone.findUnique({ where: { milestoneId: m.milestoneId } })).toEqual(before);
    expect(await t.db.milestone.count({ where: { projectId: p } })).toBe(1);
  });

  it("answers 404 for another organization's project or milestone, and for a milestone of another project", async () => {
    const p = await newProject();
    const theirs = (await t.as(w.adminB.token).post('/milestone/create', { projectId: w.projectB.projectId, name: 'Theirs' }).expect(201))
      .body.data;
    const b = { projectId: w.projectB.projectId, milestoneId: theirs.milestoneId };
    expect((await t.as(w.admin.token).get('/milestones', { projectId: b.projectId }).expect(404)).body.code).toBe('project_not_found');
    expect((await t.as(w.admin.token).get('/milestone/detail', b).expect(404)).body.code).toBe('project_not_found');
    expect(
      (
        await t
          .as(w.admin.token)
          .put('/milestone/edit', { ...b, name: 'Mine' })
          .expect(404)
      ).body.code,
    ).toBe('project_not_found');
    expect((await t.as(w.admin.token).delete('/milestone/delete', b).expect(404)).body.code).toBe('project_not_found');
    // Their milestone named under our project: no such milestone here.
    const mixed = { projectId: p, milestoneId: theirs.milestoneId };
    expect((await t.as(w.admin.token).get('/milestone/detail', mixed).expect(404)).body).toEqual({
      error: 'Milestone not found',
      status: 404,
      code: 'milestone_not_found',
    });
    expect((await t.as(w.admin.token).put('/milestone/complete', mixed).expect(404)).body.code).toBe('milestone_not_found');
    expect((await t.as(w.admin.token).get('/milestone/report', mixed).expect(404)).body.code).toBe('milestone_not_found');
    expect((await t.as(w.admin.token).post('/milestone/create', { projectId: b.projectId, name: 'x' }).expect(404)).body.code).toBe(
      'project_not_found',
    );
    expect((await t.db.milestone.findUnique({ where: { milestoneId: theirs.milestoneId } }))!.name).toBe('Theirs');
  });
});

describe('complete, reopen, delete', () => {
  it('completes once (409 milestone_completed after), reopens once (409 milestone_open after)', async () => {
    const p = await newProject();
    const m = await create({ projectId: p, name: 'Ship', dueDate: '2020-06-01' });
    const ids = { projectId: p, milestoneId: m.milestoneId };
    const done = (await t.as(w.user.token).put('/milestone/complete', ids).expect(200)).body.data;
    expect([done.status, done.overdue, typeof done.completedAt]).toEqual(['completed', false, 'string']);
    expect((await t.as(w.user.token).put('/milestone/complete', ids).expect(409)).body).toEqual({
      error: 'Milestone is already completed',
      status: 409,
      code: 'milestone_completed',
    });
    const open = (await t.as(w.user.token).put('/milestone/reopen', ids).expect(200)).body.data;
    expect([open.status, open.completedAt, open.overdue]).toEqual(['open', null, true]);
    expect((await t.as(w.user.token).put('/milestone/reopen', ids).expect(409)).body).toEqual({
      error: 'Milestone is not completed',
      status: 409,
      code: 'milestone_open',
    });
  });

  it('refuses writes in an inactive project (409 project_inactive)', async () => {
    const p = await newProject();
    const m = await create({ projectId: p, name: 'Frozen' });
    await t.db.project.update({ where: { projectId: p }, data: { isActive: false } });
    expect((await t.as(w.user.token).post('/milestone/create', { projectId: p, name: 'x' }).expect(409)).body.code).toBe(
      'project_inactive',
    );
    expect((await t.as(w.user.token).put('/milestone/complete', { projectId: p, milestoneId: m.milestoneId }).expect(409)).body.code).toBe(
      'project_inactive',
    );
  });

  it('deletes a milestone (Admin): its runs stay without one, its sub-milestones become top-level, the audit log says so', async () => {
    const p = await newProject();
    const [testId] = await createTests(t.db, p, 1);
    const m = await create({ projectId: p, name: 'Doomed' });
    const sub = await create({ projectId: p, name: 'Orphan', parentId: m.milestoneId });
    const run = (
      await t
        .as(w.user.token)
        .post('/run/create', { projectId: p, runName: 'R', testIds: [testId], milestoneId: m.milestoneId })
        .expect(201)
    ).body.data;
    const res = await t.as(w.admin.token).delete('/milestone/delete', { projectId: p, milestoneId: m.milestoneId }).expect(200);
    expect(res.body.data).toEqual({ milestoneId: m.milestoneId, deleted: true, runsDetached: 1 });
    const after = (await t.as(w.reader.token).get('/run/detail', { projectId: p, runId: run.runId }).expect(200)).body.data;
    expect(after.milestoneId).toBeNull();
    expect((await detail(p, sub.milestoneId)).parentId).toBeNull();
    const audit = (await t.as(w.admin.token).get('/audit', { orgId: w.orgA.orgId, action: 'milestone.deleted' }).expect(200)).body.data;
    expect(audit.events[0]).toMatchObject({
      targetType: 'milestone',
      targetId: m.milestoneId,
      detail: { name: 'Doomed', runsDetached: 1 },
    });
  });
});

describe('runs and progress', () => {
  it('takes milestoneId at run create and edit, filters GET /runs by it, and refuses another project’s milestone', async () => {
    const p = await newProject();
    const other = await newProject();
    const ids = await createTests(t.db, p, 2);
    const m = await create({ projectId: p, name: 'M' });
    const foreign = await create({ projectId: other, name: 'F' });
    const inM = (
      await t.as(w.user.token).post('/run/create', { projectId: p, runName: 'In M', testIds: ids, milestoneId: m.milestoneId }).expect(201)
    ).body.data;
    expect(inM.milestoneId).toBe(m.milestoneId);
    const loose = await startRun(t, w.user.token, p, ids, 'Loose');
    expect((loose as unknown as { milestoneId: number | null }).milestoneId).toBeNull();
    const runsBefore = await t.db.run.count();
    const bad = await t
      .as(w.user.token)
      .post('/run/create', { projectId: p, runName: 'x', testIds: ids, milestoneId: foreign.milestoneId })
      .expect(400);
    expect(bad.body.code).toBe('invalid_reference');
    expect(bad.body.error).toContain('milestoneId');
    expect(await t.db.run.count()).toBe(runsBefore);
    const badEdit = await t
      .as(w.user.token)
      .put('/run/edit', { projectId: p, runId: loose.runId, milestoneId: foreign.milestoneId })
      .expect(400);
    expect(badEdit.body.code).toBe('invalid_reference');
    expect((await t.db.run.findUnique({ where: { runId: loose.runId } }))!.milestoneId).toBeNull();

    const moved = (await t.as(w.user.token).put('/run/edit', { projectId: p, runId: loose.runId, milestoneId: m.milestoneId }).expect(200))
      .body.data;
    expect(moved.milestoneId).toBe(m.milestoneId);
    const listed = (await t.as(w.reader.token).get('/runs', { projectId: p, milestoneId: m.milestoneId }).expect(200)).body.data;
    expect(listed.runs.map((r: { runId: number }) => r.runId)).toEqual([loose.runId, inM.runId]);
    expect(listed.total).toBe(2);
    await t.as(w.user.token).put('/run/edit', { projectId: p, runId: loose.runId, milestoneId: null }).expect(200);
    const after = (await t.as(w.reader.token).get('/runs', { projectId: p, milestoneId: m.milestoneId }).expect(200)).body.data;
    expect(after.runs.map((r: { runId: number }) => r.runId)).toEqual([inM.runId]);
    expect((await t.as(w.reader.token).get('/runs', { projectId: p, milestoneId: foreign.milestoneId }).expect(404)).body.code).toBe(
      'milestone_not_found',
    );
  });

  it("gives progress across its runs and its sub-milestones' runs: counts, pass rate, untested, failed tests with defects, overdue", async () => {
    const p = await newProject();
    await t.as(w.user.token).put('/project/edit', { projectId: p, defectUrlTemplate: 'https://bugs.example/{id}' }).expect(200);
    const ids = await createTests(t.db, p, 4);
    const m = await create({ projectId: p, name: 'Release', dueDate: '2021-01-01' });
    const sub = await create({ projectId: p, name: 'RC1', parentId: m.milestoneId });
    const newRun = async (name: string, milestoneId: number, testIds: number[]) =>
      (await t.as(w.user.token).post('/run/create', { projectId: p, runName: name, testIds, milestoneId }).expect(201)).body.data
        .runId as number;
    const r1 = await newRun('Smoke', m.milestoneId, ids.slice(0, 2));
    const r2 = await newRun('Full', sub.milestoneId, ids);
    await startRun(t, w.user.token, p, ids, 'Elsewhere');
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        projectId: p,
        runId: r1,
        testResults: [
          { testId: ids[0], status: 'passed' },
          { testId: ids[1], status: 'failed', comment: 'Crash', defects: ['SHOP-1'] },
        ],
      })
      .expect(200);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        projectId: p,
        runId: r2,
        testResults: [
          { testId: ids[0], status: 'passed' },
          { testId: ids[1], status: 'passed' },
          { testId: ids[2], status: 'blocked' },
        ],
      })
      .expect(200);
    await t.as(w.user.token).put('/run/lock', { projectId: p, runId: r1 }).expect(200);

    const d = await detail(p, m.milestoneId);
    expect(d).toMatchObject({ name: 'Release', overdue: true, runCount: 2 });
    expect(d.statusCounts).toEqual({ total: 6, passed: 3, failed: 1, blocked: 1, retest: 0, untested: 1 });
    expect(d.subMilestones.map((s: Milestone) => [s.milestoneId, s.runCount, s.statusCounts.total])).toEqual([[sub.milestoneId, 1, 4]]);
    const title = (await t.db.test.findUnique({ where: { testId: ids[1] } }))!.title;
    expect(d.progress).toEqual({
      statusCounts: { total: 6, passed: 3, failed: 1, blocked: 1, retest: 0, untested: 1 },
      passRate: 50,
      untested: 1,
      runCount: 2,
      lockedRunCount: 1,
      failedCount: 1,
      failedTests: [
        {
          runId: r1,
          runName: 'Smoke',
          testId: ids[1],
          title,
          comment: 'Crash',
          defects: [{ id: 'SHOP-1', url: 'https://bugs.example/SHOP-1' }],
        },
      ],
      runs: [
        {
          runId: r2,
          runName: 'Full',
          milestoneId: sub.milestoneId,
          locked: false,
          createdAt: expect.any(String),
          statusCounts: { total: 4, passed: 2, failed: 0, blocked: 1, retest: 0, untested: 1 },
          passRate: 50,
        },
        {
          runId: r1,
          runName: 'Smoke',
          milestoneId: m.milestoneId,
          locked: true,
          createdAt: expect.any(String),
          statusCounts: { total: 2, passed: 1, failed: 1, blocked: 0, retest: 0, untested: 0 },
          passRate: 50,
        },
      ],
    });
    // The sub-milestone's own detail covers its runs only.
    expect((await detail(p, sub.milestoneId)).progress.statusCounts.total).toBe(4);
    // The list shows the same counts.
    const list = (await t.as(w.reader.token).get('/milestones', { projectId: p }).expect(200)).body.data;
    expect(list.milestones.find((x: Milestone) => x.milestoneId === m.milestoneId).statusCounts.total).toBe(6);
  });

  it('adds up many runs of many tests', async () => {
    const p = await newProject();
    const ids = await createTests(t.db, p, 30);
    const m = await create({ projectId: p, name: 'Big' });
    for (let i = 0; i < 5; i++)
      await t
        .as(w.user.token)
        .post('/run/create', { projectId: p, runName: `R${i}`, testIds: ids, milestoneId: m.milestoneId })
        .expect(201);
    const d = await detail(p, m.milestoneId);
    expect([d.progress.runCount, d.progress.statusCounts.total, d.progress.untested]).toEqual([5, 150, 150]);
  });
});
