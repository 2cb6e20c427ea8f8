import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { importJUnit, suite } from '../support/junit-import';
import { WEBHOOK_EVENT_TYPES, type WebhookPayload } from '../../src/domain/webhooks/event-types';
import { chatMessage } from '../../src/domain/webhooks/chat-format';

// Each webhook event, emitted by the routes that cause it, read from the outbox (webhook_events:
// what the write's own transaction recorded for delivery) after each request: its data, once per
// request, nothing for a refused write, nothing where no webhook listens.

let t: TestApp;
let w: World;
let seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  w = await createWorld(t.db);
  // Organization A listens to everything (a receiver never reached: these tests read the outbox).
  await t.db.webhook.create({
    data: { orgId: w.orgA.orgId, url: 'http://127.0.0.1:9/hook', events: [...WEBHOOK_EVENT_TYPES], secret: 'whsec_dGVzdA==' },
  });
  seen = new Set((await allEvents()).map((e) => e.id));
});
afterAll(() => t.close());

async function allEvents(): Promise<WebhookPayload[]> {
  const rows = await t.db.$queryRaw<{ payload: WebhookPayload }[]>`SELECT payload FROM webhook_events ORDER BY created_at, id`;
  return rows.map((r) => r.payload);
}

/** The events recorded since the last call. */
async function newEvents(): Promise<WebhookPayload[]> {
  const fresh = (await allEvents()).filter((e) => !seen.has(e.id));
  for (const e of fresh) seen.add(e.id);
  return fresh;
}

const ofType = (events: WebhookPayload[], type: string) => events.filter((e) => e.type === type);
const types = (events: WebhookPayload[]) => events.map((e) => e.type).sort();

const api = () => t.as(w.user.token);
const admin = () => t.as(w.admin.token);

async function addTests(projectId: number, n: number, prefix = 'Case'): Promise<number[]> {
  const tests = Array.from({ length: n }, (_, i) => ({ title: `${prefix} ${i + 1}` }));
  const res = await api().post('/test/bulk-add', { projectId, tests }).expect(201);
  return res.body.data.testIds;
}

async function newRun(projectId: number, testIds: number[], runName = 'Nightly'): Promise<number> {
  const res = await api().post('/run/create', { projectId, runName, testIds }).expect(201);
  return res.body.data.runId;
}

const setStatus = (projectId: number, runId: number, results: { testId: number; status: string }[]) =>
  api().put('/run/update-test-status', { projectId, runId, testResults: results });

/** Every test of `testIds` given one status, in one request. */
const setAll = (projectId: number, runId: number, testIds: number[], status: string) =>
  setStatus(
    projectId,
    runId,
    testIds.map((testId) => ({ testId, status })),
  );

/** A new project of organization A with `n` tests and a run of them all; the events so far are read. */
async function freshRun(n: number, runName?: string): Promise<{ projectId: number; ids: number[]; runId: number }> {
  const { projectId } = await createProject(t.db, w.orgA.orgId);
  const ids = await addTests(projectId, n);
  const runId = await newRun(projectId, ids, runName);
  await newEvents();
  return { projectId, ids, runId };
}

