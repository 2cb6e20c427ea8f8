import { createTestApp, type TestApp } from '../support/app';
import { createProject, createUser, createWorld, type TestUser, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';

// Test plans over HTTP: one run per entry and configuration combination made in one
// transaction (all or nothing), named after the plan and its options, in its milestone, assigned;
// read back with combined totals, per-assignee counts and the test × configuration matrix;
// edited, extended, locked (423 for changes), unlocked by an Admin, deleted with their runs.

let t: TestApp;
let w: World;
let tester: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  tester = await createUser(t.db, 'User', [w.orgA.orgId]);
});
afterAll(() => t.close());

interface Fixture {
  projectId: number;
  ids: number[];
  login: number[];
  sectionIds: { checkout: number; login: number };
  opt: { chrome: number; firefox: number; safari: number; linux: number; windows: number };
}

/** A project of 6 tests in two sections, with Browser (Chrome, Firefox, Safari) and OS (Linux, Windows) configurations. */
async function fixture(): Promise<Fixture> {
  const projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  const checkout = await createSection(t.db, projectId, 'Checkout');
  const login = await createSection(t.db, projectId, 'Login');
  const pay = await createTests(t.db, projectId, 4, () => ({ sectionId: checkout.sectionId }), 'Pay');
  const signIn = await createTests(t.db, projectId, 2, () => ({ sectionId: login.sectionId }), 'Sign in');
  const group = (name: string, options: string[]) =>
    t.db.configurationGroup.create({
      data: { projectId, name, options: { create: options.map((o, position) => ({ name: o, position })) } },
      include: { options: { orderBy: { position: 'asc' } } },
    });
  const browser = await group('Browser', ['Chrome', 'Firefox', 'Safari']);
  const os = await group('OS', ['Linux', 'Windows']);
  const [chrome, firefox, safari] = browser.options.map((o) => o.optionId);
  const [linux, windows] = os.options.map((o) => o.optionId);
  return {
    projectId,
    ids: [...pay, ...signIn],
    login: signIn,
    sectionIds: { checkout: checkout.sectionId, login: login.sectionId },
    opt: { chrome, firefox, safari, linux, windows },
  };
}

const counts = (db: TestApp['db'], projectId: number) =>
  Promise.all([
    db.plan.count({ where: { projectId } }),
    db.run.count({ where: { projectId } }),
    db.runTest.count({ where: { run: { projectId } } }),
  ]);

