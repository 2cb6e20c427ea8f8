import { createLabel, createSection, createSquad, createTests, labelTests, lookupIds } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// Names in the id parameters themselves (src/mcp/id-names.ts), through the SDK client and the
// real app: a project by name, a section by path, a run by name or `latest`, milestones and plans, labels, squads,
// priorities and members by name or email; numeric strings as ids; ambiguous names answered
// with the candidates, unknown ones with the error's code.

type Rec = Record<string, unknown>;

let app: RunningApp;
let admin: TestUser;
let mcp: McpSession;
let rest: ReturnType<typeof restAs>;
let projectId: number;
let shopName: string;
const s: Record<string, number> = {};
let prio: Record<string, number>;

beforeAll(async () => {
  app = await startRealApp();
  const [orgA, orgC] = [await createOrg(app.db), await createOrg(app.db)];
  admin = await createUser(app.db, 'Admin', [orgA.orgId, orgC.orgId]);
  shopName = `Web Shop ${orgA.orgId}`;
  ({ projectId } = await createProject(app.db, orgA.orgId, { projectName: shopName }));
  // The same name in two organizations of the caller: ambiguous.
  await createProject(app.db, orgA.orgId, { projectName: `Twin ${orgA.orgId}` });
  await createProject(app.db, orgC.orgId, { projectName: `Twin ${orgA.orgId}` });
  s.checkout = (await createSection(app.db, projectId, 'Checkout')).sectionId;
  s.payments = (await createSection(app.db, projectId, 'Payments', s.checkout)).sectionId;
  s.cards = (await createSection(app.db, projectId, 'Cards', s.payments)).sectionId;
  s.search = (await createSection(app.db, projectId, 'Search')).sectionId;
  s.searchPayments = (await createSection(app.db, projectId, 'Payments', s.search)).sectionId;
  prio = (await lookupIds(app.db, projectId)).priority;
  const smoke = await createLabel(app.db, projectId, 'smoke');
  await createSquad(app.db, projectId, 'Team Pay');
  await createTests(app.db, projectId, 3, () => ({ sectionId: s.payments, priorityId: prio.High }), 'Pay');
  await createTests(app.db, projectId, 2, () => ({ sectionId: s.cards, priorityId: prio.Low }), 'Card');
  const tagged = await createTests(app.db, projectId, 1, () => ({ sectionId: s.search, priorityId: prio.High }), 'Find');
  await labelTests(app.db, smoke.labelId, tagged);
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: admin.token }, ALL_TOOLS);
  rest = restAs(app.url, admin.token);
});
afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

/** The code that closes a failed call's tip. */
const codeIn = (tip: string) => ({ code: /\(code: (\w+)\)$/.exec(tip)?.[1] });
const countOf = async (args: Rec) => dataOf<{ count: number }>(await mcp.call('get-tests-count', args)).count;