describe('runs', () => {
  test('run/create: run.created with the run and project names, counts and actor', async () => {
    const project = await createProject(t.db, w.orgA.orgId, { projectName: 'Checkout' });
    const ids = await addTests(project.projectId, 3);
    await newEvents();
    const runId = await newRun(project.projectId, ids, 'Release 1');
    const events = await newEvents();
    expect(types(events)).toEqual(['run.created']);
    const [e] = events;
    expect(e).toMatchObject({ orgId: w.orgA.orgId, projectId: project.projectId, actor: { id: w.user.userId } });
    expect(e.data).toMatchObject({
      runId,
      runName: 'Release 1',
      projectName: 'Checkout',
      statusCounts: { total: 3, untested: 3, passed: 0 },
      passRate: 0,
    });
  });

  test('results.updated lists each result with its status before; run.completed once, when the last untested test gets a result', async () => {
    const { projectId, ids, runId } = await freshRun(3);
    const [a, b, c] = ids;

    await setStatus(projectId, runId, [
      { testId: a, status: 'passed' },
      { testId: b, status: 'failed' },
    ]).expect(200);
    let events = await newEvents();
    expect(types(events)).toEqual(['results.updated']);
    expect(events[0].data).toMatchObject({
      runId,
      runName: 'Nightly',
      total: 2,
      truncated: false,
      results: [
        { testId: a, title: 'Case 1', status: 'passed', previousStatus: 'untested' },
        { testId: b, title: 'Case 2', status: 'failed', previousStatus: 'untested' },
      ],
    });

    await setStatus(projectId, runId, [{ testId: c, status: 'blocked' }]).expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['results.updated', 'run.completed']);
    expect(ofType(events, 'run.completed')[0].data).toMatchObject({
      runId,
      statusCounts: { total: 3, passed: 1, failed: 1, blocked: 1, untested: 0 },
      passRate: 33.33,
    });

    // A later write to a complete run completes nothing.
    await setStatus(projectId, runId, [{ testId: b, status: 'passed' }]).expect(200);
    expect(types(await newEvents())).toEqual(['results.updated']);

    // Re-opened (a result back to untested), then completed again: told again.
    await setStatus(projectId, runId, [{ testId: a, status: 'untested' }]).expect(200);
    expect(types(await newEvents())).toEqual(['results.updated']);
    await setStatus(projectId, runId, [{ testId: a, status: 'passed' }]).expect(200);
    expect(types(await newEvents())).toEqual(['results.updated', 'run.completed']);
  });

  test('two writers completing one run at once: run.completed exactly once', async () => {
    const { projectId, ids, runId } = await freshRun(20);
    // Each request sets half; whichever commits second completes the run.
    await Promise.all([
      setAll(projectId, runId, ids.slice(0, 10), 'passed').expect(200),
      setAll(projectId, runId, ids.slice(10), 'passed').expect(200),
    ]);
    const events = await newEvents();
    expect(ofType(events, 'results.updated')).toHaveLength(2);
    expect(ofType(events, 'run.completed')).toHaveLength(1);
  });

  test('removing the last untested tests completes the run; adding tests re-opens it', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const [a, b] = await addTests(projectId, 2);
    const runId = await newRun(projectId, [a, b]);
    await setStatus(projectId, runId, [{ testId: a, status: 'passed' }]).expect(200);
    await newEvents();
    await api()
      .put('/run/remove-tests', { projectId, runId, testIds: [b] })
      .expect(200);
    expect(types(await newEvents())).toEqual(['run.completed']);
    await api()
      .put('/run/add-tests', { projectId, runId, testIds: [b] })
      .expect(200);
    expect(await newEvents()).toEqual([]);
    await setStatus(projectId, runId, [{ testId: b, status: 'passed' }]).expect(200);
    expect(types(await newEvents())).toEqual(['results.updated', 'run.completed']);
  });

  test('results.updated lists up to 1,000 results, then only counts them', async () => {
    const { projectId, ids, runId } = await freshRun(1001);
    await setAll(projectId, runId, ids.slice(0, 1000), 'failed').expect(200);
    let [e] = await newEvents();
    expect(e.data).toMatchObject({ total: 1000, truncated: false });
    expect((e.data as { results: unknown[] }).results).toHaveLength(1000);

    await setAll(projectId, runId, ids, 'passed').expect(200);
    const events = await newEvents();
    e = ofType(events, 'results.updated')[0];
    expect(e.data).toEqual({ runId, runName: 'Nightly', projectName: expect.any(String), total: 1001, truncated: true });
    expect(ofType(events, 'run.completed')).toHaveLength(1);
  });

  test('reset: results.updated with every test now retest, no run.completed', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const [a, b] = await addTests(projectId, 2);
    const runId = await newRun(projectId, [a, b]);
    await setStatus(projectId, runId, [{ testId: a, status: 'failed' }]).expect(200);
    await newEvents();
    await api().put('/run/reset', { projectId, runId }).expect(200);
    const events = await newEvents();
    expect(types(events)).toEqual(['results.updated']);
    expect(events[0].data).toMatchObject({
      total: 2,
      results: [
        { testId: a, status: 'retest', previousStatus: 'failed' },
        { testId: b, status: 'retest', previousStatus: 'untested' },
      ],
    });
  });

  test('lock, unlock, delete: run.locked, run.unlocked, run.deleted', async () => {
    const { projectId, runId } = await freshRun(2, 'To lock');
    await api().put('/run/lock', { projectId, runId }).expect(200);
    let [e] = await newEvents();
    expect(e).toMatchObject({ type: 'run.locked', data: { runId, runName: 'To lock', locked: true, statusCounts: { total: 2 } } });
    await admin().put('/run/unlock', { projectId, runId }).expect(200);
    [e] = await newEvents();
    expect(e).toMatchObject({ type: 'run.unlocked', data: { runId, locked: false } });
    await admin().delete('/run/delete', { projectId, runId }).expect(200);
    [e] = await newEvents();
    expect(e).toMatchObject({ type: 'run.deleted', data: { runId, runName: 'To lock', via: 'run', planId: null } });
  });

  test('a plan: run.created per run at create and add-entry, run.locked per run, run.deleted per run with the plan', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const ids = await addTests(projectId, 2);
    await newEvents();
    const created = await api()
      .post('/plan/create', { projectId, name: 'Release 3', entries: [{ testIds: ids }, { testIds: [ids[0]] }] })
      .expect(201);
    const planId = created.body.data.planId;
    const runIds: number[] = created.body.data.runs.map((r: { runId: number }) => r.runId);
    let events = await newEvents();
    expect(types(events)).toEqual(['run.created', 'run.created']);
    expect(events.map((e) => (e.data as { runId: number }).runId).sort()).toEqual([...runIds].sort());
    expect(events.every((e) => (e.data as { planId: number }).planId === planId)).toBe(true);

    await api()
      .put('/plan/add-entry', { projectId, planId, testIds: [ids[1]] })
      .expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['run.created']);
    const all = [...runIds, (events[0].data as { runId: number }).runId];

    await api().put('/plan/lock', { projectId, planId }).expect(200);
    expect(types(await newEvents())).toEqual(['run.locked', 'run.locked', 'run.locked']);

    await admin().delete('/plan/delete', { projectId, planId }).expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['run.deleted', 'run.deleted', 'run.deleted']);
    expect(events.map((e) => (e.data as { runId: number }).runId).sort()).toEqual(all.sort());
    expect(events.every((e) => (e.data as { via: string }).via === 'plan')).toBe(true);
  });

  test('run.completed names the new failures against the base run', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const [a, b, c] = await addTests(projectId, 3);
    const first = await newRun(projectId, [a, b, c], 'Build 1');
    await setAll(projectId, first, [a, b, c], 'passed').expect(200);
    const second = await newRun(projectId, [a, b, c], 'Build 2');
    await newEvents();
    await setStatus(projectId, second, [
      { testId: a, status: 'passed' },
      { testId: b, status: 'failed' },
      { testId: c, status: 'blocked' },
    ]).expect(200);
    const [completed] = ofType(await newEvents(), 'run.completed');
    expect(completed.data).toMatchObject({
      runId: second,
      newFailures: {
        baseRunId: first,
        baseRunName: 'Build 1',
        count: 2,
        tests: [
          { testId: b, title: 'Case 2', status: 'failed' },
          { testId: c, title: 'Case 3', status: 'blocked' },
        ],
      },
    });
  });
});