describe('POST /plan/create', () => {
  it('makes one run per combination, named after the plan and its options, in its milestone, with every test untested', async () => {
    const f = await fixture();
    const as = t.as(w.user.token);
    const m = (await as.post('/milestone/create', { projectId: f.projectId, name: 'Release 2.4' }).expect(201)).body.data;
    const res = await as
      .post('/plan/create', {
        projectId: f.projectId,
        name: 'Release 2.4',
        milestoneId: m.milestoneId,
        entries: [
          // Given Linux first: the name follows the groups' order (Browser, OS).
          {
            allTests: true,
            configurations: [
              [f.opt.linux, f.opt.chrome],
              [f.opt.firefox, f.opt.linux],
            ],
          },
          { sectionIds: [f.sectionIds.login] },
        ],
      })
      .expect(201);
    const plan = res.body.data;
    expect(plan).toMatchObject({
      name: 'Release 2.4',
      milestoneId: m.milestoneId,
      locked: false,
      runCount: 3,
      statusCounts: { total: 14, untested: 14 },
      passRate: 0,
    });
    expect(plan.runs.map((r: { runName: string; configuration: number[] }) => [r.runName, r.configuration])).toEqual([
      ['Release 2.4 – Chrome, Linux', [f.opt.chrome, f.opt.linux]],
      ['Release 2.4 – Firefox, Linux', [f.opt.firefox, f.opt.linux]],
      ['Release 2.4', []],
    ]);
    const run = (await t.as(w.reader.token).get('/run/detail', { projectId: f.projectId, runId: plan.runs[0].runId }).expect(200)).body
      .data;
    expect(run).toMatchObject({ planId: plan.planId, milestoneId: m.milestoneId, statusCounts: { total: 6, untested: 6 } });
    const history = await t.db.statusHistory.count({ where: { runId: { in: plan.runs.map((r: { runId: number }) => r.runId) } } });
    expect(history).toBe(14);
    const milestone = (
      await t.as(w.reader.token).get('/milestone/detail', { projectId: f.projectId, milestoneId: m.milestoneId }).expect(200)
    ).body.data;
    expect(milestone.runCount).toBe(3);
  });

  it('assigns an entry to one member, or splits it by section the same way in every run', async () => {
    const f = await fixture();
    const plan = (
      await t
        .as(w.user.token)
        .post('/plan/create', {
          projectId: f.projectId,
          name: 'Split',
          entries: [
            { allTests: true, configurations: [[f.opt.chrome], [f.opt.safari]], assignTo: [w.user.userId, tester.userId] },
            { testIds: f.login, assignTo: tester.userId },
          ],
        })
        .expect(201)
    ).body.data;
    const [chrome, safari, login] = plan.runs.map((r: { runId: number }) => r.runId);
    const of = async (runId: number) =>
      (await t.db.runTest.findMany({ where: { runId }, orderBy: { testId: 'asc' } })).map((r) => [r.testId, r.assigneeId]);
    // An even share is 3: Checkout (4 tests, more than a share) may be cut; Login (2) stays with one tester.
    const expected = f.ids.map((id, i) => [id, i < 3 ? w.user.userId : tester.userId]);
    expect(await of(chrome)).toEqual(expected);
    expect(await of(safari)).toEqual(expected);
    expect(await of(login)).toEqual(f.login.map((id) => [id, tester.userId]));
    const detail = (await t.as(w.reader.token).get('/plan/detail', { projectId: f.projectId, planId: plan.planId }).expect(200)).body.data;
    expect(detail.assignees).toHaveLength(2);
    expect(detail.assignees).toEqual(
      expect.arrayContaining([
        { assigneeId: w.user.userId, name: expect.stringMatching(/^User /), done: 0, total: 6 },
        { assigneeId: tester.userId, name: expect.stringMatching(/^User /), done: 0, total: 8 },
      ]),
    );
  });

  it('refuses bad input with its code and writes nothing: all or nothing', async () => {
    const f = await fixture();
    const other = await fixture();
    const as = t.as(w.user.token);
    const send = (entries: unknown[], extra: object = {}) =>
      as.post('/plan/create', { projectId: f.projectId, name: 'Bad', entries, ...extra });
    const before = await counts(t.db, f.projectId);
    // An option of another project.
    let res = await send([{ allTests: true, configurations: [[other.opt.chrome]] }]).expect(400);
    expect(res.body).toMatchObject({ code: 'invalid_reference' });
    expect(res.body.error).toContain(`entries.0.configurations.0: Option ${other.opt.chrome} is not a configuration option of the project`);
    // Two options of one group.
    res = await send([{ allTests: true, configurations: [[f.opt.chrome, f.opt.firefox]] }]).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_failed' });
    expect(res.body.error).toContain('Chrome and Firefox are both Browser options');
    // The same combination twice, and an entry naming no tests.
    res = await send([{ allTests: true, configurations: [[f.opt.chrome], [f.opt.chrome]] }]).expect(400);
    expect(res.body.code).toBe('validation_failed');
    res = await send([{ configurations: [[f.opt.chrome]] }]).expect(400);
    expect(res.body.code).toBe('validation_failed');
    // The second entry fails after the first was checked: neither is written.
    res = await send([{ allTests: true }, { testIds: [other.ids[0]] }]).expect(400);
    expect(res.body.code).toBe('invalid_reference');
    res = await send([{ allTests: true }, { allTests: true, assignTo: [w.adminB.userId] }]).expect(400);
    expect(res.body).toMatchObject({ code: 'assignee_not_member' });
    expect(res.body.error).toContain(`entries.1.assignTo.0: User ${w.adminB.userId} is not a member`);
    res = await send([{ allTests: true }], { milestoneId: 2147483647 }).expect(400);
    expect(res.body.code).toBe('invalid_reference');
    expect(await counts(t.db, f.projectId)).toEqual(before);
  });

  it('refuses a plan of more runs than allowed (plan_too_large), a Reader (403) and another organization (404)', async () => {
    const f = await fixture();
    const many = Array.from({ length: 41 }, () => ({
      allTests: true as const,
      configurations: [[f.opt.chrome], [f.opt.firefox], [f.opt.safari], [f.opt.linux], [f.opt.windows]],
    }));
    const res = await t.as(w.user.token).post('/plan/create', { projectId: f.projectId, name: 'Huge', entries: many }).expect(400);
    expect(res.body).toMatchObject({ code: 'plan_too_large' });
    const body = { projectId: f.projectId, name: 'P', entries: [{ allTests: true }] };
    await t.as(w.reader.token).post('/plan/create', body).expect(403);
    const foreign = await t.as(w.adminB.token).post('/plan/create', body).expect(404);
    expect(foreign.body.code).toBe('project_not_found');
    expect(await counts(t.db, f.projectId)).toEqual([0, 0, 0]);
  });
});

