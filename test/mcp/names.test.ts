import { createWorld, type World } from '../support/factories';
import { envelope, failWith, startStub, type StubServer } from './stub-server';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// Names where the routes take ids (priority: "High" besides priorityId), resolved in
// the call's project through the listing routes, through the real SDK client.

type Rec = Record<string, unknown>;
type Entry = { id: number; name: string };

describe('against the real app', () => {
  let app: RunningApp;
  let w: World;
  let mcp: McpSession;
  let reader: McpSession;
  let rest: ReturnType<typeof restAs>;
  let projectId: number;
  const lists: Record<string, Entry[]> = {};
  let squad: { squadId: number; squadName: string };
  let labels: { labelId: number; labelName: string }[];
  const idOf = (list: string, name: string) => lists[list].find((e) => e.name === name)!.id;
  const count = async () => (await rest.data<{ count: number }>('/project/tests-count', { projectId })).count;

  beforeAll(async () => {
    app = await startRealApp();
    w = await createWorld(app.db);
    [mcp, reader] = await Promise.all([
      connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ALL_TOOLS),
      connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS),
    ]);
    rest = restAs(app.url, w.admin.token);
    projectId = w.projectA.projectId;
    for (const path of ['/priority', '/type', '/automation-status', '/platforms', '/test-covered-by']) {
      lists[path] = await rest.data<Entry[]>(path, { projectId });
    }
    [squad] = dataOf<(typeof squad)[]>(await mcp.call('add-squads', { projectId, squads: ['Team Pay', 'Team Ship'] }));
    labels = dataOf<typeof labels>(await mcp.call('add-labels', { projectId, labels: ['smoke', 'Payments'] }));
  });
  afterAll(async () => {
    await Promise.all([mcp?.close(), reader?.close()]);
    await app?.close();
  });

  it('create-test takes every kind of name, matched ignoring case, and stores the ids', async () => {
    const created = dataOf<Rec>(
      await mcp.call('create-test', {
        projectId,
        testName: 'Pay by card',
        priority: 'High',
        type: 'smoke',
        automationStatus: 'AUTOMATED',
        platform: 'Web',
        testCoveredBy: 'e2e',
        squad: 'team pay',
        labelNames: ['Smoke', 'payments'],
      }),
    );
    expect(created).toMatchObject({
      title: 'Pay by card',
      priorityId: idOf('/priority', 'High'),
      typeId: idOf('/type', 'Smoke'),
      automationStatusId: idOf('/automation-status', 'Automated'),
      platformId: idOf('/platforms', 'Web'),
      testCoveredById: idOf('/test-covered-by', 'E2E'),
      squadId: squad.squadId,
    });
    expect([...(created.labels as number[])].sort()).toEqual(labels.map((l) => l.labelId).sort());
    expect(await rest.data('/test/details', { testId: created.testId, projectId })).toEqual(created);
  });

  it('an unknown name is refused, naming the parameter and listing the valid names; nothing is created', async () => {
    const before = await count();
    const { message, tip } = errorOf(await mcp.call('create-test', { projectId, testName: 'x', priority: 'Urgent' }));
    const valid = lists['/priority'].map((e) => e.name);
    expect(valid.length).toBeGreaterThan(1);
    expect(message).toBe(
      `Invalid request: priority: no priority named "Urgent" in project ${projectId} (valid names: ${valid.join(', ')})`,
    );
    expect(tip).toContain('get-priority');
    expect(tip).toContain('priorityId');
    const label = errorOf(await mcp.call('create-test', { projectId, testName: 'x', labelNames: ['smoke', 'nightly'] }));
    expect(label.message).toBe(
      `Invalid request: labelNames: no label named "nightly" in project ${projectId} (valid names: smoke, Payments)`,
    );
    expect(await count()).toBe(before);
  });

  it('refuses a name given with its id', async () => {
    const before = await count();
    const { message } = errorOf(
      await mcp.call('create-test', { projectId, testName: 'x', priority: 'High', priorityId: idOf('/priority', 'High') }),
    );
    expect(message).toBe('Invalid request: priority: give the name or priorityId, not both');
    expect(await count()).toBe(before);
  });

  it('update-test resolves names in its projectId, and asks for it when missing', async () => {
    const { testId } = dataOf<{ testId: number }>(await mcp.call('create-test', { projectId, testName: 'Refund' }));
    const updated = dataOf<Rec>(await mcp.call('update-test', { testId, projectId, priority: 'low', squad: 'Team Ship' }));
    expect(updated).toMatchObject({ testId, priorityId: idOf('/priority', 'Low'), squadId: expect.any(Number) });
    expect(updated.squadId).not.toBe(squad.squadId);

    const missing = errorOf(await mcp.call('update-test', { testId, priority: 'High' }));
    expect(missing.message).toBe('Invalid request: priority: names are looked up in a project, and projectId is missing');
    expect(missing.tip).toContain('priorityId');
    expect(await rest.data('/test/details', { testId, projectId })).toMatchObject({ priorityId: idOf('/priority', 'Low') });
  });

  it('bulk tools resolve names per item', async () => {
    const added = dataOf<{ testIds: number[] }>(
      await mcp.call('bulk-add-tests', {
        projectId,
        tests: [
          { testName: 'Bulk one', priority: 'Critical', labelNames: ['payments'] },
          { testName: 'Bulk two', priorityId: idOf('/priority', 'Medium') },
          { testName: 'Bulk three', priority: 'critical', platform: 'Android' },
        ],
      }),
    );
    const details = async () => Promise.all(added.testIds.map((testId) => rest.data<Rec>('/test/details', { testId, projectId })));
    expect((await details()).map((t) => [t.priorityId, t.platformId, t.labels])).toEqual([
      [idOf('/priority', 'Critical'), null, [labels[1].labelId]],
      [idOf('/priority', 'Medium'), null, []],
      [idOf('/priority', 'Critical'), idOf('/platforms', 'Android'), []],
    ]);

    const [one, two] = added.testIds;
    expect(
      dataOf(
        await mcp.call('bulk-update-tests', {
          projectId,
          tests: [
            { testId: one, priority: 'Low' },
            { testId: two, type: 'Regression', priorityId: null },
          ],
        }),
      ),
    ).toEqual({ testIds: [one, two], count: 2 });
    expect((await details()).map((t) => [t.priorityId, t.typeId])).toEqual([
      [idOf('/priority', 'Low'), null],
      [null, idOf('/type', 'Regression')],
      [idOf('/priority', 'Critical'), null],
    ]);

    // Every item's unknown name is reported, under the item's path; none of the changes is made.
    const { message } = errorOf(
      await mcp.call('bulk-update-tests', {
        projectId,
        tests: [
          { testId: one, priority: 'High' },
          { testId: two, priority: 'Highest' },
        ],
      }),
    );
    expect(message).toMatch(/^Invalid request: tests\.1\.priority: no priority named "Highest" in project \d+ \(valid names: /);
    expect((await details())[0].priorityId).toBe(idOf('/priority', 'Low'));
  });

  it('get-tests and get-tests-count filter by names as by ids', async () => {
    const critical = idOf('/priority', 'Critical');
    const byId = dataOf<Rec>(await mcp.call('get-tests', { projectId, priorityId: critical }));
    const byName = dataOf<Rec>(await mcp.call('get-tests', { projectId, priority: 'CRITICAL' }));
    expect(byName).toEqual(byId);
    expect(byName.total).toBe(1);
    const labelled = dataOf<{ tests: { title: string }[] }>(await mcp.call('get-tests', { projectId, label: 'payments' }));
    expect(labelled.tests.map((t) => t.title).sort()).toEqual(['Bulk one', 'Pay by card']);
    expect(dataOf(await mcp.call('get-tests-count', { projectId, automationStatus: 'automated' }))).toEqual({ count: 1 });
    const { message } = errorOf(await mcp.call('get-tests', { projectId, squad: 'Team Nobody' }));
    expect(message).toBe(`Invalid request: squad: no squad named "Team Nobody" in project ${projectId} (valid names: Team Pay, Team Ship)`);
  });

  it('a project the caller cannot see is reported as REST reports it', async () => {
    const { message, tip } = errorOf(await mcp.call('get-tests', { projectId: w.projectB.projectId, priority: 'High' }));
    expect(message).toBe('Project not found');
    expect(tip).toContain('get-projects');
  });

  it("a Reader's names resolve, and the write is refused with REST's text", async () => {
    const before = await count();
    const { message, tip } = errorOf(await reader.call('create-test', { projectId, testName: 'x', priority: 'High' }));
    expect(message).toBe('Forbidden - User does not have access');
    expect(tip).toContain('needs the User role');
    expect(await count()).toBe(before);
  });
});

