import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createSection, createTests, lookupIds } from '../support/catalog-factories';
import { countedStatuses, startRun } from '../support/run-factories';
import { fixture, historyOf, importJUnit, runResults, suite, tableCounts } from '../support/junit-import';

// POST /run/import-junit: matching, results, reruns, creating missing tests, dry runs.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;

/** The run's counters as the API shows them equal the statuses counted from run_tests. */
async function expectConsistentRun(projectId: number, runId: number) {
  const state = await t.as(w.reader.token).get('/run/state-detail', { runId, projectId }).expect(200);
  const { runId: _r, locked: _l, ...counters } = state.body.data;
  expect(counters).toEqual(await countedStatuses(t.db, runId));
  return counters;
}

describe('matching', () => {
  it('matches by id property, by name token (caseMatcher=name) and by old automationKey (moved), recording status, comment and time', async () => {
    const projectId = await newProject();
    const [byProp, byBracket, byPrefix, byKey, byBareKey] = await createTests(t.db, projectId, 5);
    await t.db.test.update({ where: { testId: byKey }, data: { automationKey: 'shop.CartTest.adds an item' } });
    await t.db.test.update({ where: { testId: byBareKey }, data: { automationKey: 'bare name' } });
    const xml = suite(
      'shop',
      `<testcase classname="shop.Misc" name="anything" time="0.25"><properties><property name="casebook_id" value="${byProp}"/></properties></testcase>`,
      `<testcase classname="shop.Misc" name="[C${byBracket}] removes an item" time="1"><failure type="AssertionError" message="expected 0">at Cart.java:41</failure></testcase>`,
      `<testcase classname="shop.Misc" name="C${byPrefix}_checks out"><skipped message="later"/></testcase>`,
      '<testcase classname="shop.CartTest" name="adds an item" time="0.0104"><error message="boom" type="IOError"/></testcase>',
      '<testcase name="bare name" time="2"/>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, runName: 'CI #1', caseMatcher: 'name' }, xml).expect(201);
    const runId = res.body.data.runId;
    expect(res.body.data).toEqual({
      runId,
      projectId,
      total: 5,
      testcases: 5,
      tests: 5,
      repetitions: 0,
      reruns: 0,
      // Both keyed tests held their old key (classname.name): they move to the full key.
      keysMoved: 2,
      matched: 5,
      created: 0,
      unmatched: 0,
      unknown: 0,
      passed: 2,
      failed: 2,
      retest: 0,
      blocked: 0,
      untested: 1,
      passedOnRetry: 0,
      elapsedMs: 250 + 1000 + 10 + 2000,
    });
    const run = await t.as(w.reader.token).get('/run/detail', { runId, projectId }).expect(200);
    expect(run.body.data).toMatchObject({ runName: 'CI #1', createdBy: w.user.userId, locked: false });
    const results = await runResults(t.db, runId);
    expect(results.map((r) => [r.testId, r.status, r.elapsedMs, r.updatedBy])).toEqual([
      [byProp, 'passed', 250, w.user.userId],
      [byBracket, 'failed', 1000, w.user.userId],
      [byPrefix, 'untested', null, w.user.userId],
      [byKey, 'failed', 10, w.user.userId],
      [byBareKey, 'passed', 2000, w.user.userId],
    ]);
    expect(results[1].comment).toContain('AssertionError: expected 0');
    expect(results[1].comment).toContain('at Cart.java:41');
    expect(results[3].comment).toContain('IOError: boom');
    expect(results[0].comment).toBeNull();
    // Every result has its history entry, and the run's counters, report and section counts agree.
    expect((await historyOf(t.db, runId)).map((h) => [h.testId, h.status, h.userId])).toEqual(
      results.map((r) => [r.testId, r.status, w.user.userId]),
    );
    expect(await expectConsistentRun(projectId, runId)).toEqual({ total: 5, passed: 2, failed: 2, blocked: 0, retest: 0, untested: 1 });
    const report = await t.as(w.reader.token).get('/run/report', { runId, projectId }).expect(200);
    expect(report.body.summary).toMatchObject({ total: 5, passed: 2, elapsedMs: 3260 });
    const sections = await t.as(w.reader.token).get('/run/section-counts', { runId, projectId }).expect(200);
    expect(sections.body.data).toEqual([expect.objectContaining({ sectionId: null, total: 5 })]);
    // No test was created; the keyed ones hold their full keys now.
    expect(await t.db.test.count({ where: { projectId } })).toBe(5);
    expect(
      (await t.db.test.findMany({ where: { testId: { in: [byKey, byBareKey] } }, orderBy: { testId: 'asc' } })).map((x) => x.automationKey),
    ).toEqual(['shop :: shop.CartTest.adds an item', 'shop :: bare name']);
  });

  it('names a new run "JUnit import <ISO time>" by default', async () => {
    const projectId = await newProject();
    const [id] = await createTests(t.db, projectId, 1);
    const res = await importJUnit(t, w.user.token, { projectId, caseMatcher: 'name' }, suite('s', `<testcase name="C${id}_x"/>`)).expect(
      201,
    );
    const run = await t.db.run.findUniqueOrThrow({ where: { runId: res.body.data.runId } });
    expect(run.runName).toMatch(/^JUnit import \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('reports ids of another project, of deleted tests and of no test as unknown, never creating them', async () => {
    const projectId = await newProject();
    const [live, deleted, keyed] = await createTests(t.db, projectId, 3);
    await t.db.test.update({ where: { testId: deleted }, data: { deletedAt: new Date() } });
    await t.db.test.update({ where: { testId: keyed }, data: { automationKey: 'k.has a key' } });
    const [elsewhere] = await createTests(t.db, w.projectB.projectId, 1);
    const xml = suite(
      'ids',
      `<testcase classname="k" name="[C${elsewhere}] other project"/>`,
      `<testcase classname="k" name="C${deleted}_deleted one"/>`,
      '<testcase classname="k" name="C2000000000_no such test"/>',
      // An explicit id decides: the key this testcase also has is not looked at.
      `<testcase classname="k" name="has a key"><properties><property name="test_id" value="${live}, ${elsewhere}"/></properties></testcase>`,
    );
    const before = await tableCounts(t.db);
    const query = { projectId, createMissing: true, caseMatcher: 'name' };
    const res = await importJUnit(t, w.user.token, { ...query, dryRun: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ total: 4, matched: 1, created: 0, unmatched: 0, unknown: 3, passed: 1 });
    expect(res.body.data.mapping).toEqual([
      { name: `[C${elsewhere}] other project`, classname: 'k', key: null, testId: elsewhere, action: 'unknown', status: 'passed' },
      { name: `C${deleted}_deleted one`, classname: 'k', key: null, testId: deleted, action: 'unknown', status: 'passed' },
      { name: 'C2000000000_no such test', classname: 'k', key: null, testId: 2000000000, action: 'unknown', status: 'passed' },
      { name: 'has a key', classname: 'k', key: null, testId: live, action: 'matched', status: 'passed' },
    ]);
    expect(await tableCounts(t.db)).toEqual(before);

    const done = await importJUnit(t, w.user.token, query, xml).expect(201);
    expect(done.body.data).toMatchObject({ total: 4, matched: 1, created: 0, unknown: 3 });
    expect((await runResults(t.db, done.body.data.runId)).map((r) => r.testId)).toEqual([live]);
    expect(await t.db.test.count({ where: { projectId } })).toBe(3);
    expect(await t.db.test.findUniqueOrThrow({ where: { testId: keyed } })).toMatchObject({ automationKey: 'k.has a key' });
  });

  it('skips testcases matching no test without createMissing, as unmatched (each key once)', async () => {
    const projectId = await newProject();
    const before = await tableCounts(t.db);
    const xml = suite(
      's',
      '<testcase classname="a" name="one"/>',
      '<testcase classname="a" name="one"><failure/></testcase>',
      '<testcase name="two"/>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, runName: 'nothing known' }, xml).expect(201);
    expect(res.body.data).toMatchObject({ total: 2, matched: 0, created: 0, unmatched: 2, unknown: 0, passed: 0, failed: 0, elapsedMs: 0 });
    const after = await tableCounts(t.db);
    // The run exists (empty); no test, section or result was written.
    expect(after).toEqual({ ...before, runs: before.runs + 1 });
  });
});

describe('createMissing', () => {
  it('creates the tests in nested sections named after their suites, then a second import reuses them', async () => {
    const projectId = await newProject();
    const automated = (await lookupIds(t.db, projectId)).automation_status.Automated;
    // An existing section of the same name (other case) is reused, not duplicated.
    const api = await createSection(t.db, projectId, 'API');
    const xml = `<?xml version="1.0"?>
<testsuites>
  <testsuite name="api/orders">
    <testsuite name="Create">
      <testcase classname="api.orders.CreateTest" name="creates an order" time="0.5"/>
      <testcase classname="api.orders.CreateTest" name="refuses an empty cart"><failure message="got 200"/></testcase>
    </testsuite>
    <testcase classname="api.orders.ListTest" name="lists orders"/>
  </testsuite>
  <testsuite name="web / checkout">
    <testcase name="pays by card"><skipped/></testcase>
  </testsuite>
  <testsuite name="api/orders"><testsuite name="create">
    <testcase classname="api.orders.CreateTest" name="keeps the order open"/>
  </testsuite></testsuite>
</testsuites>`;
    const first = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(first.body.data).toMatchObject({ total: 5, matched: 0, created: 5, unmatched: 0, passed: 3, failed: 1, untested: 1 });

    const sections = await t.as(w.reader.token).get('/sections', { projectId }).expect(200);
    const tree = sections.body.data.map((s: { sectionName: string; depth: number }) => `${'  '.repeat(s.depth)}${s.sectionName}`);
    expect(tree).toEqual(['API', '  orders', '    Create', 'web', '  checkout']);
    const pathOf = new Map<number, string>();
    for (const s of sections.body.data as { sectionId: number; sectionName: string; parentSectionId: number | null }[]) {
      pathOf.set(s.sectionId, s.parentSectionId === null ? s.sectionName : `${pathOf.get(s.parentSectionId)} > ${s.sectionName}`);
    }
    expect(pathOf.get(api.sectionId)).toBe('API');

    const tests = await t.db.test.findMany({ where: { projectId }, orderBy: { testId: 'asc' } });
    expect(tests.map((x) => [x.title, x.automationKey, pathOf.get(x.sectionId!), x.automationStatusId, x.createdBy])).toEqual([
      // Keys are full paths: suites, then classname.name.
      [
        'creates an order',
        'api/orders / Create :: api.orders.CreateTest.creates an order',
        'API > orders > Create',
        automated,
        w.user.userId,
      ],
      [
        'refuses an empty cart',
        'api/orders / Create :: api.orders.CreateTest.refuses an empty cart',
        'API > orders > Create',
        automated,
        w.user.userId,
      ],
      ['lists orders', 'api/orders :: api.orders.ListTest.lists orders', 'API > orders', automated, w.user.userId],
      ['pays by card', 'web / checkout :: pays by card', 'web > checkout', automated, w.user.userId],
      [
        'keeps the order open',
        // A second suite of the same name (another file, as jest-junit writes) is told apart by its place.
        'api/orders #2 / create :: api.orders.CreateTest.keeps the order open',
        'API > orders > Create',
        automated,
        w.user.userId,
      ],
    ]);
    await expectConsistentRun(projectId, first.body.data.runId);

    // The same report again, plus one new testcase in a new subsection: existing tests match by key, nothing is duplicated.
    const again = xml.replace(
      '</testsuites>',
      '<testsuite name="api/orders/Delete"><testcase classname="D" name="deletes"/></testsuite></testsuites>',
    );
    const second = await importJUnit(t, w.user.token, { projectId, createMissing: true }, again).expect(201);
    expect(second.body.data).toMatchObject({ total: 6, matched: 5, created: 1, unmatched: 0 });
    const after = await t.as(w.reader.token).get('/sections', { projectId }).expect(200);
    expect(after.body.data.map((s: { sectionName: string; depth: number }) => `${'  '.repeat(s.depth)}${s.sectionName}`)).toEqual([
      'API',
      '  orders',
      '    Create',
      '    Delete',
      'web',
      '  checkout',
    ]);
    expect(await t.db.test.count({ where: { projectId } })).toBe(6);
  });

  it('titles a test by its name without id tokens, cut to 500 characters; no section without a suite name', async () => {
    const projectId = await newProject();
    const long = 'x'.repeat(600);
    const xml = `<testsuites><testsuite><testcase classname="c" name="${long}"/></testsuite></testsuites>`;
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ created: 1 });
    const [test] = await t.db.test.findMany({ where: { projectId } });
    expect(test).toMatchObject({ title: 'x'.repeat(500), automationKey: `c.${long}`, sectionId: null });
  });

  it('leaves the automation status empty when the project has no "Automated" entry', async () => {
    const projectId = await newProject();
    await t.db.lookupEntry.deleteMany({ where: { projectId, kind: 'automation_status', name: 'Automated' } });
    await importJUnit(t, w.user.token, { projectId, createMissing: true }, suite('s', '<testcase name="n"/>')).expect(201);
    expect(await t.db.test.findFirstOrThrow({ where: { projectId } })).toMatchObject({ automationStatusId: null, automationKey: 's :: n' });
  });
});

describe('reruns', () => {
  it('records every attempt of a test (rerun elements), its result last and current, and counts passedOnRetry', async () => {
    // Repeated testcases without a rerun element used to be taken as reruns; they are repetitions now (junit-runners.test.ts).
    const projectId = await newProject();
    const [a, b, c] = await createTests(t.db, projectId, 3);
    const xml = suite(
      'retries',
      `<testcase name="C${a}_flaky" time="5"><flakyFailure message="first" time="1"/><flakyError message="second" time="3"/></testcase>`,
      `<testcase name="C${b}_stable" time="2"/>`,
      `<testcase name="C${c}_broken" time="4"><failure message="always"/><rerunFailure message="always again" time="6"/></testcase>`,
    );
    const res = await importJUnit(t, w.user.token, { projectId, caseMatcher: 'name' }, xml).expect(201);
    const runId = res.body.data.runId;
    // A test's elapsed time is the sum of its attempts.
    expect(res.body.data).toMatchObject({
      total: 3,
      matched: 3,
      testcases: 3,
      tests: 3,
      reruns: 3,
      passed: 2,
      failed: 1,
      passedOnRetry: 1,
      elapsedMs: (9 + 2 + 10) * 1000,
    });
    expect((await historyOf(t.db, runId)).map((h) => [h.testId, h.status, h.elapsedMs])).toEqual([
      [a, 'failed', 1000],
      [a, 'failed', 3000],
      [a, 'passed', 9000],
      [b, 'passed', 2000],
      [c, 'failed', 4000],
      [c, 'failed', 10000],
    ]);
    const history = await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: a }).expect(200);
    expect(history.body.data.map((h: { status: string; elapsedMs: number }) => [h.status, h.elapsedMs])).toEqual([
      ['passed', 9000],
      ['failed', 3000],
      ['failed', 1000],
    ]);
    const results = await runResults(t.db, runId);
    expect(results.map((r) => [r.testId, r.status, r.elapsedMs])).toEqual([
      [a, 'passed', 9000],
      [b, 'passed', 2000],
      [c, 'failed', 10000],
    ]);
    expect(results[0].comment).toBe('Flaky: passed after 2 failed attempts');
    expect(results[2].comment).toContain('always again');
    await expectConsistentRun(projectId, runId);
  });

  it("reads Surefire's flaky and rerun attempts (the parser's fixture) as attempts of one test", async () => {
    const projectId = await newProject();
    // The fixture names C101, C102, C103: tests with those ids, in this project.
    await t.db
      .$executeRaw`INSERT INTO tests (id, project_id, title, updated_at) VALUES (101, ${projectId}, 'login', now()), (102, ${projectId}, 'logout', now()), (103, ${projectId}, 'refresh', now())`;
    await t.db.$executeRaw`SELECT setval('tests_id_seq', greatest((SELECT max(id) FROM tests), 1000))`;
    const res = await importJUnit(
      t,
      w.user.token,
      { projectId, createMissing: true, caseMatcher: 'name' },
      fixture('surefire-junit5.xml'),
    ).expect(201);
    const runId = res.body.data.runId;
    expect(res.body.data).toMatchObject({ matched: 3, passedOnRetry: 1 });
    const refresh = (await historyOf(t.db, runId)).filter((h) => h.testId === 103).map((h) => h.status);
    expect(refresh.length).toBeGreaterThan(1);
    expect(refresh[refresh.length - 1]).toBe('passed');
    expect(refresh.slice(0, -1)).not.toContain('passed');
    expect((await runResults(t.db, runId)).find((r) => r.testId === 103)?.status).toBe('passed');
    await expectConsistentRun(projectId, runId);
  });
});

describe('size', () => {
  it("writes a report of more than one statement's worth of tests and attempts, reruns across the cut included", async () => {
    const projectId = await newProject();
    // 10,500 tests; each 21st, and the one whose first attempt is the 10,000th row (the last of the
    // first statement), fails first and passes on a rerun (a flakyFailure element).
    const cases: string[] = [];
    let reruns = 0;
    let rows = 0;
    for (let i = 0; i < 10_500; i++) {
      const open = `<testcase classname="big.Suite${i % 7}" name="case ${i}" time="0.001"`;
      if (i % 21 === 0 || rows === 9_999) {
        cases.push(`${open}><flakyFailure message="flaky"/></testcase>`);
        reruns += 1;
        rows += 2;
      } else {
        cases.push(`${open}/>`);
        rows += 1;
      }
    }
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, suite('big', ...cases)).expect(201);
    expect(res.body.data).toMatchObject({ total: 10_500, created: 10_500, passed: 10_500, passedOnRetry: reruns, elapsedMs: 10_500 });
    const runId = res.body.data.runId;
    expect(await expectConsistentRun(projectId, runId)).toEqual({
      total: 10_500,
      passed: 10_500,
      failed: 0,
      blocked: 0,
      retest: 0,
      untested: 0,
    });
    const history = await historyOf(t.db, runId);
    expect(history.length).toBe(10_500 + reruns);
    // History in file order: test ids (created in order of first appearance) never go back, each rerun right after its failure.
    expect(history.every((h, i) => i === 0 || h.testId >= history[i - 1].testId)).toBe(true);
    const tests = await t.db.test.findMany({
      where: { projectId },
      orderBy: { testId: 'asc' },
      select: { title: true, automationKey: true },
    });
    expect(tests[10_499]).toEqual({ title: 'case 10499', automationKey: 'big :: big.Suite6.case 10499' });
    for (const at of [0, 9_999])
      expect(history.filter((h) => h.testId === history[at].testId).map((h) => h.status)).toEqual(['failed', 'passed']);
  });
});