describe('tests.changed', () => {
  test('single and bulk routes: created, updated, deleted ids per request', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    await newEvents();
    const one = (await api().post('/test/create', { projectId, title: 'Solo' }).expect(201)).body.data.testId;
    expect((await newEvents()).map((e) => e.data)).toEqual([
      expect.objectContaining({
        created: [one],
        updated: [],
        deleted: [],
        counts: { created: 1, updated: 0, deleted: 0 },
        truncated: false,
      }),
    ]);
    await api().put('/test/update', { testId: one, title: 'Solo 2' }).expect(200);
    expect((await newEvents())[0].data).toMatchObject({ created: [], updated: [one] });

    const ids = await addTests(projectId, 3);
    expect((await newEvents())[0].data).toMatchObject({ created: ids });
    await api()
      .put('/test/bulk-update', { projectId, tests: ids.map((testId) => ({ testId, priorityId: null })) })
      .expect(200);
    expect((await newEvents())[0].data).toMatchObject({ updated: ids });
    await admin()
      .delete('/test/bulk-delete', { projectId, testIds: ids.slice(0, 2) })
      .expect(200);
    expect((await newEvents())[0].data).toMatchObject({ deleted: ids.slice(0, 2) });
    await admin().delete('/test/delete', { projectId, testId: one }).expect(200);
    const events = await newEvents();
    expect(types(events)).toEqual(['tests.changed']);
    expect(events[0].data).toMatchObject({ deleted: [one], counts: { deleted: 1 } });
  });

  test('bulk-update of tests of two projects: one event per project, each with its own ids', async () => {
    const p1 = await createProject(t.db, w.orgA.orgId, { projectName: 'Web' });
    const p2 = await createProject(t.db, w.orgA.orgId, { projectName: 'API' });
    const [a] = await addTests(p1.projectId, 1);
    const [b, c] = await addTests(p2.projectId, 2);
    await newEvents();
    await api()
      .put('/test/bulk-update', { tests: [a, b, c].map((testId) => ({ testId, title: `Renamed ${testId}` })) })
      .expect(200);
    const events = await newEvents();
    expect(types(events)).toEqual(['tests.changed', 'tests.changed']);
    const byProject = new Map(events.map((e) => [e.projectId, e.data]));
    expect(byProject.get(p1.projectId)).toMatchObject({ projectName: 'Web', updated: [a], counts: { updated: 1 } });
    expect(byProject.get(p2.projectId)).toMatchObject({ projectName: 'API', updated: [b, c], counts: { updated: 2 } });
  });

  test('a version restored, a section deleted (its tests moved), shared steps edited: updated', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const section = (await api().post('/project/add-section', { projectId, sectionName: 'Old' }).expect(201)).body.data;
    const test = (await api().post('/test/create', { projectId, title: 'First', sectionId: section.sectionId }).expect(201)).body.data;
    await api().put('/test/update', { testId: test.testId, title: 'Second' }).expect(200);
    await newEvents();
    await api().put('/test/restore-version', { projectId, testId: test.testId, version: 1 }).expect(200);
    expect((await newEvents())[0].data).toMatchObject({ updated: [test.testId] });

    await admin().delete('/project/delete-section', { sectionId: section.sectionId }).expect(200);
    expect((await newEvents())[0].data).toMatchObject({ updated: [test.testId] });

    const shared = (
      await api()
        .post('/project/add-shared-steps', { projectId, name: 'Login', steps: [{ action: 'Sign in' }] })
        .expect(201)
    ).body.data;
    await api()
      .put('/test/update', { testId: test.testId, steps: [{ sharedStepsId: shared.sharedStepsId }] })
      .expect(200);
    await newEvents();
    await api()
      .put('/project/edit-shared-steps', { sharedStepsId: shared.sharedStepsId, steps: [{ action: 'Sign in with SSO' }] })
      .expect(200);
    expect((await newEvents())[0].data).toMatchObject({ updated: [test.testId] });
  });

  test('a refused write (400, rolled back) emits nothing', async () => {
    const { projectId, ids, runId } = await freshRun(1);
    const [a] = ids;
    const bad = await api()
      .post('/test/bulk-add', { projectId, tests: [{ title: 'Fine' }, { title: 'Bad', sectionId: 999999 }] })
      .expect(400);
    expect(bad.body.code).toBe('invalid_reference');
    const refused = await setStatus(projectId, runId, [
      { testId: a, status: 'passed' },
      { testId: 999999, status: 'passed' },
    ]).expect(400);
    expect(refused.body.code).toBe('invalid_reference');
    expect(await newEvents()).toEqual([]);
  });

  test('an organization without webhooks records no event', async () => {
    const { projectId } = await createProject(t.db, w.orgB.orgId);
    const res = await t
      .as(w.adminB.token)
      .post('/test/bulk-add', { projectId, tests: [{ title: 'Quiet' }] })
      .expect(201);
    expect(res.body.data.count).toBe(1);
    expect(await newEvents()).toEqual([]);
  });
});