describe('against a stub server', () => {
  let stub: StubServer;
  let mcp: McpSession;
  beforeAll(async () => {
    stub = await startStub();
    mcp = await connectMcp({ CASEBOOK_URL: stub.url, CASEBOOK_TOKEN: 'cb_stub' }, ALL_TOOLS);
  });
  afterAll(async () => {
    await mcp?.close();
    await stub?.close();
  });

  it('reads each list once per call, whatever the number of items, then sends the ids', async () => {
    const priorities = [
      { id: 11, name: 'High' },
      { id: 12, name: 'Low' },
    ];
    const labels = [
      { labelId: 21, labelName: 'smoke' },
      { labelId: 22, labelName: 'nightly' },
    ];
    const answers: Record<string, unknown> = {
      '/api/v1/priority': priorities,
      '/api/v1/labels': labels,
      '/api/v1/test/bulk-add': { testIds: [1, 2, 3], count: 3 },
    };
    stub.script((req, res) => envelope(answers[req.url!.split('?')[0]])(req, res));
    const tests = [
      { testName: 'a', priority: 'high', labelNames: ['smoke'] },
      { testName: 'b', priority: 'Low', labelNames: ['nightly', 'smoke'] },
      { testName: 'c', priorityId: 12 },
    ];
    expect(dataOf(await mcp.call('bulk-add-tests', { projectId: 3, tests }))).toEqual({ testIds: [1, 2, 3], count: 3 });
    expect(stub.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/priority?projectId=3',
      'GET /api/v1/labels?projectId=3',
      'POST /api/v1/test/bulk-add',
    ]);
    expect(JSON.parse(stub.seen[2].body)).toEqual({
      projectId: 3,
      tests: [
        { title: 'a', priorityId: 11, labels: [21] },
        { title: 'b', priorityId: 12, labels: [22, 21] },
        { title: 'c', priorityId: 12 },
      ],
    });
  });

  it('makes no list request for a call without names', async () => {
    stub.script(envelope({ testIds: [1], count: 1 }));
    dataOf(await mcp.call('bulk-add-tests', { projectId: 3, tests: [{ testName: 'a', priorityId: 11 }] }));
    expect(stub.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v1/test/bulk-add']);
  });

  it('a list that fails is the call failing: no write is made', async () => {
    stub.script(failWith(403, 'Forbidden - User does not have access'));
    const { message } = errorOf(await mcp.call('create-test', { projectId: 3, testName: 'a', priority: 'High' }));
    expect(message).toBe('Forbidden - User does not have access');
    expect(stub.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/priority?projectId=3']);
  });
});