describe('statusMap', () => {
  it('overrides the default outcome → status', async () => {
    const projectId = await newProject();
    const [p, f, e, s] = await createTests(t.db, projectId, 4);
    const xml = suite(
      'm',
      `<testcase name="C${p}_p"/>`,
      `<testcase name="C${f}_f"><failure/></testcase>`,
      `<testcase name="C${e}_e"><error/></testcase>`,
      `<testcase name="C${s}_s"><skipped/></testcase>`,
    );
    const res = await importJUnit(
      t,
      w.user.token,
      { projectId, caseMatcher: 'name', statusMap: ' skipped:blocked, error:retest ' },
      xml,
    ).expect(201);
    expect(res.body.data).toMatchObject({ passed: 1, failed: 1, retest: 1, blocked: 1 });
    expect((await runResults(t.db, res.body.data.runId)).map((r) => r.status)).toEqual(['passed', 'failed', 'retest', 'blocked']);
  });

  it('refuses a bad map or runId with runName with 400 naming the parameter, writing nothing', async () => {
    const projectId = await newProject();
    const run = await startRun(t, w.user.token, projectId, await createTests(t.db, projectId, 1));
    const before = await tableCounts(t.db);
    const xml = suite('s', '<testcase name="n"/>');
    const cases: [Record<string, string | number>, string][] = [
      [{ statusMap: 'skipped:unrun' }, 'statusMap: "unrun" is not a status (passed, failed, blocked, retest, untested)'],
      [{ statusMap: 'skip:retest' }, 'statusMap: "skip" is not an outcome (passed, failure, error, skipped, todo, pending, xfail)'],
      [{ caseMatcher: 'title' }, 'caseMatcher: Expected one of: auto, name, property'],
      [{ statusMap: 'skipped' }, 'statusMap: "skipped" is not outcome:status'],
      [{ statusMap: 'skipped:retest,skipped:failed' }, 'statusMap: "skipped" is mapped twice'],
      [{ runId: run.runId, runName: 'x' }, 'runName: Give runId or runName, not both'],
      [{ createMissing: 'yes' }, 'createMissing: Expected true or false'],
      [{ runName: ' ' }, 'runName: Must not be empty'],
    ];
    for (const [query, message] of cases) {
      const res = await importJUnit(t, w.user.token, { projectId, ...query }, xml).expect(400);
      expect(res.body.error).toBe(`Invalid request: ${message}`);
    }
    expect((await importJUnit(t, w.user.token, {}, xml).expect(400)).body.error).toBe('Invalid request: projectId: Required');
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('into an existing run', () => {
  it('records results of tests in it, adds matched tests not yet in it, and keeps the counters exact', async () => {
    const projectId = await newProject();
    const [inRun, alsoInRun, notInRun] = await createTests(t.db, projectId, 3);
    const run = await startRun(t, w.user.token, projectId, [inRun, alsoInRun]);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        runId: run.runId,
        projectId,
        testResults: [{ testId: alsoInRun, status: 'blocked', comment: 'env' }],
      })
      .expect(200);
    const xml = suite(
      's',
      `<testcase name="C${inRun}_a"><failure message="no"/></testcase>`,
      `<testcase name="C${notInRun}_c" time="0.001"/>`,
    );
    const res = await importJUnit(t, w.admin.token, { projectId, runId: run.runId, caseMatcher: 'name' }, xml).expect(201);
    expect(res.body.data).toMatchObject({ runId: run.runId, total: 2, matched: 2, passed: 1, failed: 1, elapsedMs: 1 });
    expect((await runResults(t.db, run.runId)).map((r) => [r.testId, r.status, r.comment, r.updatedBy])).toEqual([
      [inRun, 'failed', 'no', w.admin.userId],
      [alsoInRun, 'blocked', 'env', w.user.userId],
      [notInRun, 'passed', null, w.admin.userId],
    ]);
    expect(await expectConsistentRun(projectId, run.runId)).toEqual({ total: 3, passed: 1, failed: 1, blocked: 1, retest: 0, untested: 0 });
    const history = await historyOf(t.db, run.runId);
    expect(history.slice(-2).map((h) => [h.testId, h.status, h.userId])).toEqual([
      [inRun, 'failed', w.admin.userId],
      [notInRun, 'passed', w.admin.userId],
    ]);
  });

  it('is 423 for a locked run, 404 for a run of another project or organization, 409 in an inactive project; nothing written', async () => {
    const projectId = await newProject();
    const [id] = await createTests(t.db, projectId, 1);
    const run = await startRun(t, w.user.token, projectId, [id]);
    const other = await newProject();
    const xml = suite('s', `<testcase name="C${id}_a"/>`);
    await t.as(w.user.token).put('/run/lock', { runId: run.runId, projectId }).expect(200);
    const before = await tableCounts(t.db);
    expect((await importJUnit(t, w.user.token, { projectId, runId: run.runId }, xml).expect(423)).body.error).toBe('Run is locked');
    expect((await importJUnit(t, w.user.token, { projectId, runId: run.runId, dryRun: true }, xml).expect(423)).body.error).toBe(
      'Run is locked',
    );
    expect((await importJUnit(t, w.user.token, { projectId: other, runId: run.runId }, xml).expect(404)).body.error).toBe('Run not found');
    expect((await importJUnit(t, w.adminB.token, { projectId: w.projectB.projectId, runId: run.runId }, xml).expect(404)).body.error).toBe(
      'Run not found',
    );
    expect((await importJUnit(t, w.adminB.token, { projectId, runId: run.runId }, xml).expect(404)).body.error).toBe('Project not found');
    expect((await importJUnit(t, w.adminB.token, { projectId, createMissing: true }, xml).expect(404)).body.error).toBe(
      'Project not found',
    );
    await t.db.project.update({ where: { projectId: other }, data: { isActive: false } });
    expect((await importJUnit(t, w.user.token, { projectId: other, createMissing: true }, xml).expect(409)).body.error).toBe(
      'Project is inactive',
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('dryRun', () => {
  it('writes nothing and answers the summary with the mapping of every distinct test', async () => {
    const projectId = await newProject();
    const [byId, byKey] = await createTests(t.db, projectId, 2);
    await t.db.test.update({ where: { testId: byKey }, data: { automationKey: 'K.keyed' } });
    const run = await startRun(t, w.user.token, projectId, [byId]);
    const xml = suite(
      'dry',
      `<testcase classname="K" name="C${byId}_by id"><failure/></testcase>`,
      '<testcase classname="K" name="keyed" time="0.2"/>',
      '<testcase classname="K" name="new one"><skipped/></testcase>',
      `<testcase classname="K" name="C${byId}_by id" time="0.1"/>`,
      '<testcase classname="K" name="C1999999999_gone"/>',
    );
    for (const createMissing of [true, false]) {
      const before = await tableCounts(t.db);
      const res = await importJUnit(t, w.user.token, { projectId, createMissing, dryRun: true, caseMatcher: 'name' }, xml).expect(201);
      expect(await tableCounts(t.db)).toEqual(before);
      // The two testcases of the same test are repetitions: the worst (failed) wins, their times add up.
      expect(res.body.data).toEqual({
        runId: null,
        projectId,
        total: 4,
        testcases: 5,
        tests: 4,
        repetitions: 1,
        reruns: 0,
        keysMoved: 1,
        matched: 2,
        created: createMissing ? 1 : 0,
        unmatched: createMissing ? 0 : 1,
        unknown: 1,
        passed: 1,
        failed: 1,
        retest: 0,
        blocked: 0,
        untested: createMissing ? 1 : 0,
        passedOnRetry: 0,
        elapsedMs: 300,
        mapping: [
          { name: `C${byId}_by id`, classname: 'K', key: null, testId: byId, action: 'matched', status: 'failed' },
          { name: 'keyed', classname: 'K', key: 'dry :: K.keyed', testId: byKey, action: 'matched', status: 'passed' },
          {
            name: 'new one',
            classname: 'K',
            key: 'dry :: K.new one',
            testId: null,
            action: createMissing ? 'created' : 'unmatched',
            status: 'untested',
          },
          { name: 'C1999999999_gone', classname: 'K', key: null, testId: 1999999999, action: 'unknown', status: 'passed' },
        ],
      });
    }
    const into = await importJUnit(t, w.user.token, { projectId, runId: run.runId, dryRun: true, caseMatcher: 'name' }, xml).expect(201);
    expect(into.body.data).toMatchObject({ runId: run.runId, matched: 2 });
    // The real import answers the same counts, without the mapping.
    const real = await importJUnit(t, w.user.token, { projectId, createMissing: true, caseMatcher: 'name' }, xml).expect(201);
    expect(real.body.data).toEqual({
      ...into.body.data,
      runId: real.body.data.runId,
      created: 1,
      unmatched: 0,
      untested: 1,
      mapping: undefined,
    });
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer without importing again; another report under the key is 422', async () => {
    const projectId = await newProject();
    const xml = suite('s', '<testcase name="a"><flakyFailure/></testcase>', '<testcase name="new"/>');
    const key = { 'Idempotency-Key': 'ci-run-42-junit' };
    const first = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml, key).expect(201);
    const counts = await tableCounts(t.db);
    // The same bytes gzipped are the same report.
    const again = await importJUnit(t, w.user.token, { projectId, createMissing: true }, zlib.gzipSync(xml), {
      ...key,
      'Content-Encoding': 'gzip',
    }).expect(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await tableCounts(t.db)).toEqual(counts);
    expect((await historyOf(t.db, first.body.data.runId)).length).toBe(3);
    const other = await importJUnit(
      t,
      w.user.token,
      { projectId, createMissing: true },
      xml.replace('name="new"', 'name="newer"'),
      key,
    ).expect(422);
    expect(other.body.status).toBe(422);
    expect(await tableCounts(t.db)).toEqual(counts);
  });
});