describe('imports and milestones', () => {
  test('CSV import: tests.changed (created) and import.completed with its counts', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId, { projectName: 'Imported' });
    await newEvents();
    const csv = 'Title,Section\nOne,Alpha\nTwo,Alpha\nThree,Beta\n';
    const res = await t.http
      .post('/api/v1/test/import-csv')
      .query({ projectId })
      .set('Authorization', `Bearer ${w.user.token}`)
      .set('Content-Type', 'text/csv')
      .send(Buffer.from(csv))
      .expect(201);
    expect(res.body.data.created).toBe(3);
    const events = await newEvents();
    expect(types(events)).toEqual(['import.completed', 'tests.changed']);
    expect(ofType(events, 'tests.changed')[0].data).toMatchObject({ counts: { created: 3 } });
    expect(ofType(events, 'import.completed')[0].data).toEqual({
      source: 'csv',
      projectName: 'Imported',
      rowsRead: 3,
      testsCreated: 3,
      sectionsCreated: 2,
      labelsCreated: 0,
    });
  });

  test('JUnit import with createMissing: run.created, results.updated, tests.changed, run.completed, import.completed', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId, { projectName: 'CI' });
    await newEvents();
    const xml = suite(
      'api',
      '<testcase classname="api.Users" name="lists"/>',
      '<testcase classname="api.Users" name="creates"><failure message="500"/></testcase>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true, runName: 'CI 41' }, xml).expect(201);
    const runId = res.body.data.runId;
    const events = await newEvents();
    expect(types(events)).toEqual(['import.completed', 'results.updated', 'run.completed', 'run.created', 'tests.changed']);
    const created = (ofType(events, 'tests.changed')[0].data as { created: number[] }).created;
    expect(created).toHaveLength(2);
    expect(ofType(events, 'results.updated')[0].data).toMatchObject({
      runId,
      total: 2,
      results: expect.arrayContaining([
        expect.objectContaining({ status: 'passed', previousStatus: null, title: expect.stringContaining('lists') }),
        expect.objectContaining({ status: 'failed', previousStatus: null }),
      ]),
    });
    expect(ofType(events, 'import.completed')[0].data).toMatchObject({
      source: 'junit',
      projectName: 'CI',
      newRun: true,
      run: { runId, runName: 'CI 41', statusCounts: { total: 2, passed: 1, failed: 1 }, passRate: 50 },
      tests: { total: 2, created: 2 },
      results: { passed: 1, failed: 1 },
    });

    // A new run of the same tests (matched by their keys): each listed once, new to the run.
    await importJUnit(t, w.user.token, { projectId, runName: 'CI 42' }, xml).expect(201);
    const fresh = ofType(await newEvents(), 'results.updated')[0].data as {
      total: number;
      results: { testId: number; previousStatus: null }[];
    };
    expect(fresh.total).toBe(2);
    expect(fresh.results.map((r) => r.testId).sort()).toEqual([...created].sort());
    expect(fresh.results.every((r) => r.previousStatus === null)).toBe(true);

    // Into the existing run: previous statuses, and no second run.completed.
    const again = suite('api', '<testcase classname="api.Users" name="lists"/>', '<testcase classname="api.Users" name="creates"/>');
    await importJUnit(t, w.user.token, { projectId, runId }, again).expect(201);
    const next = await newEvents();
    expect(types(next)).toEqual(['import.completed', 'results.updated']);
    expect(ofType(next, 'results.updated')[0].data).toMatchObject({
      results: expect.arrayContaining([expect.objectContaining({ status: 'passed', previousStatus: 'failed' })]),
    });
  });

  test('a dry run emits nothing', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    await newEvents();
    const xml = suite('dry', '<testcase classname="x" name="y"/>');
    await importJUnit(t, w.user.token, { projectId, createMissing: true, dryRun: true }, xml).expect(201);
    expect(await newEvents()).toEqual([]);
  });

  test('milestone.completed when completed (once; again after a reopen)', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId, { projectName: 'Roadmap' });
    const m = (await api().post('/milestone/create', { projectId, name: 'Beta' }).expect(201)).body.data;
    await newEvents();
    await api().put('/milestone/complete', { projectId, milestoneId: m.milestoneId }).expect(200);
    const [e] = await newEvents();
    expect(e).toMatchObject({
      type: 'milestone.completed',
      data: { milestoneId: m.milestoneId, name: 'Beta', projectName: 'Roadmap', runCount: 0, completedAt: expect.any(String) },
    });
    const again = await api().put('/milestone/complete', { projectId, milestoneId: m.milestoneId }).expect(409);
    expect(again.body.code).toBe('milestone_completed');
    expect(await newEvents()).toEqual([]);
    await api().put('/milestone/reopen', { projectId, milestoneId: m.milestoneId }).expect(200);
    expect(await newEvents()).toEqual([]);
    await api().put('/milestone/complete', { projectId, milestoneId: m.milestoneId }).expect(200);
    expect(types(await newEvents())).toEqual(['milestone.completed']);
  });
});

