import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { countedStatuses } from '../support/run-factories';
import { historyOf, importJUnit, runResults, suite } from '../support/junit-import';

// Reports as real runners write them (node --test, jest-junit,
// mocha-junit-reporter, vitest, pytest, Surefire, Playwright) must give the runner's own counts.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;
const doc = (...suites: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join('\n')}\n</testsuites>\n`;
const keysOf = async (projectId: number) =>
  (await t.db.test.findMany({ where: { projectId }, orderBy: { testId: 'asc' }, select: { title: true, automationKey: true } })).map(
    (x) => [x.title, x.automationKey],
  );

async function expectConsistentRun(projectId: number, runId: number) {
  const state = await t.as(w.reader.token).get('/run/state-detail', { runId, projectId }).expect(200);
  const { runId: _r, locked: _l, ...counters } = state.body.data;
  expect(counters).toEqual(await countedStatuses(t.db, runId));
  return counters;
}

describe('1. parameter ids in names', () => {
  it('are not Casebook ids by default: pytest [C4] and vitest [C3] parameters are tests of their own, existing tests untouched', async () => {
    const projectId = await newProject();
    const [c3, c4] = await createTests(t.db, projectId, 2);
    const xml = suite(
      'pytest',
      `<testcase classname="tests.test_mail" name="test_envelope_fits_letter[C${c4}]" time="0.1"/>`,
      `<testcase classname="src/cells.test.ts" name="cell [C${c3}] accepts formulas" time="0.2"><failure message="no"/></testcase>`,
    );
    const dry = await importJUnit(t, w.user.token, { projectId, createMissing: true, dryRun: true }, xml).expect(201);
    expect(dry.body.data).toMatchObject({ total: 2, created: 2, matched: 0, unknown: 0 });
    expect(dry.body.data.mapping.map((m: { name: string; action: string }) => [m.name, m.action])).toEqual([
      [`test_envelope_fits_letter[C${c4}]`, 'created'],
      [`cell [C${c3}] accepts formulas`, 'created'],
    ]);
    const first = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(first.body.data).toMatchObject({ total: 2, created: 2, matched: 0, unknown: 0, passed: 1, failed: 1 });
    // A later import lands on the tests it created, not on c3 / c4.
    const later = await importJUnit(t, w.user.token, { projectId }, xml).expect(201);
    expect(later.body.data).toMatchObject({ total: 2, matched: 2, created: 0, unknown: 0 });
    const results = await runResults(t.db, later.body.data.runId);
    expect(results.map((r) => r.testId)).not.toContain(c3);
    expect(results.map((r) => r.testId)).not.toContain(c4);
    expect((await keysOf(projectId)).slice(2)).toEqual([
      [`test_envelope_fits_letter[C${c4}]`, `pytest :: tests.test_mail.test_envelope_fits_letter[C${c4}]`],
      [`cell [C${c3}] accepts formulas`, `pytest :: src/cells.test.ts.cell [C${c3}] accepts formulas`],
    ]);
  });

  it('caseMatcher=name reads [C123] / C123_ tokens (opt-in); caseMatcher=property only properties; a bad matcher is 400', async () => {
    const projectId = await newProject();
    const [a, b, c] = await createTests(t.db, projectId, 3);
    const xml = suite(
      's',
      `<testcase classname="k" name="[C${a}] first"/>`,
      `<testcase classname="k" name="C${b}_second"/>`,
      `<testcase classname="k" name="third"><properties><property name="casebook_id" value="${c}"/></properties></testcase>`,
    );
    const byName = await importJUnit(t, w.user.token, { projectId, caseMatcher: 'name' }, xml).expect(201);
    expect(byName.body.data).toMatchObject({ total: 3, matched: 3 });
    const byProperty = await importJUnit(t, w.user.token, { projectId, caseMatcher: 'property', createMissing: true }, xml).expect(201);
    expect(byProperty.body.data).toMatchObject({ total: 3, matched: 1, unmatched: 2, created: 0 });
    const bad = await importJUnit(t, w.user.token, { projectId, caseMatcher: 'title' }, xml).expect(400);
    expect(JSON.stringify(bad.body)).toContain('caseMatcher');
  });
});

describe('2. different tests with the same classname and name', () => {
  it('node --test: "handles empty input" in four describes is four tests', async () => {
    const projectId = await newProject();
    const xml = doc(
      ...['csv parser', 'json parser', 'xml parser', 'yaml parser'].map(
        (d, i) =>
          `<testsuite name="${d}" hostname="vm"><testcase name="handles empty input" time="0.00${i + 1}" classname="test"${
            i === 3 ? '><failure message="boom"/></testcase>' : '/>'
          }</testsuite>`,
      ),
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({
      testcases: 4,
      tests: 4,
      repetitions: 0,
      reruns: 0,
      total: 4,
      created: 4,
      passed: 3,
      failed: 1,
      passedOnRetry: 0,
    });
    const again = await importJUnit(t, w.user.token, { projectId }, xml).expect(201);
    expect(again.body.data).toMatchObject({ total: 4, matched: 4, failed: 1 });
  });

  it('jest-junit and mocha-junit-reporter: the same title in two files (testsuite or testcase file attribute) is two tests', async () => {
    const projectId = await newProject();
    const xml = doc(
      '<testsuite name="Root Suite" file="test/a.spec.js"><testcase classname="works" name="parser works"/></testsuite>',
      '<testsuite name="Root Suite" file="test/b.spec.js"><testcase classname="works" name="parser works"><failure message="b broke"/></testcase></testsuite>',
      '<testsuite name="jest"><testcase classname="x" name="x" file="src/one.test.ts"/><testcase classname="x" name="x" file="src/two.test.ts"/></testsuite>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ testcases: 4, tests: 4, repetitions: 0, total: 4, created: 4, passed: 3, failed: 1 });
  });

  it('Surefire @RepeatedTest and NUnit repeated [TestCase]: repetitions of one key are one test, the worst outcome wins, all messages kept', async () => {
    const projectId = await newProject();
    const xml = suite(
      'com.acme.DiceTest',
      '<testcase classname="com.acme.DiceTest" name="rolls()" time="0.1"/>',
      '<testcase classname="com.acme.DiceTest" name="rolls()" time="0.2"><failure message="rolled 7"/></testcase>',
      '<testcase classname="com.acme.DiceTest" name="rolls()" time="0.3"/>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({
      testcases: 3,
      tests: 1,
      repetitions: 2,
      reruns: 0,
      total: 1,
      failed: 1,
      passedOnRetry: 0,
      elapsedMs: 600,
    });
    const [result] = await runResults(t.db, res.body.data.runId);
    expect(result).toMatchObject({ status: 'failed', elapsedMs: 600 });
    expect(result.comment).toContain('rolled 7');
  });
});

describe('3. Playwright projects', () => {
  it('the same test in projects desktop and mobile (suite hostname) is two tests; a skip on one and a pass on the other is no retry', async () => {
    const projectId = await newProject();
    const spec = (project: string, body: string) =>
      `<testsuite name="cart.spec.ts" hostname="${project}"><testcase name="Cart › adds an item" classname="cart.spec.ts" time="1.5">${body}</testcase></testsuite>`;
    const xml = doc(spec('desktop', '<skipped/>'), spec('mobile', ''));
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ testcases: 2, tests: 2, total: 2, created: 2, passed: 1, untested: 1, passedOnRetry: 0 });
    expect(await keysOf(projectId)).toEqual([
      ['adds an item', 'cart.spec.ts.Cart › adds an item [desktop]'],
      ['adds an item', 'cart.spec.ts.Cart › adds an item [mobile]'],
    ]);
  });

  it('a project property of the suite names the project too', async () => {
    const projectId = await newProject();
    const spec = (project: string) =>
      `<testsuite name="a.spec.ts"><properties><property name="project" value="${project}"/></properties><testcase name="t" classname="a.spec.ts"/></testsuite>`;
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, doc(spec('firefox'), spec('webkit'))).expect(201);
    expect(res.body.data).toMatchObject({ tests: 2, created: 2 });
  });
});

describe('4. a second result element is not a later attempt', () => {
  it("node's failing todo (skipped type=todo plus failure) is untested, keeping both messages", async () => {
    const projectId = await newProject();
    const xml = suite(
      'yaml parser',
      `<testcase name="handles anchors" time="0.0018" classname="test"><skipped type="todo" message="anchors are not parsed yet"/><failure type="testCodeFailure" message="Expected values to be strictly equal">stack</failure></testcase>`,
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ testcases: 1, tests: 1, reruns: 0, untested: 1, failed: 0 });
    const [result] = await runResults(t.db, res.body.data.runId);
    expect(result.status).toBe('untested');
    expect(result.comment).toContain('anchors are not parsed yet');
    expect(result.comment).toContain('Expected values to be strictly equal');
    expect((await historyOf(t.db, res.body.data.runId)).map((h) => h.status)).toEqual(['untested']);
  });

  it("pytest's failure plus teardown error (two testcases of one name) is one failed result carrying both messages", async () => {
    const projectId = await newProject();
    const xml = suite(
      'pytest',
      '<testcase classname="tests.test_db" name="test_insert" time="0.5"><failure message="assert 1 == 2">E assert 1 == 2</failure></testcase>',
      '<testcase classname="tests.test_db" name="test_insert" time="0.25"><error message="failed on teardown with &quot;RuntimeError: pool closed&quot;">teardown trace</error></testcase>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    // Not a repetition: pytest's phase error is part of the test's result.
    expect(res.body.data).toMatchObject({ testcases: 2, tests: 1, repetitions: 0, total: 1, failed: 1, elapsedMs: 750 });
    const [result] = await runResults(t.db, res.body.data.runId);
    expect(result.comment).toContain('assert 1 == 2');
    expect(result.comment).toContain('pool closed');
    expect((await historyOf(t.db, res.body.data.runId)).map((h) => [h.status, h.elapsedMs])).toEqual([['failed', 750]]);
  });

  it('rerun elements are attempts of one test: every attempt in history, the final outcome counts, flaky marked', async () => {
    const projectId = await newProject();
    const xml = suite(
      'com.acme.LoginTest',
      '<testcase classname="com.acme.LoginTest" name="flaky()" time="0.3"><flakyFailure message="first"/><flakyError message="second"/></testcase>',
      '<testcase classname="com.acme.LoginTest" name="broken()" time="0.1"><failure message="one"/><rerunFailure message="two" time="0.1"/></testcase>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ testcases: 2, tests: 2, repetitions: 0, reruns: 3, passed: 1, failed: 1, passedOnRetry: 1 });
    const runId = res.body.data.runId;
    expect((await historyOf(t.db, runId)).map((h) => h.status)).toEqual(['failed', 'failed', 'passed', 'failed', 'failed']);
    const results = await runResults(t.db, runId);
    expect(results[0].comment).toMatch(/^Flaky: passed after 2 failed attempts/);
    expect(results[1].comment).toContain('two');
  });

  // gotestsum writes a rerun as the same testcase again (failures first), go test -count=N every test N times.
  const goSuite = (...cases: string[]) =>
    doc(
      `<testsuite name="example/pkg" tests="${cases.length}"><properties><property name="go.version" value="go1.19.8 linux/amd64"/></properties>`,
      ...cases.map((c) => `<testcase classname="example/pkg" ${c}`),
      '</testsuite>',
    );
  const fail = (name: string, message: string) => `name="${name}" time="0.2"><failure message="${message}"/></testcase>`;
  const pass = (name: string) => `name="${name}" time="0.1"/>`;

  it('gotestsum --rerun-fails: a Go test repeated while others are not is rerun: the last attempt counts, each attempt in history', async () => {
    const projectId = await newProject();
    const xml = goSuite(
      fail('TestScale', 'unsettled'),
      fail('TestBroken', 'one'),
      fail('TestBroken', 'two'),
      pass('TestOk'),
      pass('TestScale'),
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ testcases: 5, tests: 3, repetitions: 0, reruns: 2, passed: 2, failed: 1, passedOnRetry: 1 });
    const runId = res.body.data.runId;
    expect((await historyOf(t.db, runId)).map((h) => [h.status, h.elapsedMs])).toEqual([
      ['failed', 200],
      ['passed', 300],
      ['failed', 200],
      ['failed', 400],
      ['passed', 100],
    ]);
    expect((await runResults(t.db, runId))[0].comment).toMatch(/^Flaky: passed after 1 failed attempt\b/);
  });

  it('go test -count=2: every test of the package repeated alike is repetitions, the worst outcome wins; without go.version too', async () => {
    const projectId = await newProject();
    const cases = [fail('TestA', 'first'), fail('TestB', 'b'), pass('TestA'), pass('TestB')];
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, goSuite(...cases)).expect(201);
    expect(res.body.data).toMatchObject({ testcases: 4, tests: 2, repetitions: 2, reruns: 0, passed: 0, failed: 2, passedOnRetry: 0 });
    // The same uneven repeats outside a Go package are repetitions: only gotestsum writes reruns that way.
    const other = suite(
      'example/pkg',
      `<testcase classname="example/pkg" ${fail('TestA', 'x')}`,
      `<testcase classname="example/pkg" ${pass('TestA')}`,
      `<testcase classname="example/pkg" ${pass('TestB')}`,
    );
    const res2 = await importJUnit(t, w.user.token, { projectId: await newProject(), createMissing: true }, other).expect(201);
    expect(res2.body.data).toMatchObject({ testcases: 3, tests: 2, repetitions: 1, reruns: 0, passed: 1, failed: 1, passedOnRetry: 0 });
  });
});

describe('5. outcomes', () => {
  it('skipped, todo and pending are untested by default with the reason as comment, in history; xfail is passed', async () => {
    const projectId = await newProject();
    const xml = suite(
      'o',
      '<testcase classname="o" name="skipped"><skipped message="not on this platform"/></testcase>',
      '<testcase classname="o" name="todo"><skipped type="todo"/></testcase>',
      '<testcase classname="o" name="pending"><skipped type="pending" message="later"/></testcase>',
      '<testcase classname="o" name="xfail"><skipped type="pytest.xfail" message="known bug"/></testcase>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ total: 4, untested: 3, passed: 1, retest: 0 });
    const runId = res.body.data.runId;
    const results = await runResults(t.db, runId);
    expect(results.map((r) => [r.status, r.comment])).toEqual([
      ['untested', 'not on this platform'],
      ['untested', 'todo'],
      ['untested', 'pending: later'],
      ['passed', 'pytest.xfail: known bug'],
    ]);
    expect((await historyOf(t.db, runId)).map((h) => h.status)).toEqual(['untested', 'untested', 'untested', 'passed']);
    expect(await expectConsistentRun(projectId, runId)).toMatchObject({ total: 4, untested: 3, passed: 1, retest: 0 });
  });

  it('statusMap may map any outcome to any status, untested included', async () => {
    const projectId = await newProject();
    const xml = suite(
      'm',
      '<testcase classname="m" name="f"><failure/></testcase>',
      '<testcase classname="m" name="s"><skipped/></testcase>',
      '<testcase classname="m" name="x"><skipped type="pytest.xfail"/></testcase>',
    );
    const res = await importJUnit(
      t,
      w.user.token,
      { projectId, createMissing: true, statusMap: 'failure:untested,skipped:retest,xfail:blocked' },
      xml,
    ).expect(201);
    expect(res.body.data).toMatchObject({ untested: 1, retest: 1, blocked: 1 });
  });
});

describe('6. durations', () => {
  it('reads any number form, sums the attempts of a test (Surefire failing every rerun) and totals the run over tests', async () => {
    const projectId = await newProject();
    const xml = suite(
      'd',
      '<testcase classname="d" name="tiny" time="1E-07"/>',
      '<testcase classname="d" name="small" time="0.000197"/>',
      '<testcase classname="d" name="exp" time="2.5e+1"/>',
      '<testcase classname="d" name="reruns" time="0.4"><failure message="1"/><rerunFailure message="2" time="0.3"/><rerunFailure message="3" time="0.2"/></testcase>',
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ total: 4, failed: 1, reruns: 2, elapsedMs: 0 + 0 + 25_000 + 900 });
    const results = await runResults(t.db, res.body.data.runId);
    expect(results.map((r) => r.elapsedMs)).toEqual([0, 0, 25_000, 900]);
    const report = await t.as(w.reader.token).get('/run/report', { runId: res.body.data.runId, projectId }).expect(200);
    expect(report.body.summary).toMatchObject({ elapsedMs: 25_900 });
  });
});

describe('keys stored today', () => {
  it('a test found by its old key (classname.name) moves to the full key, and the answer counts the moves', async () => {
    const projectId = await newProject();
    const [old, shared] = await createTests(t.db, projectId, 2);
    await t.db.test.update({ where: { testId: old }, data: { automationKey: 'shop.CartTest.adds an item' } });
    await t.db.test.update({ where: { testId: shared }, data: { automationKey: 'test.handles empty input' } });
    const xml = doc(
      '<testsuite name="shop"><testcase classname="shop.CartTest" name="adds an item"/></testsuite>',
      '<testsuite name="csv"><testcase classname="test" name="handles empty input"/></testsuite>',
      '<testsuite name="json"><testcase classname="test" name="handles empty input"/></testsuite>',
    );
    const dry = await importJUnit(t, w.user.token, { projectId, dryRun: true }, xml).expect(201);
    expect(dry.body.data).toMatchObject({ keysMoved: 1, matched: 1, unmatched: 2 });
    expect(dry.body.data.mapping[0]).toMatchObject({ testId: old, key: 'shop :: shop.CartTest.adds an item', action: 'matched' });
    const res = await importJUnit(t, w.user.token, { projectId }, xml).expect(201);
    // The old key shared by two tests of the report moves to neither: which one it was is unknown.
    expect(res.body.data).toMatchObject({ keysMoved: 1, matched: 1, unmatched: 2 });
    expect(await keysOf(projectId)).toEqual([
      [expect.any(String), 'shop :: shop.CartTest.adds an item'],
      [expect.any(String), 'test.handles empty input'],
    ]);
    const again = await importJUnit(t, w.user.token, { projectId }, xml).expect(201);
    expect(again.body.data).toMatchObject({ keysMoved: 0, matched: 1 });
  });
});

describe('sections, titles and failure texts', () => {
  it('makes sections of the file, suites and describe path, cuts the describe prefix jest-junit repeats, keeps a failure’s output', async () => {
    const projectId = await newProject();
    const xml = doc(
      '<testsuite name="math"><testcase classname="math adds numbers" name="math adds numbers"/></testsuite>',
      '<testsuite name="e2e/cart.spec.ts" hostname="chromium"><testcase classname="e2e/cart.spec.ts" name="Cart › Totals › sums items"/></testsuite>',
      `<testsuite name="Root Suite" file="test/api.spec.js"><testcase classname="api" name="answers"><failure message="boom" type="Error">stack</failure><system-out>${'o'.repeat(70_000)}</system-out><system-err>warned</system-err></testcase></testsuite>`,
    );
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(201);
    expect(res.body.data).toMatchObject({ created: 3, passed: 2, failed: 1 });
    const sections = await t.as(w.reader.token).get('/sections', { projectId }).expect(200);
    const pathOf = new Map<number, string>();
    for (const s of sections.body.data as { sectionId: number; sectionName: string; parentSectionId: number | null }[]) {
      pathOf.set(s.sectionId, s.parentSectionId === null ? s.sectionName : `${pathOf.get(s.parentSectionId)} > ${s.sectionName}`);
    }
    const tests = await t.db.test.findMany({ where: { projectId }, orderBy: { testId: 'asc' } });
    expect(tests.map((x) => [x.title, pathOf.get(x.sectionId!), x.automationKey])).toEqual([
      ['adds numbers', 'math', 'math :: math adds numbers.math adds numbers'],
      ['sums items', 'e2e > cart.spec.ts > Cart > Totals', 'e2e/cart.spec.ts.Cart › Totals › sums items [chromium]'],
      ['answers', 'test > api.spec.js > Root Suite', 'Root Suite / test/api.spec.js :: api.answers'],
    ]);
    const failed = (await runResults(t.db, res.body.data.runId)).find((r) => r.status === 'failed')!;
    expect(failed.comment).toBe(`Error: boom\n\nstack\n\nsystem-out:\n${'o'.repeat(65_536)}…\n\nsystem-err:\nwarned`);
  });
});