describe('plan detail, edit, add-entry, lock, delete', () => {
  it('reads the matrix: one column per configuration, the status from the newest run of it', async () => {
    const f = await fixture();
    const as = t.as(w.user.token);
    const plan = (
      await as
        .post('/plan/create', {
          projectId: f.projectId,
          name: 'M',
          entries: [{ allTests: true, configurations: [[f.opt.chrome], [f.opt.firefox]] }],
        })
        .expect(201)
    ).body.data;
    const [chrome, firefox] = plan.runs.map((r: { runId: number }) => r.runId);
    await as
      .put('/run/update-test-status', { projectId: f.projectId, runId: chrome, testResults: [{ testId: f.ids[0], status: 'passed' }] })
      .expect(200);
    await as
      .put('/run/update-test-status', { projectId: f.projectId, runId: firefox, testResults: [{ testId: f.ids[0], status: 'failed' }] })
      .expect(200);
    // A second Chrome run of the login tests only: the newest Chrome status of those.
    const added = (
      await as
        .put('/plan/add-entry', { projectId: f.projectId, planId: plan.planId, testIds: f.login, configurations: [[f.opt.chrome]] })
        .expect(200)
    ).body.data;
    expect(added.runs.map((r: { runName: string }) => r.runName)).toEqual(['M – Chrome', 'M – Firefox', 'M – Chrome (2)']);
    await as
      .put('/run/update-test-status', {
        projectId: f.projectId,
        runId: added.runs[2].runId,
        testResults: [{ testId: f.login[0], status: 'blocked' }],
      })
      .expect(200);

    const d = (await t.as(w.reader.token).get('/plan/detail', { projectId: f.projectId, planId: plan.planId, limit: 6 }).expect(200)).body
      .data;
    expect(d.configurations).toEqual([
      { optionIds: [f.opt.chrome], label: 'Chrome' },
      { optionIds: [f.opt.firefox], label: 'Firefox' },
    ]);
    expect(d.statusCounts).toEqual({ total: 14, passed: 1, failed: 1, blocked: 1, retest: 0, untested: 11 });
    expect(d.passRate).toBe(7.14);
    expect(d.matrix.total).toBe(6);
    const row = (id: number) => d.matrix.tests.find((x: { testId: number }) => x.testId === id).statuses;
    expect(row(f.ids[0])).toEqual(['passed', 'failed']);
    expect(row(f.login[0])).toEqual(['blocked', 'untested']);
    const page2 = (
      await t.as(w.reader.token).get('/plan/detail', { projectId: f.projectId, planId: plan.planId, limit: 4, offset: 4 }).expect(200)
    ).body.data;
    expect(page2.matrix.tests.map((x: { testId: number }) => x.testId)).toEqual(f.login);

    const report = (await t.as(w.reader.token).get('/plan/report', { projectId: f.projectId, planId: plan.planId }).expect(200)).body;
    expect(report.plan.matrix.tests.map((x: { testId: number }) => x.testId)).toEqual([f.ids[0], f.login[0]]);
  });

  it('edits the name (its runs follow) and the milestone (all its runs move), lists plans by milestone', async () => {
    const f = await fixture();
    const as = t.as(w.user.token);
    const m = (await as.post('/milestone/create', { projectId: f.projectId, name: 'R' }).expect(201)).body.data;
    const plan = (
      await as
        .post('/plan/create', { projectId: f.projectId, name: 'Old', entries: [{ allTests: true, configurations: [[f.opt.chrome]] }] })
        .expect(201)
    ).body.data;
    // A run renamed by hand to a name that merely begins like the plan's keeps its name.
    const added = (await as.put('/plan/add-entry', { projectId: f.projectId, planId: plan.planId, testIds: f.login }).expect(200)).body
      .data;
    await as.put('/run/edit', { projectId: f.projectId, runId: added.runs[1].runId, runName: 'Older smoke' }).expect(200);
    const edited = (
      await as.put('/plan/edit', { projectId: f.projectId, planId: plan.planId, name: 'New', milestoneId: m.milestoneId }).expect(200)
    ).body.data;
    expect(edited).toMatchObject({ name: 'New', milestoneId: m.milestoneId });
    const run = await t.db.run.findUniqueOrThrow({ where: { runId: plan.runs[0].runId } });
    expect([run.runName, run.milestoneId]).toEqual(['New – Chrome', m.milestoneId]);
    const kept = await t.db.run.findUniqueOrThrow({ where: { runId: added.runs[1].runId } });
    expect([kept.runName, kept.milestoneId]).toEqual(['Older smoke', m.milestoneId]);
    const list = (await t.as(w.reader.token).get('/plans', { projectId: f.projectId, milestoneId: m.milestoneId }).expect(200)).body.data;
    expect(list.plans.map((p: { planId: number }) => p.planId)).toEqual([plan.planId]);
    const bad = await as.put('/plan/edit', { projectId: f.projectId, planId: plan.planId, milestoneId: 2147483647 }).expect(400);
    expect(bad.body.code).toBe('invalid_reference');
    await t.as(w.reader.token).put('/plan/edit', { projectId: f.projectId, planId: plan.planId, name: 'X' }).expect(403);
    const foreign = await t.as(w.adminB.token).get('/plan/detail', { projectId: f.projectId, planId: plan.planId }).expect(404);
    expect(foreign.body.code).toBe('project_not_found');
    const missing = await t.as(w.reader.token).get('/plan/detail', { projectId: f.projectId, planId: 2147483647 }).expect(404);
    expect(missing.body).toMatchObject({ code: 'plan_not_found' });
  });

  it('locks every run (423 for results, entries, edits and a second lock), unlocks by an Admin only', async () => {
    const f = await fixture();
    const as = t.as(w.user.token);
    const q = { projectId: f.projectId };
    const plan = (
      await as
        .post('/plan/create', { ...q, name: 'L', entries: [{ allTests: true, configurations: [[f.opt.chrome], [f.opt.firefox]] }] })
        .expect(201)
    ).body.data;
    const id = { ...q, planId: plan.planId };
    await t.as(w.reader.token).put('/plan/lock', id).expect(403);
    const locked = (await as.put('/plan/lock', id).expect(200)).body.data;
    expect(locked).toMatchObject({ locked: true, runsChanged: 2 });
    const runs = await t.db.run.findMany({ where: { planId: plan.planId } });
    expect(runs.map((r) => r.locked)).toEqual([true, true]);
    const res = await as
      .put('/run/update-test-status', { ...q, runId: runs[0].runId, testResults: [{ testId: f.ids[0], status: 'passed' }] })
      .expect(423);
    expect(res.body.code).toBe('run_locked');
    expect((await as.put('/plan/lock', id).expect(423)).body).toMatchObject({ code: 'plan_locked' });
    expect((await as.put('/plan/add-entry', { ...id, allTests: true }).expect(423)).body).toMatchObject({ code: 'plan_locked' });
    expect((await as.put('/plan/edit', { ...id, name: 'X' }).expect(423)).body).toMatchObject({ code: 'plan_locked' });
    await as.put('/plan/unlock', id).expect(403);
    const unlocked = (await t.as(w.admin.token).put('/plan/unlock', id).expect(200)).body.data;
    expect(unlocked).toMatchObject({ locked: false, runsChanged: 2 });
    expect((await t.as(w.admin.token).put('/plan/unlock', id).expect(409)).body).toMatchObject({ code: 'plan_not_locked' });
    expect((await t.db.run.findMany({ where: { planId: plan.planId } })).map((r) => r.locked)).toEqual([false, false]);
  });

  it('deletes the plan with its runs (Admin only), locked or not', async () => {
    const f = await fixture();
    const q = { projectId: f.projectId };
    const plan = (
      await t
        .as(w.user.token)
        .post('/plan/create', { ...q, name: 'D', entries: [{ allTests: true }] })
        .expect(201)
    ).body.data;
    await t
      .as(w.user.token)
      .put('/plan/lock', { ...q, planId: plan.planId })
      .expect(200);
    await t
      .as(w.user.token)
      .delete('/plan/delete', { ...q, planId: plan.planId })
      .expect(403);
    const res = (
      await t
        .as(w.admin.token)
        .delete('/plan/delete', { ...q, planId: plan.planId })
        .expect(200)
    ).body.data;
    expect(res).toEqual({ planId: plan.planId, deleted: true, runsDeleted: 1 });
    expect(await counts(t.db, f.projectId)).toEqual([0, 0, 0]);
    expect(
      (
        await t
          .as(w.admin.token)
          .delete('/plan/delete', { ...q, planId: plan.planId })
          .expect(404)
      ).body.code,
    ).toBe('plan_not_found');
  });
});