describe('chat messages from the events as emitted', () => {
  let completed: WebhookPayload;
  let locked: WebhookPayload;
  let imported: WebhookPayload;
  let other: WebhookPayload;

  beforeAll(async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId, { projectName: 'Chat <&> project' });
    const [a, b] = await addTests(projectId, 2);
    const first = await newRun(projectId, [a, b], 'Base');
    await setAll(projectId, first, [a, b], 'passed').expect(200);
    const runId = await newRun(projectId, [a, b], 'Nightly 7');
    await newEvents();
    await setStatus(projectId, runId, [
      { testId: a, status: 'passed' },
      { testId: b, status: 'failed' },
    ]).expect(200);
    let events = await newEvents();
    completed = ofType(events, 'run.completed')[0];
    other = ofType(events, 'results.updated')[0];
    await api().put('/run/lock', { projectId, runId }).expect(200);
    locked = (await newEvents())[0];
    await importJUnit(
      t,
      w.user.token,
      { projectId, createMissing: true, runName: 'CI 8' },
      suite('s', '<testcase classname="c" name="n"/>'),
    ).expect(201);
    events = await newEvents();
    imported = ofType(events, 'import.completed')[0];
  });

  const url = 'https://casebook.example.com/';

  test('Slack: a text line and blocks, with counts, new failures, and a button to the run', () => {
    const message = chatMessage('slack', completed, url) as { text: string; blocks: Record<string, unknown>[] };
    expect(message.text).toContain('Run completed: Nightly 7');
    expect(message.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Run completed: Nightly 7', emoji: true } });
    const json = JSON.stringify(message.blocks);
    // The project's name is escaped for mrkdwn.
    expect(json).toContain('Chat &lt;&amp;&gt; project');
    expect(json).toContain('*Pass rate*\\n50% (1 of 2)');
    expect(json).toContain('New failures since Base');
    const actions = message.blocks.find((b) => b.type === 'actions') as { elements: { url: string }[] };
    const { runId } = completed.data as { runId: number };
    expect(actions.elements[0].url).toBe(`https://casebook.example.com/projects/${completed.projectId}/runs/${runId}`);
    for (const event of [locked, imported]) {
      const m = chatMessage('slack', event, url) as { text: string; blocks: { type: string }[] };
      expect(typeof m.text).toBe('string');
      expect(m.blocks.map((b) => b.type)).toEqual(expect.arrayContaining(['header', 'section', 'actions']));
    }
    expect((chatMessage('slack', locked, url) as { text: string }).text).toContain('Run locked: Nightly 7');
    expect((chatMessage('slack', imported, url) as { text: string }).text).toContain('JUnit import completed: CI 8');
  });

  test('Teams: a message holding one Adaptive Card with facts and an Open action', () => {
    for (const event of [completed, locked, imported]) {
      const message = chatMessage('teams', event, url) as {
        type: string;
        attachments: {
          contentType: string;
          content: { type: string; version: string; body: { type: string }[]; actions: { type: string; url: string }[] };
        }[];
      };
      expect(message.type).toBe('message');
      expect(message.attachments).toHaveLength(1);
      const [attachment] = message.attachments;
      expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(attachment.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
      expect(attachment.content.body.map((b) => b.type)).toEqual(expect.arrayContaining(['TextBlock', 'FactSet']));
      expect(attachment.content.actions[0]).toMatchObject({
        type: 'Action.OpenUrl',
        url: expect.stringContaining('https://casebook.example.com/projects/'),
      });
    }
    const card = JSON.stringify(chatMessage('teams', completed, url));
    expect(card).toContain('"title":"Failed","value":"1"');
    expect(card).toContain('New failures since Base');
  });

  test('other events are not posted to chat', () => {
    expect(chatMessage('slack', other, url)).toBeNull();
    expect(chatMessage('teams', other, url)).toBeNull();
  });
});
