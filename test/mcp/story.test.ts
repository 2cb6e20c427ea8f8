import crypto from 'node:crypto';
import { rowFieldsOf } from '../../src/mcp/projection';
import { tools, toolsByName } from '../../src/mcp/tools';
import { TOOLSETS } from '../../src/mcp/toolsets';
import { createWorld, type World } from '../support/factories';
import { connectMcp, connectMcpHttp, dataOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// One story through every tool, as an assistant would tell it: organization →
// project → labels, squads, sections → tests → bulk → run → results → state →
// lock → reports → metadata, invitations, organizations → cleanup. Each answer
// is checked against the REST data. The same story runs over stdio (the spawned
// `casebook mcp`) and over Streamable HTTP (/mcp).

type Rec = Record<string, unknown>;
type Entry = { id: number; name: string };

describe.each(['stdio', 'http'] as const)('the story over %s', (transport) => {
  let app: RunningApp;
  let fetchBase: string;
  let w: World;
  let mcp: McpSession;
  let rest: ReturnType<typeof restAs>;
  const called = new Set<string>();

  /**
   * Calls a tool and returns its data, failing the test on an error result. A list tool is asked for
   * every field of its rows, to compare them with REST's (its compact view: projection.test.ts).
   */
  async function tool<T = Rec>(name: string, args: Rec = {}): Promise<T> {
    called.add(name);
    const whole = rowFieldsOf(toolsByName.get(name)!) && !('fields' in args) ? { fields: ['*'] } : {};
    return dataOf<T>(await mcp.call(name, { ...args, ...whole }));
  }

  /** The rows of a list REST answers whole, as the tool pages it (50 rows a page by default). */
  async function items<T = Rec>(name: string, args: Rec = {}): Promise<T[]> {
    const page = await tool<{ items: T[]; total: number; returned: number; hasMore: boolean }>(name, args);
    expect(page).toMatchObject({ total: page.items.length, returned: page.items.length, hasMore: false, limit: 50, offset: 0 });
    return page.items;
  }

  beforeAll(async () => {
    app = await startRealApp({ mcp: transport === 'http' });
    w = await createWorld(app.db);
    mcp =
      transport === 'stdio'
        ? await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ['--toolsets', TOOLSETS.join(',')])
        : await connectMcpHttp(app.url, w.admin.token, `?toolsets=${TOOLSETS.join(',')}`);
    // Over stdio the tools call CASEBOOK_URL; over /mcp, download hints name the server's PUBLIC_URL.
    fetchBase = transport === 'stdio' ? app.url : app.publicUrl;
    rest = restAs(app.url, w.admin.token);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.close();
  });

  // State the story builds up, step by step.
  const s = {} as {
    orgId: number;
    projectId: number;
    labels: { labelId: number; labelName: string }[];
    squadId: number;
    sectionId: number;
    subSectionId: number;
    lookups: Record<string, Entry[]>;
    testId: number;
    bulkIds: number[];
    runId: number;
    scratchRunId: number;
  };

  it('finds its organization and creates a project there', async () => {
    const orgs = await items<{ orgId: number }>('get-orgs-list');
    expect(orgs).toEqual(await rest.data('/orgs', {}));
    expect(orgs.map((o) => o.orgId)).toEqual([w.orgA.orgId]);
    s.orgId = w.orgA.orgId;
    expect(await tool('get-org-details', { orgId: s.orgId })).toEqual(await rest.data('/org/detail', { orgId: s.orgId }));

    const project = await tool<{ projectId: number }>('create-project', {
      orgId: s.orgId,
      projectName: 'Checkout',
      projectDescription: 'Shop',
    });
    expect(project).toMatchObject({ orgId: s.orgId, projectName: 'Checkout', projectDescription: 'Shop', isActive: true });
    s.projectId = project.projectId;
    const edited = await tool('edit-project', {
      projectId: s.projectId,
      projectDescription: 'Shop checkout',
      defectUrlTemplate: 'https://acme.atlassian.net/browse/{id}',
    });
    expect(edited).toMatchObject({
      projectId: s.projectId,
      projectName: 'Checkout',
      projectDescription: 'Shop checkout',
      defectUrlTemplate: 'https://acme.atlassian.net/browse/{id}',
    });

    const detail = await tool('get-project-detail', { projectId: s.projectId });
    expect(detail).toEqual(await rest.data('/project/detail', { projectId: s.projectId }));
    expect(detail).toMatchObject(edited);
  });

  it('pages projects and says when more exist', async () => {
    const first = await tool('get-projects', { orgId: s.orgId, page: 1, pageSize: 1 });
    const restFirst = await rest.data<Rec>('/projects', { orgId: s.orgId, page: 1, pageSize: 1 });
    expect(restFirst.total).toBe(2);
    expect(first).toEqual({ ...restFirst, returned: 1, hasMore: true, nextPage: 2 });
    const last = await tool('get-projects', { orgId: s.orgId, page: 2, pageSize: 1 });
    expect(last).toEqual({ ...(await rest.data<Rec>('/projects', { orgId: s.orgId, page: 2, pageSize: 1 })), returned: 1, hasMore: false });
  });

  it('sets up labels, squads and nested sections', async () => {
    const labels = await tool<{ labelId: number; labelName: string }[]>('add-labels', {
      projectId: s.projectId,
      labels: ['smoke', 'payments'],
    });
    expect(labels.map((l) => l.labelName)).toEqual(['smoke', 'payments']);
    s.labels = labels;
    expect(await items('get-labels', { projectId: s.projectId })).toEqual(await rest.data('/labels', { projectId: s.projectId }));

    const squads = await tool<{ squadId: number; squadName: string }[]>('add-squads', { projectId: s.projectId, squads: ['Team Pay'] });
    expect(squads.map((q) => q.squadName)).toEqual(['Team Pay']);
    s.squadId = squads[0].squadId;
    expect(await items('get-squads', { projectId: s.projectId })).toEqual(await rest.data('/squads', { projectId: s.projectId }));

    const top = await tool<{ sectionId: number }>('add-section', { projectId: s.projectId, sectionName: 'Checkout' });
    const sub = await tool<{ sectionId: number }>('add-section', {
      projectId: s.projectId,
      sectionName: 'Cards',
      parentSectionId: top.sectionId,
    });
    expect(sub).toMatchObject({ sectionName: 'Cards', parentSectionId: top.sectionId });
    s.sectionId = top.sectionId;
    s.subSectionId = sub.sectionId;
    expect(await tool('edit-section', { sectionId: sub.sectionId, sectionName: 'Card payments' })).toMatchObject({
      sectionId: sub.sectionId,
      sectionName: 'Card payments',
    });
    const sections = await items('get-sections', { projectId: s.projectId });
    expect(sections).toEqual(await rest.data('/sections', { projectId: s.projectId }));
    expect(sections).toEqual(
      expect.arrayContaining([expect.objectContaining({ sectionName: 'Card payments', parentSectionId: top.sectionId })]),
    );
  });

  it('reads the five lookup lists', async () => {
    const lists: [string, string, string][] = [
      ['get-priority', '/priority', 'Critical'],
      ['get-platforms', '/platforms', 'Web'],
      ['get-automation-status', '/automation-status', 'Automated'],
      ['get-type', '/type', 'Smoke'],
      ['get-test-covered-by', '/test-covered-by', 'E2E'],
    ];
    s.lookups = {};
    for (const [name, path, sample] of lists) {
      const entries = await items<Entry>(name, { projectId: s.projectId });
      expect(entries).toEqual(await rest.data(path, { projectId: s.projectId }));
      expect(entries.map((e) => e.name)).toContain(sample);
      s.lookups[name] = entries;
    }
  });

  const lookupId = (list: string, name: string) => s.lookups[list].find((e) => e.name === name)!.id;

  it('reads the whole project context in one call: the lists above, sections as paths', async () => {
    const context = await tool<Rec>('get-project-context', { projectId: s.projectId });
    expect(context).toEqual(await rest.data('/project/context', { projectId: s.projectId }));
    expect(context).toMatchObject({
      projectId: s.projectId,
      projectName: 'Checkout',
      sections: [
        { sectionId: s.sectionId, path: 'Checkout' },
        { sectionId: s.subSectionId, path: 'Checkout > Card payments' },
      ],
      labels: s.labels.map((l) => ({ id: l.labelId, name: l.labelName })),
      squads: [{ id: s.squadId, name: 'Team Pay' }],
      lookups: {
        priority: s.lookups['get-priority'],
        type: s.lookups['get-type'],
        automationStatus: s.lookups['get-automation-status'],
        platform: s.lookups['get-platforms'],
        testCoveredBy: s.lookups['get-test-covered-by'],
      },
    });
    expect((context.members as { userId: number }[]).map((m) => m.userId)).toContain(w.admin.userId);
  });

  it('creates a test whose testName becomes its title, and updates it', async () => {
    const created = await tool<{ testId: number }>('create-test', {
      projectId: s.projectId,
      testName: 'Pay by card',
      testDescription: 'A card payment goes through',
      sectionId: s.subSectionId,
      priorityId: lookupId('get-priority', 'Critical'),
      typeId: lookupId('get-type', 'Smoke'),
      automationStatusId: lookupId('get-automation-status', 'Automated'),
      platformId: lookupId('get-platforms', 'Web'),
      testCoveredById: lookupId('get-test-covered-by', 'E2E'),
      squadId: s.squadId,
      labels: [s.labels[0].labelId],
    });
    expect(created).toMatchObject({ title: 'Pay by card', sectionId: s.subSectionId, squadId: s.squadId, labels: [s.labels[0].labelId] });
    s.testId = created.testId;
    const updated = await tool('update-test', {
      testId: s.testId,
      testName: 'Pay by card (3-D Secure)',
      labels: s.labels.map((l) => l.labelId),
    });
    expect(updated).toMatchObject({ testId: s.testId, title: 'Pay by card (3-D Secure)', sectionId: s.subSectionId });
    const details = await tool('get-test-details', { testId: s.testId, projectId: s.projectId });
    expect(details).toEqual(await rest.data('/test/details', { testId: s.testId, projectId: s.projectId }));
    expect(details).toMatchObject({ title: 'Pay by card (3-D Secure)', labels: expect.arrayContaining(s.labels.map((l) => l.labelId)) });

    const versions = await tool<Rec>('get-test-versions', { testId: s.testId, projectId: s.projectId });
    const restVersions = await rest.data<Rec>('/test/versions', { testId: s.testId, projectId: s.projectId, limit: 50 });
    expect(versions).toEqual({ ...restVersions, returned: 2, hasMore: false });
    expect(versions.versions).toMatchObject([
      { version: 2, changedFields: ['title', 'labels'] },
      { version: 1, changedFields: expect.arrayContaining(['title']) },
    ]);
    const first = await tool<{ versions: { content: Rec }[] }>('get-test-versions', {
      testId: s.testId,
      projectId: s.projectId,
      version: 1,
    });
    expect(first.versions[0].content).toMatchObject({ title: 'Pay by card', labels: [s.labels[0].labelId] });
  });

  it('adds and updates tests in bulk', async () => {
    const added = await tool<{ testIds: number[]; count: number }>('bulk-add-tests', {
      projectId: s.projectId,
      tests: [{ testName: 'Pay by invoice', sectionId: s.sectionId }, { testName: 'Refund' }, { testName: 'Cancel order' }],
    });
    expect(added.count).toBe(3);
    s.bulkIds = added.testIds;
    const high = lookupId('get-priority', 'High');
    const updated = await tool<{ testIds: number[]; count: number }>('bulk-update-tests', {
      tests: [
        { testId: s.bulkIds[0], priorityId: high },
        { testId: s.bulkIds[1], priorityId: high, testName: 'Refund in full' },
      ],
    });
    expect(updated).toEqual({ testIds: [s.bulkIds[0], s.bulkIds[1]], count: 2 });
    const refund = await rest.data<Rec>('/test/details', { testId: s.bulkIds[1], projectId: s.projectId });
    expect(refund).toMatchObject({ title: 'Refund in full', priorityId: high });
  });

  it('lists, counts and exports the tests', async () => {
    const page = await tool('get-tests', { projectId: s.projectId, limit: 3, offset: 0 });
    const restPage = await rest.data<Rec>('/project/tests', { projectId: s.projectId, limit: 3, offset: 0 });
    expect(restPage.total).toBe(4);
    expect(page).toEqual({ ...restPage, returned: 3, hasMore: true, nextOffset: 3 });
    const rest2 = await rest.data<Rec>('/project/tests', { projectId: s.projectId, limit: 3, offset: 3 });
    expect(await tool('get-tests', { projectId: s.projectId, limit: 3, offset: 3 })).toEqual({ ...rest2, returned: 1, hasMore: false });
    expect(await tool('get-tests', { projectId: s.projectId, sectionId: s.sectionId })).toMatchObject({
      total: 1,
      returned: 1,
      limit: 50,
      hasMore: false,
    });

    const high = lookupId('get-priority', 'High');
    const count = await tool('get-tests-count', { projectId: s.projectId, priorityId: high });
    expect(count).toEqual(await rest.data('/project/tests-count', { projectId: s.projectId, priorityId: high }));
    expect(count).toEqual({ count: 2 });

    // A summary with the first rows, and the REST call that fetches the whole file.
    const json = await tool<Rec>('download-tests', { projectId: s.projectId });
    const restJson = await rest.raw('GET', '/tests/download', { projectId: s.projectId, format: 'json' });
    expect(json).toMatchObject({
      format: 'json',
      bytes: restJson.body.length,
      count: 4,
      first: JSON.parse(restJson.body.toString()),
      fetch: { method: 'GET', url: `${fetchBase}/api/v1/tests/download?projectId=${s.projectId}&format=json` },
    });

    const csv = await tool<Rec & { first: string[] }>('download-tests', { projectId: s.projectId, format: 'csv' });
    const restCsv = await rest.raw('GET', '/tests/download', { projectId: s.projectId, format: 'csv' });
    const lines = restCsv.body.toString('utf8').trimEnd().split(/\r?\n/);
    expect(csv).toMatchObject({
      format: 'csv',
      filename: /filename="([^"]+)"/.exec(restCsv.headers.get('content-disposition')!)![1],
      contentType: restCsv.headers.get('content-type'),
      bytes: restCsv.body.length,
      count: 4,
      header: lines[0],
      first: lines.slice(1),
    });
    expect(csv.first.join('\n')).toContain('Checkout > Card payments');
  });

  it('runs the tests: create, edit, record results, reset, remove', async () => {
    const allIds = [s.testId, ...s.bulkIds];
    const run = await tool<{ runId: number }>('create-run', {
      projectId: s.projectId,
      runName: 'Release 1',
      runDescription: 'RC',
      build: { commit: '3f9c2ab', branch: 'main' },
      testIds: allIds,
    });
    expect(run).toMatchObject({ runName: 'Release 1', locked: false, build: { commit: '3f9c2ab', branch: 'main', ciJob: null } });
    s.runId = run.runId;
    const scratch = await tool<{ runId: number }>('create-run', { projectId: s.projectId, runName: 'Scratch', testIds: [s.testId] });
    s.scratchRunId = scratch.runId;
    expect(
      await tool('edit-run', {
        runId: s.runId,
        projectId: s.projectId,
        runDescription: 'Release candidate 1',
        build: { buildNumber: '1287', branch: null },
      }),
    ).toMatchObject({
      runDescription: 'Release candidate 1',
      build: { commit: '3f9c2ab', branch: null, buildNumber: '1287' },
    });

    const runs = await tool('get-runs', { projectId: s.projectId, limit: 1 });
    expect(runs).toEqual({
      ...(await rest.data<Rec>('/runs', { projectId: s.projectId, limit: 1 })),
      returned: 1,
      hasMore: true,
      nextOffset: 1,
    });

    const inRun = { runId: s.runId, projectId: s.projectId };
    const [card, invoice, refund, cancel] = allIds;
    const first = await tool('run-update-test-status', {
      ...inRun,
      testResults: [
        { testId: card, status: 'failed', comment: '3-D Secure popup hangs' },
        { testId: invoice, status: 'passed' },
      ],
    });
    expect(first).toEqual({ updated: 2 });
    expect(await tool('run-reset', inRun)).toMatchObject({ reset: 4 });
    expect((await rest.data<Rec>('/run/state-detail', inRun)).retest).toBe(4);

    expect(
      await tool('run-update-test-status', {
        ...inRun,
        testResults: [
          { testId: card, status: 'passed', comment: 'fixed' },
          { testId: invoice, status: 'passed' },
          { testId: refund, status: 'blocked', comment: 'no sandbox', defects: ['SHOP-12', ' SHOP-12 '] },
        ],
      }),
    ).toEqual({ updated: 3 });
    expect(await tool('run-remove-tests', { ...inRun, testIds: [cancel] })).toMatchObject({ removed: 1 });
    const inScratch = { runId: s.scratchRunId, projectId: s.projectId };
    expect(await tool('run-add-tests', { ...inScratch, testIds: [cancel, s.testId] })).toEqual({ added: 1, total: 2 });
  });

  it('reads the state, results and histories of the run', async () => {
    const inRun = { runId: s.runId, projectId: s.projectId };
    const state = await tool('get-run-state-detail', inRun);
    expect(state).toEqual(await rest.data('/run/state-detail', inRun));
    expect(state).toMatchObject({ total: 3, passed: 2, blocked: 1, failed: 0, untested: 0, locked: false });

    const detail = await tool('run-detail', inRun);
    expect(detail).toEqual(await rest.data('/run/detail', inRun));
    // The one tool for both: the run's detail holds its state.
    const run = await tool<Rec>('get-run', inRun);
    expect(run).toEqual(detail);
    expect(run).toMatchObject({ runId: s.runId, locked: false, statusCounts: { total: 3, passed: 2, blocked: 1, failed: 0, untested: 0 } });

    const page = await tool('get-run-tests-list', { ...inRun, limit: 2 });
    expect(page).toEqual({ ...(await rest.data<Rec>('/run/tests', { ...inRun, limit: 2 })), returned: 2, hasMore: true, nextOffset: 2 });

    const blocked = await tool<{ tests: { testId: number; comment: string }[] }>('get-run-test-status', { ...inRun, status: 'blocked' });
    expect(blocked).toEqual({
      ...(await rest.data<Rec>('/run/test-status', { ...inRun, status: 'blocked', limit: 50 })),
      returned: 1,
      hasMore: false,
    });
    expect(blocked.tests.map((t) => [t.testId, t.comment])).toEqual([[s.bulkIds[1], 'no sandbox']]);
    // The one tool for a run's tests, all of them or of one status.
    expect(await tool('get-run-tests', { ...inRun, status: 'blocked' })).toEqual(blocked);
    expect(await tool('get-run-tests', { ...inRun, limit: 2 })).toEqual(page);
    const one = await tool<Rec>('get-run-test', { ...inRun, testId: s.bulkIds[1] });
    expect(one).toEqual(await rest.data('/run/test-detail', { ...inRun, testId: s.bulkIds[1] }));
    expect(one).toMatchObject({ testId: s.bulkIds[1], status: 'blocked', comment: 'no sandbox', changedSince: null });
    const linked = await tool<{ tests: { testId: number; defects: unknown }[] }>('get-run-tests-list', { ...inRun, defect: 'SHOP-12' });
    expect(linked.tests.map((t) => [t.testId, t.defects])).toEqual([
      [s.bulkIds[1], [{ id: 'SHOP-12', url: 'https://acme.atlassian.net/browse/SHOP-12' }]],
    ]);
    const defects = await tool('get-defects', { projectId: s.projectId, runId: s.runId });
    expect(defects).toEqual({
      ...(await rest.data<Rec>('/defects', { projectId: s.projectId, runId: s.runId, limit: 50 })),
      returned: 1,
      hasMore: false,
    });
    expect(defects).toMatchObject({ total: 1, defects: [{ id: 'SHOP-12', resultCount: 1, failedCount: 0, runCount: 1, testCount: 1 }] });
    const stability = await tool<{ tests: { testId: number; executions: number }[]; window: { runs: number } }>('get-test-stability', {
      projectId: s.projectId,
      window: 5,
      sort: 'failureRate',
    });
    expect(stability).toEqual({
      ...(await rest.data<Rec>('/project/test-stability', { projectId: s.projectId, window: 5, sort: 'failureRate', limit: 25 })),
      returned: stability.tests.length,
      hasMore: false,
    });
    expect(stability.window.runs).toBeGreaterThan(0);
    const neverRun = await tool<{ tests: unknown[] }>('get-test-stability', { projectId: s.projectId, window: 'all', neverRun: true });
    expect(neverRun.tests).toEqual(
      (await rest.data<{ tests: unknown[] }>('/project/test-stability', { projectId: s.projectId, window: 'all', neverRun: true })).tests,
    );
    const comparison = await tool<{ run: { runId: number }; totals: Record<string, number> }>('get-run-comparison', inRun);
    expect(comparison).toEqual(await rest.data<Rec>('/run/compare', { ...inRun, perCategory: 10, groups: 10 }));
    // Without runId: the project's latest run.
    expect(await tool('get-run-comparison', { projectId: s.projectId })).toEqual(
      await rest.data<Rec>('/run/compare', { projectId: s.projectId, perCategory: 10, groups: 10 }),
    );
    expect(comparison.run.runId).toBe(s.runId);
    const dashboard = await tool<{ days: number; counts: { tests: number } }>('get-project-dashboard', { projectId: s.projectId, days: 7 });
    expect(dashboard).toMatchObject({
      days: 7,
      counts: (await rest.data<{ counts: unknown }>('/project/dashboard', { projectId: s.projectId, days: 7 })).counts,
    });
    const activity = await tool<{ total: number; people: { kinds: { kind: string }[] }[] }>('get-project-activity', {
      projectId: s.projectId,
      since: '1h',
    });
    expect(activity.total).toBeGreaterThan(0);
    expect(activity.people.flatMap((p) => p.kinds.map((g) => g.kind))).toContain('test.created');
    const executions = await tool<{ executions: { runId: number }[] }>('get-test-executions', {
      projectId: s.projectId,
      testId: s.bulkIds[1],
    });
    expect(executions).toEqual({
      ...(await rest.data<Rec>('/test/executions', { projectId: s.projectId, testId: s.bulkIds[1], limit: 50 })),
      returned: 1,
      hasMore: false,
    });
    expect(executions.executions.map((e) => e.runId)).toContain(s.runId);
    const firstOfAll = await tool('get-run-test-status', { ...inRun, limit: 1 });
    expect(firstOfAll).toEqual({
      ...(await rest.data<Rec>('/run/test-status', { ...inRun, limit: 1 })),
      returned: 1,
      hasMore: true,
      nextOffset: 1,
    });
    expect(firstOfAll).toMatchObject({ total: 3, limit: 1, offset: 0 });

    const inRunHistory = await items<{ status: string }>('get-test-status-history-in-run', { testId: s.testId, runId: s.runId });
    expect(inRunHistory).toEqual(await rest.data('/run/test-status-history', { testId: s.testId, runId: s.runId }));
    expect(inRunHistory.map((h) => h.status).slice(0, 3)).toEqual(['passed', 'retest', 'failed']);

    const history = await items('get-test-status-history', { testId: s.testId, projectId: s.projectId });
    expect(history).toEqual(await rest.data('/test/status-history', { testId: s.testId, projectId: s.projectId }));
  });

  it('plans the release: a milestone holding the run, its progress, the members, an assignment and my work', async () => {
    const { milestoneId } = await rest.call<{ milestoneId: number }>('POST', '/milestone/create', {
      projectId: s.projectId,
      name: 'Release 1',
    });
    expect(await tool('edit-run', { runId: s.runId, projectId: s.projectId, milestoneId })).toMatchObject({ milestoneId });
    const list = await tool<{ milestones: { milestoneId: number; statusCounts: { total: number } }[] }>('get-milestones', {
      projectId: s.projectId,
    });
    expect(list.milestones.map((m) => [m.milestoneId, m.statusCounts.total])).toEqual([[milestoneId, 3]]);
    const progress = await tool<{ progress: { untested: number; runs: unknown[] } }>('get-milestone-progress', {
      projectId: s.projectId,
      milestoneId,
    });
    expect(progress.progress.untested).toBe(0);
    const members = await tool<{ items: { userId: number }[] }>('get-project-members', { projectId: s.projectId });
    expect(members.items.map((m) => m.userId)).toContain(w.admin.userId);
    expect(
      await tool('assign-tests', { runId: s.scratchRunId, projectId: s.projectId, allTests: true, assigneeId: w.admin.userId }),
    ).toEqual({ assigned: 2, assignees: [{ assigneeId: w.admin.userId, count: 2 }] });
    const work = await tool<{ runs: { runId: number; untested: number }[] }>('get-my-work');
    expect(work.runs).toContainEqual(expect.objectContaining({ runId: s.scratchRunId, untested: 2 }));

    const plan = await tool<{ planId: number; runs: { runName: string }[]; statusCounts: { total: number } }>('create-plan', {
      projectId: s.projectId,
      name: 'Release 1 plan',
      milestoneId,
      entries: [{ testIds: [s.testId], assignTo: w.admin.userId }],
    });
    expect([plan.runs.map((r) => r.runName), plan.statusCounts.total]).toEqual([['Release 1 plan'], 1]);
    const plans = await tool<{ plans: { planId: number }[] }>('get-plans', { projectId: s.projectId, milestoneId });
    expect(plans.plans.map((p) => p.planId)).toEqual([plan.planId]);
    const read = await tool<{ assignees: unknown[]; matrix: { tests: { testId: number; statuses: string[] }[] } }>('get-plan', {
      projectId: s.projectId,
      planId: plan.planId,
    });
    expect(read.matrix.tests).toEqual([expect.objectContaining({ testId: s.testId, statuses: ['untested'] })]);
    expect(read.assignees).toEqual([expect.objectContaining({ assigneeId: w.admin.userId, done: 0, total: 1 })]);
    await rest.call('DELETE', '/plan/delete', { projectId: s.projectId, planId: plan.planId });
  });

  it('reads the configurations a plan runs across: groups by name, options in order', async () => {
    const browser = await rest.call<{ groupId: number }>('POST', '/project/add-configuration-group', {
      projectId: s.projectId,
      name: 'Browser',
      options: ['Chrome', 'Firefox'],
    });
    await rest.call('POST', '/project/add-configuration-group', { projectId: s.projectId, name: 'OS', options: ['Linux', 'Windows'] });
    const configurations = await tool<{ groups: { groupId: number; name: string; options: { name: string }[] }[] }>('get-configurations', {
      projectId: s.projectId,
    });
    expect(configurations).toEqual(await rest.data('/project/configurations', { projectId: s.projectId }));
    expect(configurations.groups.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Browser', ['Chrome', 'Firefox']],
      ['OS', ['Linux', 'Windows']],
    ]);
    expect(configurations.groups[0].groupId).toBe(browser.groupId);
  });

  it('lists and reads the files attached to a result: an image shown, a log as text, other bytes as how to fetch them', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('file', new Blob([png]), 'failure.png');
    form.append('file', new Blob(['step 3 timed out\n']), 'run.log');
    form.append('file', new Blob([new Uint8Array([0, 1, 2, 255])]), 'dump.bin');
    const query = `projectId=${s.projectId}&testId=${s.testId}&runId=${s.runId}`;
    const uploaded = await fetch(`${app.url}/api/v1/attachment/upload?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${w.admin.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const inRun = { projectId: s.projectId, testId: s.testId, runId: s.runId };
    const listed = await items<{ attachmentId: number; fileName: string }>('get-attachments', inRun);
    expect(listed).toEqual(await rest.data('/attachments', inRun));
    const [dump, log, image] = listed;
    expect([dump.fileName, log.fileName, image.fileName]).toEqual(['dump.bin', 'run.log', 'failure.png']);

    called.add('get-attachment');
    const shown = await mcp.call('get-attachment', { projectId: s.projectId, attachmentId: image.attachmentId });
    expect(shown.content[1]).toEqual({ type: 'image', data: png.toString('base64'), mimeType: 'image/png' });
    expect(await tool('get-attachment', { projectId: s.projectId, attachmentId: log.attachmentId })).toEqual({
      filename: 'run.log',
      contentType: 'text/plain; charset=utf-8',
      bytes: 17,
      text: 'step 3 timed out\n',
    });
    const other = await tool<{ fetch: { url: string } }>('get-attachment', { projectId: s.projectId, attachmentId: dump.attachmentId });
    expect(other).toMatchObject({ filename: 'dump.bin', contentType: 'application/octet-stream', bytes: 4 });
    expect(other.fetch.url).toBe(`${fetchBase}/api/v1/attachment/download?projectId=${s.projectId}&attachmentId=${dump.attachmentId}`);

    // An assistant attaches its own findings: text, and bytes as base64.
    const [note] = await tool<Rec[]>('add-attachment', { ...inRun, fileName: 'notes "1".txt', text: 'retried twice' });
    expect(note).toMatchObject({ fileName: 'notes %221%22.txt', contentType: 'text/plain; charset=utf-8', size: 13, runId: s.runId });
    const [shot] = await tool<Rec[]>('add-attachment', {
      projectId: s.projectId,
      testId: s.testId,
      fileName: 'again.png',
      contentBase64: png.toString('base64'),
    });
    expect(shot).toMatchObject({ fileName: 'again.png', contentType: 'image/png', size: png.length, runId: null });
    expect(await rest.data('/attachments', { projectId: s.projectId, testId: s.testId })).toEqual([shot]);
    const refused = await mcp.call('add-attachment', { ...inRun, fileName: 'x.txt' });
    expect(refused.isError).toBe(true);
  });

  it('locks the run and downloads its report as json, html and pdf', async () => {
    const inRun = { runId: s.runId, projectId: s.projectId };
    expect(await tool('run-lock', inRun)).toMatchObject({ runId: s.runId, locked: true, lockedBy: w.admin.userId });
    const inScratch = { runId: s.scratchRunId, projectId: s.projectId };
    await tool('run-lock', inScratch);
    expect(await tool('run-unlock', inScratch)).toMatchObject({ runId: s.scratchRunId, locked: false, lockedBy: null, lockedAt: null });

    // Summaries: the run, its counts and first tests; the files themselves through the REST call named.
    const report = await tool<Rec & { fetch: { url: string } }>('download-report', inRun);
    const restReport = JSON.parse((await rest.raw('GET', '/run/report', { ...inRun, format: 'json' })).body.toString()) as Rec & {
      tests: Rec[];
    };
    const { tests: reportTests, ...reportHead } = restReport;
    expect(report).toMatchObject({ format: 'json', ...reportHead, count: 3, first: reportTests });
    expect(report.summary).toMatchObject({ total: 3, passed: 2, blocked: 1 });
    expect(report.fetch.url).toBe(`${fetchBase}/api/v1/run/report?runId=${s.runId}&projectId=${s.projectId}&format=json`);

    // The hint names the public address; this test's server listens on app.url behind it.
    const fetched = async (url: string) => {
      expect(url.startsWith(fetchBase)).toBe(true);
      const res = await fetch(app.url + url.slice(fetchBase.length), { headers: { Authorization: `Bearer ${w.admin.token}` } });
      expect(res.status).toBe(200);
      return { headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    };
    const html = await tool<Rec & { fetch: { url: string } }>('download-report', { ...inRun, format: 'html' });
    const restHtml = await rest.raw('GET', '/run/report', { ...inRun, format: 'html' });
    expect(html).toMatchObject({
      format: 'html',
      filename: /filename="([^"]+)"/.exec(restHtml.headers.get('content-disposition')!)![1],
      contentType: restHtml.headers.get('content-type'),
    });
    expect(html).not.toHaveProperty('content');
    // The page itself, by the call the summary names (its size differs only by the generation time).
    const page = await fetched(html.fetch.url);
    expect(page.body.toString()).toContain('Release 1');
    expect(Math.abs(Number(html.bytes) - page.body.length)).toBeLessThan(64);

    const pdf = await tool<Rec & { fetch: { url: string } }>('download-report', { ...inRun, format: 'pdf' });
    const restPdf = await rest.raw('GET', '/run/report', { ...inRun, format: 'pdf' });
    expect(pdf).toMatchObject({
      format: 'pdf',
      filename: /filename="([^"]+)"/.exec(restPdf.headers.get('content-disposition')!)![1],
      contentType: 'application/pdf',
    });
    expect(pdf).not.toHaveProperty('base64');
    const bytes = (await fetched(pdf.fetch.url)).body;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
    // Same document apart from its generation time.
    expect(Math.abs(bytes.length - Number(pdf.bytes))).toBeLessThan(64);
  });

  it('reads users', async () => {
    const me = await tool('get-user-details', { userId: w.admin.userId });
    expect(me).toEqual(await rest.data('/user/details', { userId: w.admin.userId }));
    expect(me).toMatchObject({ role: 'Admin', email: w.admin.email });
    expect(await tool('update-user-role', { userId: w.reader.userId, role: 'User', orgId: s.orgId })).toMatchObject({
      userId: w.reader.userId,
      role: 'User',
    });
    const audit = await tool<{ events: Rec[] }>('get-audit', { orgId: s.orgId, limit: 1 });
    expect(audit.events).toEqual((await rest.data<{ events: Rec[] }>('/audit', { orgId: s.orgId, limit: 1 })).events);
    expect(audit.events[0]).toMatchObject({ action: 'user.role-changed', actorId: w.admin.userId, detail: { from: 'Reader', to: 'User' } });
    const users = await tool('get-all-users', { orgId: s.orgId, limit: 2 });
    expect(users).toEqual({
      ...(await rest.data<Rec>('/all-users', { orgId: s.orgId, limit: 2 })),
      returned: 2,
      hasMore: true,
      nextOffset: 2,
    });
  });

  it('records CI results from a JUnit report in an open run', async () => {
    const inScratch = { runId: s.scratchRunId, projectId: s.projectId };
    // The test is named by a casebook_id property (names are read as ids only with caseMatcher=name).
    const xml = `<testsuite name="ci"><testcase classname="Checkout" name="pays by card" time="0.5"><properties><property name="casebook_id" value="${s.testId}"/></properties></testcase></testsuite>`;
    const summary = await tool('import-junit', { projectId: s.projectId, runId: s.scratchRunId, xml });
    expect(summary).toMatchObject({ runId: s.scratchRunId, total: 1, matched: 1, passed: 1, elapsedMs: 500 });
    const tests = await rest.data<{ tests: { testId: number; status: string }[] }>('/run/tests', inScratch);
    expect(tests.tests.find((t) => t.testId === s.testId)?.status).toBe('passed');
  });

  it('imports test cases from a TestRail CSV export: a dry run first, then the import', async () => {
    // Into the organization's other project, so the story's own catalog stays as it is.
    const projectId = w.projectA.projectId;
    const csv = 'Title,Section Hierarchy,Priority,Steps (Step)\nPay by card,Checkout > Payment,High,"1. Add an item\n2. Pay"\n';
    const args = { projectId, csv, mapping: JSON.stringify({ preset: 'testrail' }) };
    const dry = await tool<Rec>('import-tests-csv', { ...args, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, rowsRead: 1, testsToCreate: 1, created: 0, errorCount: 0 });
    expect(dry.preview).toEqual([expect.objectContaining({ title: 'Pay by card', section: 'Checkout > Payment', priority: 'High' })]);
    expect(await rest.data('/project/tests-count', { projectId })).toEqual({ count: 0 });
    expect(await tool('import-tests-csv', { ...args, dryRun: false })).toMatchObject({ created: 1, sectionsToCreate: { count: 2 } });
    const tests = await rest.data<{ tests: Rec[] }>('/project/tests', { projectId });
    expect(tests.tests.map((t) => [t.title, t.steps])).toEqual([['Pay by card', [{ action: 'Add an item' }, { action: 'Pay' }]]]);
  });

  it('administers the metadata lists, an invitation and a new organization', async () => {
    // A label, a squad and a priority are added, renamed, then deleted once nothing holds them.
    const [label] = await tool<{ labelId: number }[]>('add-labels', { projectId: s.projectId, labels: ['scratch'] });
    expect(await tool('edit-label', { labelId: label.labelId, labelName: 'Scratch label' })).toMatchObject({ labelName: 'Scratch label' });
    expect(await tool('delete-label', { labelId: label.labelId })).toEqual({ labelId: label.labelId, deleted: true });
    const [squad] = await tool<{ squadId: number }[]>('add-squads', { projectId: s.projectId, squads: ['Team Scratch'] });
    expect(await tool('edit-squad', { squadId: squad.squadId, squadName: 'Team Gone' })).toMatchObject({ squadName: 'Team Gone' });
    expect(await tool('delete-squad', { squadId: squad.squadId })).toEqual({ squadId: squad.squadId, deleted: true });
    const added = await tool<{ id: number }>('add-lookup', { projectId: s.projectId, kind: 'priority', name: 'Someday' });
    expect(await tool('edit-lookup', { lookupId: added.id, name: 'Never' })).toMatchObject({ id: added.id, name: 'Never' });
    expect((await rest.data<Entry[]>('/priority', { projectId: s.projectId })).map((e) => e.name)).toContain('Never');
    expect(await tool('delete-lookup', { lookupId: added.id })).toEqual({ lookupId: added.id, deleted: true });
    expect(await rest.data<Rec[]>('/labels', { projectId: s.projectId })).toHaveLength(s.labels.length);

    // Shared steps: added, listed with how many tests use them, used by a test, edited (the test reads the new steps), then deleted once unused.
    const shared = await tool<{ sharedStepsId: number }>('add-shared-steps', {
      projectId: s.projectId,
      name: 'Log in',
      steps: [{ action: 'Open /login' }, { action: 'Sign in', expected: 'The dashboard shows' }],
    });
    const user = await tool<{ testId: number }>('create-test', {
      projectId: s.projectId,
      testName: 'Uses shared steps',
      steps: [{ sharedStepsId: shared.sharedStepsId }],
    });
    expect(await items('get-shared-steps', { projectId: s.projectId })).toEqual(
      await rest.data('/shared-steps', { projectId: s.projectId }),
    );
    expect(await items('get-shared-steps', { projectId: s.projectId })).toEqual([
      expect.objectContaining({ name: 'Log in', testCount: 1 }),
    ]);
    expect(await tool('edit-shared-steps', { sharedStepsId: shared.sharedStepsId, steps: [{ action: 'Sign in with SSO' }] })).toMatchObject(
      { testsChanged: 1 },
    );
    const used = await rest.data<{ steps: unknown }>('/test/details', { projectId: s.projectId, testId: user.testId });
    expect(used.steps).toEqual([{ sharedStepsId: shared.sharedStepsId, name: 'Log in', steps: [{ action: 'Sign in with SSO' }] }]);
    await rest.raw('DELETE', '/test/delete', { projectId: s.projectId, testId: user.testId });
    expect(await tool('delete-shared-steps', { sharedStepsId: shared.sharedStepsId })).toEqual({
      sharedStepsId: shared.sharedStepsId,
      deleted: true,
    });

    // A custom field: added, listed as REST lists it, its options widened, then deleted.
    const field = await tool<{ fieldId: number; key: string }>('add-custom-field', {
      projectId: s.projectId,
      name: 'Story area',
      fieldType: 'select',
      options: ['a'],
      appliesTo: 'test',
    });
    expect(field.key).toBe('story_area');
    expect(await items('get-custom-fields', { projectId: s.projectId })).toEqual(
      await rest.data('/custom-fields', { projectId: s.projectId }),
    );
    expect(await tool('edit-custom-field', { projectId: s.projectId, fieldId: field.fieldId, options: ['a', 'b'] })).toMatchObject({
      options: ['a', 'b'],
    });
    expect(await tool('delete-custom-field', { projectId: s.projectId, fieldId: field.fieldId })).toEqual({
      fieldId: field.fieldId,
      deleted: true,
      tests: 0,
      results: 0,
    });

    // An invitation is listed while pending, then revoked.
    await rest.raw('POST', '/user/invite', { orgId: s.orgId, email: 'story-invite@example.test', role: 'Reader' });
    const pending = await tool<{ invitations: { invitationId: number; email: string }[] }>('get-invitations', { orgId: s.orgId });
    expect(pending.invitations).toEqual((await rest.data<{ invitations: Rec[] }>('/invitations', { orgId: s.orgId })).invitations);
    const invitation = pending.invitations.find((i) => i.email === 'story-invite@example.test')!;
    expect(await tool('revoke-invitation', { invitationId: invitation.invitationId })).toEqual({
      invitationId: invitation.invitationId,
      revoked: true,
    });

    // The Admin of the installation's first organization creates another one.
    expect(await tool('create-org', { orgName: `Story ${transport}` })).toMatchObject({ orgName: `Story ${transport}` });
  });

  it('points a webhook at a receiver, tests it, reads and redelivers its deliveries, and deletes it', async () => {
    const created = await tool<Rec>('create-webhook', { orgId: s.orgId, url: 'https://203.0.113.10/casebook', events: ['run.completed'] });
    expect(created).toMatchObject({ orgId: s.orgId, events: ['run.completed'], active: true, secret: expect.stringMatching(/^whsec_/) });
    const webhookId = created.webhookId as number;
    const listed = await tool<Rec>('get-webhooks', { orgId: s.orgId });
    expect(JSON.stringify(listed)).not.toContain(created.secret as string);
    expect(listed).toEqual(await rest.data('/webhooks', { orgId: s.orgId }));
    expect(await tool('edit-webhook', { webhookId, events: ['run.completed', 'run.locked'] })).toMatchObject({
      events: ['run.completed', 'run.locked'],
    });
    const rotated = await tool<Rec>('rotate-webhook-secret', { webhookId });
    expect(rotated.secret).not.toBe(created.secret);
    const ping = await tool<{ eventId: string }>('test-webhook', { webhookId });
    expect(ping).toMatchObject({ webhookId, eventType: 'ping' });
    // No delivery worker runs here: the attempt is recorded as the worker records one.
    const attempt = await app.db.webhookDelivery.create({
      data: { webhookId, eventId: ping.eventId, jobId: crypto.randomUUID(), attempt: 1, statusCode: 503, requestBody: '{}' },
    });
    expect(await tool('get-webhook-deliveries', { webhookId })).toMatchObject({
      deliveries: [{ deliveryId: attempt.deliveryId, eventType: 'ping', statusCode: 503 }],
      total: 1,
      hasMore: false,
    });
    expect(await tool('redeliver-webhook', { deliveryId: attempt.deliveryId })).toEqual({
      webhookId,
      eventId: ping.eventId,
      eventType: 'ping',
    });
    expect(await tool('delete-webhook', { webhookId })).toEqual({ webhookId, deleted: true });
    expect(await rest.data('/webhooks', { orgId: s.orgId })).toEqual({ webhooks: [] });
  });

  it('cleans up: a section, runs, tests, and the project goes inactive', async () => {
    // The first test moves up to the parent section.
    expect(await tool('delete-section', { sectionId: s.subSectionId })).toEqual({
      sectionId: s.subSectionId,
      deleted: true,
      parentSectionId: s.sectionId,
      movedTests: 1,
      movedSections: 0,
    });
    expect(await rest.data('/test/details', { testId: s.testId, projectId: s.projectId })).toMatchObject({ sectionId: s.sectionId });
    expect(await tool('delete-run', { runId: s.scratchRunId, projectId: s.projectId })).toEqual({ runId: s.scratchRunId, deleted: true });
    expect(await tool('delete-run', { runId: s.runId, projectId: s.projectId })).toEqual({ runId: s.runId, deleted: true });
    expect(await tool('bulk-delete-tests', { projectId: s.projectId, testIds: s.bulkIds })).toEqual({ testIds: s.bulkIds, count: 3 });
    expect(await tool('delete-test', { testId: s.testId, projectId: s.projectId })).toEqual({ testId: s.testId, deleted: true });
    expect(await rest.data('/project/tests-count', { projectId: s.projectId })).toEqual({ count: 0 });
    expect((await rest.data<Rec>('/runs', { projectId: s.projectId })).total).toBe(0);

    expect(await tool('update-project-status', { projectId: s.projectId, isActive: false })).toMatchObject({ isActive: false });
    expect(await rest.data('/project/detail', { projectId: s.projectId })).toMatchObject({ isActive: false });
  });

  it('has called every tool of the table', () => {
    expect([...called].sort()).toEqual(tools.map((t) => t.name).sort());
  });
});