describe('a project by name', () => {
  it('takes the exact name, any case, and a numeric string', async () => {
    const byId = await countOf({ projectId });
    expect(byId).toBe(6);
    expect(await countOf({ projectId: shopName })).toBe(byId);
    expect(await countOf({ projectId: shopName.toUpperCase() })).toBe(byId);
    expect(await countOf({ projectId: String(projectId) })).toBe(byId);
  });

  it('answers an ambiguous name with the candidates, an unknown one with project_not_found', async () => {
    const twin = errorOf(await mcp.call('get-tests-count', { projectId: `twin ${shopName.split(' ')[2]}` }));
    expect(twin.message).toMatch(
      /^Invalid request: projectId: "twin \d+" names 2 projects in your organizations: Twin \d+ \(id \d+\), Twin \d+ \(id \d+\)$/,
    );
    expect(twin.tip).toMatch(/pass its id as projectId.*\(code: ambiguous_name\)$/);
    const none = errorOf(await mcp.call('get-tests-count', { projectId: 'No such shop' }));
    expect(none.message).toMatch(
      /^Project "No such shop" \(projectId\) not found: no project of that name in your organizations \(valid names: .*Web Shop/,
    );
    expect(none.tip).toMatch(/get-projects.*\(code: project_not_found\)$/);
  });
});

describe('a section by path', () => {
  it('takes the full path in any case and spacing, or a name only one section has', async () => {
    expect(await countOf({ projectId, sectionId: 'Checkout > Payments' })).toBe(3);
    expect(await countOf({ projectId, sectionId: 'checkout>payments>CARDS' })).toBe(2);
    expect(await countOf({ projectId, sectionId: 'Cards' })).toBe(2);
    expect(await countOf({ projectId: shopName, sectionId: 'Checkout > Payments', includeSubsections: true })).toBe(5);
    expect(await countOf({ projectId, sectionId: String(s.cards) })).toBe(2);
  });

  it('answers a name two sections share with both paths, an unknown path with section_not_found', async () => {
    const both = errorOf(await mcp.call('get-tests-count', { projectId, sectionId: 'payments' }));
    expect(both.message).toBe(
      `Invalid request: sectionId: "payments" names 2 sections in project ${projectId}: ` +
        `Checkout > Payments (id ${s.payments}), Search > Payments (id ${s.searchPayments})`,
    );
    expect(codeIn(both.tip)).toEqual({ code: 'ambiguous_name' });
    const none = errorOf(await mcp.call('get-tests-count', { projectId, sectionId: 'Checkout > Refunds' }));
    expect(none.message).toBe(
      `Section "Checkout > Refunds" (sectionId) not found: no section of that name in project ${projectId} ` +
        '(valid names: Checkout, Checkout > Payments, Checkout > Payments > Cards, Search, Search > Payments)',
    );
    expect(none.tip).toMatch(/"Parent > Child".*\(code: section_not_found\)$/);
  });

  it('an unknown section id is a 404 naming it, with its code, not an empty list', async () => {
    const { message, tip } = errorOf(await mcp.call('get-tests', { projectId, sectionId: 2_000_000_000 }));
    expect(message).toBe(`Section 2000000000 (in project ${projectId}) not found`);
    expect(tip).toMatch(/get-sections.*\(code: section_not_found\)$/);
  });
});

describe('a run by name or latest', () => {
  it('finds the newest run by latest, a run by its name, and refuses a name two runs share', async () => {
    const first = dataOf<Rec>(await mcp.call('create-run', { projectId, runName: 'Nightly', allTests: true }));
    dataOf(await mcp.call('create-run', { projectId, runName: 'Nightly', allTests: true }));
    const last = dataOf<Rec>(await mcp.call('create-run', { projectId, runName: 'Release 2.4', allTests: true }));
    expect(dataOf<Rec>(await mcp.call('run-detail', { projectId, runId: 'latest' })).runId).toBe(last.runId);
    expect(dataOf<Rec>(await mcp.call('run-detail', { projectId: shopName, runId: 'release 2.4' })).runId).toBe(last.runId);
    expect(dataOf<Rec>(await mcp.call('run-detail', { projectId, runId: String(first.runId) })).runId).toBe(first.runId);
    const two = errorOf(await mcp.call('run-detail', { projectId, runId: 'Nightly' }));
    expect(two.message).toMatch(
      new RegExp(`^Invalid request: runId: "Nightly" names 2 runs in project ${projectId}: Nightly \\(id \\d+\\), Nightly \\(id \\d+\\)$`),
    );
    const none = errorOf(await mcp.call('run-detail', { projectId, runId: 'Weekly' }));
    expect(none.message).toMatch(/^Run "Weekly" \(runId\) not found/);
    expect(codeIn(none.tip)).toEqual({ code: 'run_not_found' });
  });

  it('says so when the project has no run to be the latest', async () => {
    const { projectId: empty } = await createProject(app.db, (await rest.data<{ orgId: number }[]>('/orgs', {}))[0].orgId);
    const { message, tip } = errorOf(await mcp.call('run-detail', { projectId: empty, runId: 'latest' }));
    expect(message).toBe(`Run latest (in project ${empty}) not found: the project has no runs`);
    expect(tip).toMatch(/create-run.*\(code: run_not_found\)$/);
  });
});

describe('milestones and plans by name', () => {
  it('finds a milestone and a plan by name in any case, and answers an unknown one with its code', async () => {
    const release = await rest.call<{ milestoneId: number }>('POST', '/milestone/create', { projectId, name: 'Release 2.4' });
    const progress = dataOf<{ milestoneId: number }>(
      await mcp.call('get-milestone-progress', { projectId: shopName, milestoneId: 'release 2.4' }),
    );
    expect(progress.milestoneId).toBe(release.milestoneId);
    const run = dataOf<Rec>(await mcp.call('create-run', { projectId, runName: 'For 2.4', allTests: true, milestoneId: 'Release 2.4' }));
    expect(run.milestoneId).toBe(release.milestoneId);
    const none = errorOf(await mcp.call('get-milestone-progress', { projectId, milestoneId: 'Release 9' }));
    expect(none.message).toBe(
      `Milestone "Release 9" (milestoneId) not found: no milestone of that name in project ${projectId} (valid names: Release 2.4)`,
    );
    expect(codeIn(none.tip)).toEqual({ code: 'milestone_not_found' });

    const plan = await rest.call<{ planId: number }>('POST', '/plan/create', {
      projectId,
      name: 'Browsers',
      entries: [{ sectionIds: [s.search] }],
    });
    expect(dataOf<{ planId: number }>(await mcp.call('get-plan', { projectId, planId: 'BROWSERS' })).planId).toBe(plan.planId);
    const noPlan = errorOf(await mcp.call('get-plan', { projectId, planId: 'Phones' }));
    expect(codeIn(noPlan.tip)).toEqual({ code: 'plan_not_found' });
  });
});

describe('labels, squads, priorities and members by name', () => {
  it('resolves them in the id fields, alone and in arrays, beside ids', async () => {
    const created = dataOf<Rec>(
      await mcp.call('create-test', {
        projectId: shopName,
        testName: 'Pay by voucher',
        sectionId: 'Checkout > Payments',
        priorityId: 'critical',
        squadId: 'team pay',
        labels: ['SMOKE'],
      }),
    );
    const labels = await rest.data<{ labelId: number; labelName: string }[]>('/labels', { projectId });
    const squads = await rest.data<{ squadId: number; squadName: string }[]>('/squads', { projectId });
    expect(created).toMatchObject({
      sectionId: s.payments,
      priorityId: prio.Critical,
      squadId: squads[0].squadId,
      labels: [labels[0].labelId],
    });
    expect(await countOf({ projectId, priorityId: 'High' })).toBe(4);
  });

  it('answers unknown label, squad, priority and member names with their codes, writing nothing', async () => {
    const before = await countOf({ projectId });
    const cases: [Rec, RegExp, string][] = [
      [{ labels: ['nightly'] }, /^Label "nightly" \(labels\) not found/, 'label_not_found'],
      [{ squadId: 'Team Ship' }, /^Squad "Team Ship" \(squadId\) not found/, 'squad_not_found'],
      [
        { priorityId: 'Urgent' },
        /^Priority "Urgent" \(priorityId\) not found: no priority of that name in project \d+ \(valid names: Critical, High, Medium, Low\)$/,
        'lookup_not_found',
      ],
    ];
    for (const [args, message, code] of cases) {
      const failed = errorOf(await mcp.call('create-test', { projectId, testName: 'x', ...args }));
      expect(failed.message).toMatch(message);
      expect(failed.tip.endsWith(`(code: ${code})`)).toBe(true);
    }
    expect(await countOf({ projectId })).toBe(before);
  });

  it('assigns by member name or email, and lists the members sharing a name', async () => {
    const run = dataOf<Rec>(await mcp.call('create-run', { projectId, runName: 'Assign', sectionIds: ['Search'] }));
    const assigned = dataOf<Rec>(
      await mcp.call('assign-tests', { projectId, runId: 'latest', allTests: true, assigneeId: admin.email.toUpperCase() }),
    );
    expect(assigned).toMatchObject({ assigned: 1, assignees: [{ assigneeId: admin.userId, count: 1 }] });
    expect(run.runId).toBeDefined();
    const none = errorOf(await mcp.call('assign-tests', { projectId, runId: 'latest', allTests: true, assigneeId: 'nobody@example.test' }));
    expect(codeIn(none.tip)).toEqual({ code: 'user_not_found' });

    // Two members of one name: both listed with their emails and ids; the email picks one.
    const orgId = (await app.db.project.findUniqueOrThrow({ where: { projectId } })).orgId;
    const [ann, other] = [await createUser(app.db, 'User', [orgId]), await createUser(app.db, 'User', [orgId])];
    await app.db.user.updateMany({ where: { userId: { in: [ann.userId, other.userId] } }, data: { name: 'Ann Lee' } });
    const two = errorOf(await mcp.call('assign-tests', { projectId, runId: run.runId, allTests: true, assigneeId: 'ann lee' }));
    expect(two.message).toBe(
      `Invalid request: assigneeId: "ann lee" names 2 members in project ${projectId}: ` +
        `Ann Lee <${ann.email}> (id ${ann.userId}), Ann Lee <${other.email}> (id ${other.userId})`,
    );
    expect(two.tip).toMatch(/or the email.*\(code: ambiguous_name\)$/);
    const byEmail = dataOf<Rec>(await mcp.call('assign-tests', { projectId, runId: run.runId, allTests: true, assigneeId: ann.email }));
    expect(byEmail).toMatchObject({ assignees: [{ assigneeId: ann.userId, count: 1 }] });
  });
});

describe('users by name or email, in tools without a project', () => {
  it('reads a user by email or name, and answers an unknown one with user_not_found', async () => {
    const me = dataOf<Rec>(await mcp.call('get-user-details', { userId: admin.email.toUpperCase() }));
    expect(me).toMatchObject({ userId: admin.userId, email: admin.email });
    const named = (await app.db.user.findUniqueOrThrow({ where: { userId: admin.userId } })).name;
    expect(dataOf<Rec>(await mcp.call('get-user-details', { userId: named })).userId).toBe(admin.userId);
    const none = errorOf(await mcp.call('get-user-details', { userId: 'nobody@example.test' }));
    expect(none.message).toMatch(
      /^User "nobody@example.test" \(userId\) not found: no user of that name among the users of your organizations/,
    );
    expect(codeIn(none.tip)).toEqual({ code: 'user_not_found' });
  });
});

describe('create-run by a selection of names', () => {
  it('selects by section path with subsections, labels and priorities, and answers counts, not ids', async () => {
    const run = dataOf<Rec>(
      await mcp.call('create-run', {
        projectId: shopName,
        runName: 'Payments regression',
        sectionIds: ['Checkout > Payments'],
        priorityIds: ['High'],
      }),
    );
    expect(run).toMatchObject({
      runName: 'Payments regression',
      statusCounts: { total: 3, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 3 },
    });
    expect(JSON.stringify(run)).not.toMatch(/testIds|"tests"/);
    const tests = await rest.data<{ tests: { testId: number }[] }>('/run/tests', { runId: run.runId, projectId, limit: 100 });
    expect(tests.tests).toHaveLength(3);

    const labelled = dataOf<Rec>(await mcp.call('create-run', { projectId, runName: 'Smoke', labelIds: ['smoke'] }));
    expect(labelled).toMatchObject({ statusCounts: { total: 2, untested: 2 } });
  });

  it('selects by custom field values with a section path', async () => {
    await rest.call('POST', '/project/add-custom-field', {
      projectId,
      name: 'Component',
      type: 'select',
      options: ['Cart'],
      appliesTo: 'test',
    });
    const [payTest] = (await rest.data<{ tests: { testId: number }[] }>('/project/tests', { projectId, sectionId: s.payments })).tests;
    await rest.call('PUT', '/test/update', { testId: payTest.testId, customFields: { component: 'Cart' } });
    const run = dataOf<Rec>(
      await mcp.call('create-run', {
        projectId: shopName,
        runName: 'Cart',
        sectionIds: ['checkout'],
        customFields: { component: 'Cart' },
      }),
    );
    expect(run).toMatchObject({ runName: 'Cart', statusCounts: { total: 1, untested: 1 } });
    const bad = errorOf(await mcp.call('create-run', { projectId, runName: 'x', customFields: { colour: 'red' } }));
    expect(bad.message).toBe('Invalid request: customFields.colour: No custom field of tests with key colour');
    expect(codeIn(bad.tip)).toEqual({ code: 'validation_failed' });
  });

  it('refuses an unknown section path before writing, and a selection that matches nothing', async () => {
    const runs = async () => (await rest.data<{ total: number }>('/runs', { projectId })).total;
    const before = await runs();
    const unknown = errorOf(await mcp.call('create-run', { projectId, runName: 'x', sectionIds: ['Checkout > Refunds'] }));
    expect(codeIn(unknown.tip)).toEqual({ code: 'section_not_found' });
    const nothing = errorOf(await mcp.call('create-run', { projectId, runName: 'x', sectionIds: ['Checkout'], priorityIds: ['Medium'] }));
    expect(codeIn(nothing.tip)).toEqual({ code: 'no_matching_tests' });
    expect(await runs()).toBe(before);
  });
});

describe('errors carry their code', () => {
  it('a deleted test says when it was deleted', async () => {
    const [testId] = await createTests(app.db, projectId, 1, () => ({ title: 'Soon gone' }));
    dataOf(await mcp.call('delete-test', { projectId, testId }));
    const { message, tip } = errorOf(await mcp.call('get-test-details', { projectId: shopName, testId }));
    expect(message).toMatch(new RegExp(`^Test ${testId} \\(deleted at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\) not found$`));
    expect(tip).toMatch(/get-tests.*\(code: test_deleted\)$/);
    const update = errorOf(await mcp.call('update-test', { testId, testName: 'Back' }));
    expect(codeIn(update.tip)).toEqual({ code: 'test_deleted' });
  });

  it('adding a section that exists names the existing one', async () => {
    const { message, tip } = errorOf(await mcp.call('add-section', { projectId, sectionName: 'checkout' }));
    expect(message).toBe(`Section already exists: sectionId ${s.checkout} ("Checkout") has that name under the same parent`);
    expect(codeIn(tip)).toEqual({ code: 'duplicate_name' });
    const nested = errorOf(await mcp.call('add-section', { projectId, sectionName: 'Cards', parentSectionId: 'Checkout > Payments' }));
    expect(nested.message).toContain(`sectionId ${s.cards} ("Cards")`);
  });

  it('an invalid input says validation_failed', async () => {
    const { tip } = errorOf(await mcp.call('get-tests-count', { projectId: true }));
    expect(codeIn(tip)).toEqual({ code: 'validation_failed' });
  });
});
