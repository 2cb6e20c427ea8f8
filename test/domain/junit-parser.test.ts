import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { parseJUnit, JUnitSyntaxError, type JUnitCase } from '../../src/domain/junit-import/junit-parser';
import { idsAndTitleFromName, idsFromPropertyValue, parseElapsedMs } from '../../src/domain/junit-import/junit-ids';
import { drainPendingText } from '../../src/domain/junit-import/saxes-pending';
import { TEXT_CAP } from '../../src/domain/junit-import/junit-text';

// The streaming JUnit XML parser: fixtures from real producers (jest-junit, pytest) and
// hand-written ones after the documented formats of Surefire, Playwright, gotestsum and PHPUnit.

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'junit');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

async function collect(source: Parameters<typeof parseJUnit>[0]): Promise<JUnitCase[]> {
  const out: JUnitCase[] = [];
  for await (const c of parseJUnit(source)) out.push(c);
  return out;
}

/** Runs the parser to its end; returns what it yielded and what it threw. */
async function collectUntilError(source: Parameters<typeof parseJUnit>[0]) {
  const cases: JUnitCase[] = [];
  try {
    for await (const c of parseJUnit(source)) cases.push(c);
  } catch (error) {
    return { cases, error };
  }
  return { cases, error: undefined };
}

async function* oneByteAtATime(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
}

async function* strings(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

const xml = (body: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="s">\n${body}\n</testsuite>\n</testsuites>\n`);
/** What a case of a plain testcase (no file, hostname, project or id property) holds besides its own fields. */
const plain = (testcase: number, suiteKeys: string[]) => ({
  suiteKeys,
  file: null,
  hostname: null,
  project: null,
  go: false,
  propertyIds: [],
  defects: [],
  attachments: [],
  testcase,
  kind: 'main',
});
const pick = (c: JUnitCase) => ({ name: c.name, ids: c.ids, title: c.title, outcome: c.outcome, elapsedMs: c.elapsedMs });

describe('JUnit fixtures from real producers', () => {
  it('jest-junit: suites, [C5] / C6_ ids, failure text, skipped, non-ASCII names', async () => {
    const cases = await collect(fixture('jest-junit.xml'));
    expect(cases.map((c) => ({ ...c, comment: c.comment?.split('\n')[0] ?? null }))).toEqual([
      {
        name: 'math [C5] adds numbers',
        classname: 'math [C5] adds numbers',
        suites: ['math'],
        ...plain(0, ['math']),
        ids: [5],
        title: 'math adds numbers',
        outcome: 'passed',
        comment: null,
        elapsedMs: 1,
        line: 4,
      },
      {
        name: 'math C6_subtracts numbers',
        classname: 'math C6_subtracts numbers',
        suites: ['math'],
        ...plain(1, ['math']),
        ids: [6],
        title: 'math subtracts numbers',
        outcome: 'failure',
        comment: 'Error: expect(received).toBe(expected) // Object.is equality',
        elapsedMs: 2,
        line: 6,
      },
      {
        name: 'math divides by zero',
        classname: 'math divides by zero',
        suites: ['math'],
        ...plain(2, ['math']),
        ids: [],
        title: 'math divides by zero',
        outcome: 'skipped',
        comment: null,
        elapsedMs: 0,
        line: 25,
      },
      {
        name: 'math nested multiplies – ünïcode ✓',
        classname: 'math nested multiplies – ünïcode ✓',
        suites: ['math'],
        ...plain(3, ['math']),
        ids: [],
        title: 'math nested multiplies – ünïcode ✓',
        outcome: 'passed',
        comment: null,
        elapsedMs: 0,
        line: 28,
      },
    ]);
    // No type or message: the comment is the element's text, entities decoded.
    expect(cases[1].comment).toContain('Expected: 1\nReceived: 2\n    at Object.<anonymous> (/project/math.test.js:6:19)');
    expect(cases[1].comment!.endsWith('at runTest (/project/node_modules/jest-runner/build/runTest.js:444:34)')).toBe(true);
  });

  it.each(['pytest-xunit1.xml', 'pytest-xunit2.xml'])('pytest (%s): failure, skip, fixture error, record_property id', async (file) => {
    const cases = await collect(fixture(file));
    expect(
      cases.map((c) => ({
        name: c.name,
        classname: c.classname,
        suites: c.suites,
        ids: c.ids,
        title: c.title,
        outcome: c.outcome,
        elapsedMs: c.elapsedMs,
      })),
    ).toEqual([
      {
        name: 'test_C12_login_works',
        classname: 'test_login',
        suites: ['pytest'],
        ids: [12],
        title: 'test_login_works',
        outcome: 'passed',
        elapsedMs: 0,
      },
      {
        name: 'test_login_rejects_bad_password',
        classname: 'test_login',
        suites: ['pytest'],
        ids: [],
        title: 'test_login_rejects_bad_password',
        outcome: 'failure',
        elapsedMs: 0,
      },
      { name: 'test_logout', classname: 'test_login', suites: ['pytest'], ids: [], title: 'test_logout', outcome: 'skipped', elapsedMs: 0 },
      { name: 'test_uses_db', classname: 'test_login', suites: ['pytest'], ids: [], title: 'test_uses_db', outcome: 'error', elapsedMs: 0 },
      {
        name: 'test_tagged_with_property',
        classname: 'test_login',
        suites: ['pytest'],
        ids: [7],
        title: 'test_tagged_with_property',
        outcome: 'passed',
        elapsedMs: 0,
      },
      {
        name: 'test_names[ann]',
        classname: 'test_login.TestProfile',
        suites: ['pytest'],
        ids: [],
        title: 'test_names[ann]',
        outcome: 'passed',
        elapsedMs: 0,
      },
      {
        name: 'test_names[b\\xf6]',
        classname: 'test_login.TestProfile',
        suites: ['pytest'],
        ids: [],
        title: 'test_names[b\\xf6]',
        outcome: 'passed',
        elapsedMs: 0,
      },
    ]);
    expect(cases[1].comment).toBe(
      "AssertionError: password check\nassert 'secret' == 'hunter2'\n  \n  - hunter2\n  + secret\n\n" +
        'def test_login_rejects_bad_password():\n>       assert "secret" == "hunter2", "password check"\nE       AssertionError: password check\n' +
        "E       assert 'secret' == 'hunter2'\nE         \nE         - hunter2\nE         + secret\n\ntest_login.py:14: AssertionError",
    );
    expect(cases[2].comment).toBe('pytest.skip: not on this platform\n\n/project/test_login.py:17: not on this platform');
    expect(cases[3].comment).toMatch(/^failed on setup with "RuntimeError: database is down"\n\n@pytest.fixture\n/);
    expect(cases.every((c) => c.comment === null || c.outcome !== 'passed')).toBe(true);
  });
});

describe('JUnit fixtures after documented formats', () => {
  it('Maven Surefire: suite properties ignored, system-out and system-err of a failure in the comment, flaky and rerun attempts', async () => {
    const cases = await collect(fixture('surefire-junit5.xml'));
    const suite = 'com.example.auth.LoginTest';
    expect(cases.map((c) => [c.name, c.classname, c.suites, c.ids, c.title, c.outcome, c.elapsedMs, c.line])).toEqual([
      ['C101_loginWorks', suite, [suite], [101], 'loginWorks', 'passed', 12, 12],
      ['[C102] logs out', suite, [suite], [102], 'logs out', 'failure', 34, 13],
      ['rejectsExpiredToken', suite, [suite], [], 'rejectsExpiredToken', 'skipped', 8, 22],
      // Flaky: the failed attempts in file order (no time of their own), then the final pass with the testcase's time.
      ['C103_refreshesToken', suite, [suite], [103], 'refreshesToken', 'failure', null, 25],
      ['C103_refreshesToken', suite, [suite], [103], 'refreshesToken', 'error', null, 25],
      ['C103_refreshesToken', suite, [suite], [103], 'refreshesToken', 'passed', 21, 25],
      // Failed every time: the testcase's own error first (its time), then each rerun in file order.
      ['storesAuditEntry', suite, [suite], [], 'storesAuditEntry', 'error', 500, 41],
      ['storesAuditEntry', suite, [suite], [], 'storesAuditEntry', 'error', null, 41],
      ['storesAuditEntry', suite, [suite], [], 'storesAuditEntry', 'failure', null, 41],
    ]);
    expect(cases.map((c) => c.comment)).toEqual([
      null,
      'org.opentest4j.AssertionFailedError: expected: <200> but was: <500>\n\norg.opentest4j.AssertionFailedError: expected: <200> but was: <500>\n\tat com.example.auth.LoginTest.logsOut(LoginTest.java:41)\n\nsystem-out:\nPOST /logout -> 500\n\nsystem-err:\nWARN session store unavailable',
      'token service not configured',
      'java.util.concurrent.TimeoutException: timeout after 5 ms\n\njava.util.concurrent.TimeoutException: timeout after 5 ms\n\tat com.example.auth.LoginTest.refreshesToken(LoginTest.java:57)\n\nsystem-err:\nslow token endpoint',
      'java.net.SocketException: Connection reset\n\njava.net.SocketException: Connection reset\n\tat com.example.auth.TokenClient.refresh(TokenClient.java:88)',
      null,
      'java.net.ConnectException: Connection refused\n\njava.net.ConnectException: Connection refused\n\tat com.example.audit.AuditClient.send(AuditClient.java:12)',
      'java.net.ConnectException: Connection refused\n\njava.net.ConnectException: Connection refused (run 2)',
      'org.opentest4j.AssertionFailedError: audit entry missing\n\norg.opentest4j.AssertionFailedError: audit entry missing\n\nsystem-err:\naudit queue empty',
    ]);
    // The system-out of a test that passed in the end is not kept.
    expect(cases.some((c) => c.comment?.includes('refreshing...'))).toBe(false);
  });

  it('Playwright: " › " names, property id list, CDATA failure, skipped, flaky attempt with its own time', async () => {
    const cases = await collect(fixture('playwright.xml'));
    const file = 'auth/login.spec.ts';
    expect(cases.map((c) => [c.name, c.classname, c.suites, c.ids, c.title, c.outcome, c.elapsedMs, c.line])).toEqual([
      ['Login › [C5] signs in with a valid password', file, [file], [5, 6], 'Login › signs in with a valid password', 'passed', 1204, 9],
      ['Login › shows an error for a wrong password', file, [file], [], 'Login › shows an error for a wrong password', 'failure', 2500, 15],
      ['Login › remembers the user', file, [file], [], 'Login › remembers the user', 'skipped', 0, 31],
      [
        'Login › Session › C8_keeps the session after reload',
        file,
        [file],
        [8],
        'Login › Session › keeps the session after reload',
        'failure',
        2350,
        39,
      ],
      [
        'Login › Session › C8_keeps the session after reload',
        file,
        [file],
        [8],
        'Login › Session › keeps the session after reload',
        'passed',
        1100,
        39,
      ],
    ]);
    expect(cases[1].comment).toBe(
      'FAILURE: login.spec.ts:18:7 shows an error for a wrong password\n\n[chromium] › auth/login.spec.ts:18:7 › Login › shows an error for a wrong password ──────\n\n' +
        '    Error: expect(locator).toHaveText(expected) failed\n\n    Expected: "Wrong password"\n    Received: "Welcome"\n\n' +
        'system-out:\n[[ATTACHMENT|test-results/login-wrong-password/trace.zip]]',
    );
    expect(cases[2].comment).toBeNull();
    expect(cases[3].comment).toBe(
      'expect.toHaveTitle: Expected: "Dashboard"\n\nError: expect(page).toHaveTitle(expected) failed\n    at auth/login.spec.ts:31:18',
    );
  });

  it('gotestsum: one suite per package, package classname, subtest ids, escaped output', async () => {
    const cases = await collect(fixture('gotestsum.xml'));
    const auth = 'example.com/casebook/auth';
    const store = 'example.com/casebook/store';
    expect(cases).toEqual([
      {
        name: 'TestLogout',
        classname: auth,
        suites: [auth],
        ...plain(0, [auth]),
        go: true,
        ids: [],
        title: 'TestLogout',
        outcome: 'failure',
        elapsedMs: 10,
        line: 11,
        comment: 'Failed\n\n=== RUN   TestLogout\n    auth_test.go:20: expected status 204, got 500\n--- FAIL: TestLogout (0.01s)',
      },
      {
        name: 'TestRefresh',
        classname: auth,
        suites: [auth],
        ...plain(1, [auth]),
        go: true,
        ids: [],
        title: 'TestRefresh',
        outcome: 'skipped',
        elapsedMs: 0,
        line: 14,
        comment: '=== RUN   TestRefresh\n    auth_test.go:31: needs a token server\n--- SKIP: TestRefresh (0.00s)',
      },
      {
        name: 'TestLogin',
        classname: auth,
        suites: [auth],
        ...plain(2, [auth]),
        go: true,
        ids: [],
        title: 'TestLogin',
        outcome: 'passed',
        elapsedMs: 20,
        line: 17,
        comment: null,
      },
      {
        name: 'TestLogin/C21_valid_password',
        classname: auth,
        suites: [auth],
        ...plain(3, [auth]),
        go: true,
        ids: [21],
        title: 'TestLogin/valid_password',
        outcome: 'passed',
        elapsedMs: 1,
        line: 18,
        comment: null,
      },
      {
        name: 'Test_C22_SavesRun',
        classname: store,
        suites: [store],
        ...plain(4, [store]),
        go: true,
        ids: [22],
        title: 'Test_SavesRun',
        outcome: 'passed',
        elapsedMs: 2,
        line: 24,
        comment: null,
      },
    ]);
  });

  it('PHPUnit: nested suites (class, data provider), type-only failure and error, empty skipped', async () => {
    const cases = await collect(fixture('phpunit.xml'));
    const cls = 'Tests\\CalculatorTest';
    expect(cases.map((c) => [c.name, c.classname, c.suites, c.ids, c.title, c.outcome, c.elapsedMs, c.line])).toEqual([
      ['testC31_adds', 'Tests.CalculatorTest', ['unit', cls], [], 'testC31_adds', 'passed', 1, 9],
      ['test_C32_subtracts', 'Tests.CalculatorTest', ['unit', cls], [32], 'test_subtracts', 'failure', 2, 10],
      [
        'testDivides with data set #0',
        'Tests.CalculatorTest',
        ['unit', cls, `${cls}::testDivides`],
        [],
        'testDivides with data set #0',
        'passed',
        1,
        17,
      ],
      [
        'testDivides with data set "by zero"',
        'Tests.CalculatorTest',
        ['unit', cls, `${cls}::testDivides`],
        [],
        'testDivides with data set "by zero"',
        'error',
        1,
        18,
      ],
      ['testRounds', 'Tests.CalculatorTest', ['unit', cls], [], 'testRounds', 'skipped', 0, 26],
    ]);
    expect(cases[1].comment).toBe(
      'PHPUnit\\Framework\\ExpectationFailedException\n\nTests\\CalculatorTest::test_C32_subtracts\nFailed asserting that 2 is identical to 3.\n\n/app/tests/CalculatorTest.php:21',
    );
    expect(cases[3].comment).toMatch(/^DivisionByZeroError\n\nTests\\CalculatorTest::testDivides with data set "by zero" \(10, 0\)\n/);
    expect(cases[4].comment).toBeNull();
  });
});

describe('Casebook ids and titles', () => {
  const cases: [string, number[], string][] = [
    ['[C123] login', [123], 'login'],
    ['C123_login', [123], 'login'],
    ['login [C7]', [7], 'login'],
    ['Suite › [C1][C2] both', [1, 2], 'Suite › both'],
    ['[C3, C4] two in one', [3, 4], 'two in one'],
    ['test_C45_foo', [45], 'test_foo'],
    ['TestLogin/C21_valid', [21], 'TestLogin/valid'],
    ['C1_C2_login', [1, 2], 'login'],
    ['C9_ x [C9] y', [9], 'x y'],
    ['spaces   [C5]   collapse', [5], 'spaces collapse'],
    // Not ids: C glued to a word, lower-case c, no underscore, out of range.
    ['TestC12_login', [], 'TestC12_login'],
    ['ABC12_x', [], 'ABC12_x'],
    ['[c5] lower', [], '[c5] lower'],
    ['C123 no underscore', [], 'C123 no underscore'],
    ['[C0] zero', [], '[C0] zero'],
    ['[C2147483648] too big', [], '[C2147483648] too big'],
    ['C2147483647_max', [2147483647], 'max'],
    ['[C5]', [5], '[C5]'],
  ];
  it.each(cases)('%j -> ids %j, title %j', (name, ids, title) => {
    const found: number[] = [];
    expect(idsAndTitleFromName(name, found)).toBe(title);
    expect(found).toEqual(ids);
  });

  it('reads property values: single, C-prefixed, comma lists; ignores junk and out-of-range values', () => {
    expect(idsFromPropertyValue('7')).toEqual([7]);
    expect(idsFromPropertyValue('12, 13')).toEqual([12, 13]);
    expect(idsFromPropertyValue(' C14 ,15,,abc, 0, -3, 2147483648, 14')).toEqual([14, 15]);
  });

  it('takes properties (in <properties> or directly in the testcase) first, then name tokens, without duplicates', async () => {
    const cases = await collect(
      xml(`<testcase name="[C3] C4_x [C1]">
  <properties><property name="casebook_id" value="1, 2"/><property name="other" value="9"/></properties>
  <property name="TEST_ID" value="5"/>
  <property name="test_id">6</property>
</testcase>
<testcase name="plain"><properties><property name="casebook_id" value="nope"/></properties></testcase>`),
    );
    expect(cases.map(pick)).toEqual([
      { name: '[C3] C4_x [C1]', ids: [1, 2, 5, 6, 3, 4], title: 'x', outcome: 'passed', elapsedMs: null },
      { name: 'plain', ids: [], title: 'plain', outcome: 'passed', elapsedMs: null },
    ]);
  });

  it('trims names and classnames; an empty classname is null; unnamed suites are skipped; the <testsuites> root is not a suite', async () => {
    const cases = await collect(
      Buffer.from(`<testsuites name="root"><testsuite name="outer"><testsuite><testsuite name="  inner "><testcase name="  a  b " classname="  "/></testsuite></testsuite></testsuite>
<testsuite name="second"><testcase name="c" class="Php\\Cls"/></testsuite></testsuites>`),
    );
    expect(cases.map((c) => [c.name, c.title, c.classname, c.suites])).toEqual([
      ['a  b', 'a b', null, ['outer', 'inner']],
      ['c', 'c', 'Php\\Cls', ['second']],
    ]);
  });
});

describe('where a testcase is and what it is', () => {
  it('reads file (testcase, else nearest suite), hostname, project / browser properties, testcase number and attempt kind', async () => {
    const cases = await collect(
      Buffer.from(`<testsuites>
<testsuite name="outer" file="a.spec.js" hostname="desktop"><properties><property name="browser" value="firefox"/></properties>
  <testsuite name="inner"><testcase name="one" classname="c"/><testcase name="two" classname="c" file="b.spec.js"><properties><property name="project" value="mobile"/><property name="casebook_id" value="7"/></properties></testcase></testsuite>
</testsuite>
<testsuite name="plain"><testcase name="three"><flakyFailure message="x"/></testcase><testcase name="four"><failure message="f"/><rerunError message="r"/></testcase></testsuite>
</testsuites>`),
    );
    expect(cases.map((c) => [c.name, c.suites, c.file, c.hostname, c.project, c.propertyIds, c.testcase, c.kind, c.outcome])).toEqual([
      ['one', ['outer', 'inner'], 'a.spec.js', 'desktop', 'firefox', [], 0, 'main', 'passed'],
      ['two', ['outer', 'inner'], 'b.spec.js', 'desktop', 'mobile', [7], 1, 'main', 'passed'],
      ['three', ['plain'], null, null, null, [], 2, 'flaky', 'failure'],
      ['three', ['plain'], null, null, null, [], 2, 'main', 'passed'],
      ['four', ['plain'], null, null, null, [], 3, 'main', 'failure'],
      ['four', ['plain'], null, null, null, [], 3, 'rerun', 'error'],
    ]);
  });

  it('names the nth suite of one name (and hostname) under one parent "<name> #n" in suiteKeys (jest-junit: one suite per file)', async () => {
    const cases = await collect(
      Buffer.from(`<testsuites>
<testsuite name="parser"><testcase name="a"/></testsuite>
<testsuite name="parser"><testcase name="a"/><testsuite name="x"/><testsuite name="x"><testcase name="b"/></testsuite></testsuite>
<testsuite name="parser" hostname="mobile"><testcase name="a"/></testsuite>
</testsuites>`),
    );
    expect(cases.map((c) => [c.suites, c.suiteKeys])).toEqual([
      [['parser'], ['parser']],
      [['parser'], ['parser #2']],
      [
        ['parser', 'x'],
        ['parser #2', 'x #2'],
      ],
      [['parser'], ['parser']],
    ]);
  });

  it('reads skipped by type as todo, pending or xfail; a skipped element wins over a failure in the same testcase (both messages kept); more failures are reruns', async () => {
    const cases = await collect(
      xml(`<testcase name="a"><skipped type="todo" message="not yet"/><failure message="boom">trace</failure></testcase>
<testcase name="b"><skipped type="pending"/></testcase>
<testcase name="c"><skipped type="pytest.xfail" message="known"/></testcase>
<testcase name="d"><failure message="first"/><error message="second"/></testcase>`),
    );
    expect(cases.map((c) => [c.name, c.outcome, c.kind, c.comment])).toEqual([
      ['a', 'todo', 'main', 'todo: not yet\n\nboom\n\ntrace'],
      ['b', 'pending', 'main', 'pending'],
      ['c', 'xfail', 'main', 'pytest.xfail: known'],
      // vitest: one failure element per attempt of a retried test.
      ['d', 'failure', 'main', 'first'],
      ['d', 'error', 'rerun', 'second'],
    ]);
  });
});

describe('files a testcase names', () => {
  it('reads [[ATTACHMENT|path]] lines of system-out and system-err and attachment properties, each once, in order', async () => {
    const long = 'x'.repeat(70_000);
    const cases = await collect(
      xml(
        `<testcase name="a"><properties><property name="attachment" value=" shots/a.png "/><property name="Attachment">logs/a.txt</property></properties>` +
          `<failure message="m">[[ATTACHMENT|not/in/failure.txt]]</failure>` +
          `<system-out>${long}\nsaved [[ATTACHMENT|after/64kb.png]] here\n[[ATTACHMENT|shots/a.png]]</system-out>` +
          `<system-err><![CDATA[[[ATTACHMENT|C:\\out\\err.log]]]]></system-err></testcase>` +
          `<testcase name="b"><system-out>[[ATTACHMENT|]] [[ATTACHMENT|b.txt]]</system-out></testcase>` +
          `<testcase name="c"/>`,
      ),
    );
    expect(cases.map((c) => [c.name, c.attachments])).toEqual([
      ['a', ['shots/a.png', 'logs/a.txt', 'after/64kb.png', 'C:\\out\\err.log']],
      ['b', ['b.txt']],
      ['c', []],
    ]);
    // The comment keeps its 64 KB, whatever the lines past it name.
    expect(cases[0].comment!.length).toBeLessThan(140_000);
  });

  it('finds a line split across the pieces of a streamed report', async () => {
    const text = xml('<testcase name="a"><system-out>one\n[[ATTACHMENT|split/across.png]]\ntwo</system-out></testcase>');
    const pieces = async function* () {
      for (let i = 0; i < text.length; i += 7) yield text.subarray(i, i + 7);
    };
    const [c] = await collect(pieces());
    expect(c.attachments).toEqual(['split/across.png']);
  });
});

describe('elapsedMs', () => {
  it.each([
    ['0.012', 12],
    ['3', 3000],
    [' 1.5 ', 1500],
    ['0.0005', 1],
    ['.25', 250],
    ['1,234.5', 1234500],
    ['2147483.647', 2147483647],
    ['2147483.648', null],
    ['-1', null],
    ['1e3', 1000000],
    ['1E-07', 0],
    ['0.000197', 0],
    ['2.5e+1', 25000],
    ['1e', null],
    ['abc', null],
    ['', null],
    ['1.2.3', null],
    ['12,34', null],
  ])('time=%j -> %j', (time, ms) => {
    expect(parseElapsedMs(time)).toBe(ms);
  });

  it('is null when the time attribute is absent', async () => {
    const [c] = await collect(xml('<testcase name="t"/>'));
    expect(c.elapsedMs).toBeNull();
  });
});

describe('comments and their 64 KB caps', () => {
  it('joins type and message, text, system-out and system-err (of a failure); either head part may be missing', async () => {
    const cases = await collect(
      xml(`<testcase name="a"><failure type="T" message="m">  body  </failure><system-out>out</system-out><system-err> err </system-err></testcase>
<testcase name="b"><error message="only message"/></testcase>
<testcase name="c"><error type="OnlyType">text</error></testcase>
<testcase name="d"><skipped/></testcase>
<testcase name="e"><system-err>printed but passed</system-err></testcase>`),
    );
    expect(cases.map((c) => [c.outcome, c.comment])).toEqual([
      ['failure', 'T: m\n\nbody\n\nsystem-out:\nout\n\nsystem-err:\nerr'],
      ['error', 'only message'],
      ['error', 'OnlyType\n\ntext'],
      ['skipped', null],
      ['passed', null],
    ]);
  });

  it('keeps the first 64 KB of the message, the text, system-out and system-err of a failure, marks each cut with "…"', async () => {
    const text = 'x'.repeat(60_000) + 'y'.repeat(10_000);
    const err = 'e'.repeat(70_000);
    const out = 'o'.repeat(5 * 1024 * 1024);
    const [c, passed] = await collect(
      xml(
        `<testcase name="big"><failure message="${'m'.repeat(70_000)}">\n   ${text}</failure><system-out>${out}</system-out><system-err><![CDATA[${err}]]></system-err></testcase>
<testcase name="passed"><system-out>${out}</system-out></testcase>`,
      ),
    );
    const [head, body, stdout, stderr] = c.comment!.split('\n\n');
    expect(TEXT_CAP).toBe(65_536);
    expect(head).toBe(`${'m'.repeat(TEXT_CAP)}…`);
    expect(body).toBe(`${'x'.repeat(60_000)}${'y'.repeat(TEXT_CAP - 60_000)}…`);
    expect(stdout).toBe(`system-out:\n${'o'.repeat(TEXT_CAP)}…`);
    expect(stderr).toBe(`system-err:\n${'e'.repeat(TEXT_CAP)}…`);
    // A passed test's output is not kept.
    expect(passed.comment).toBeNull();
  });

  it('does not mark a cut when only whitespace is beyond the cap, and never splits a surrogate pair', async () => {
    const [exact, emoji] = await collect(
      xml(`<testcase name="exact"><failure>${'z'.repeat(TEXT_CAP)}\n\n   </failure></testcase>
<testcase name="emoji"><failure>${'a'.repeat(TEXT_CAP - 1)}😀tail</failure></testcase>`),
    );
    expect(exact.comment).toBe('z'.repeat(TEXT_CAP));
    expect(emoji.comment).toBe(`${'a'.repeat(TEXT_CAP - 1)}…`);
  });

  it('caps CDATA text that arrives over many chunks, and leaves saxes no pending megabytes', async () => {
    const chunks = Array.from({ length: 200 }, (_, i) => `${String(i).padStart(4, '0')}${'-'.repeat(4996)}`);
    const parts = ['<testsuite name="s"><testcase name="t"><failure><![CDATA[', ...chunks];
    parts.push(
      ']]></failure><system-out><![CDATA[',
      ...Array.from({ length: 200 }, () => 'o'.repeat(5000)),
      ']]></system-out></testcase></testsuite>',
    );
    const [c] = await collect(strings(...parts));
    expect(c.outcome).toBe('failure');
    expect(c.comment).toBe(`${chunks.join('').slice(0, TEXT_CAP)}…\n\nsystem-out:\n${'o'.repeat(TEXT_CAP)}…`);
  });

  it('drains saxes pending character data (guards the saxes internals the parser relies on)', () => {
    const parser = new SaxesParser();
    const got: string[] = [];
    parser.write('<a><![CDATA[' + 'c'.repeat(100_000));
    expect(drainPendingText(parser, { add: (s) => got.push(s) })).toBe(100_000);
    expect(drainPendingText(parser, null)).toBe(0);
    let cdata = '';
    parser.on('cdata', (s) => (cdata = s));
    parser.write('tail]]>');
    expect(cdata).toBe('tail');
    parser.on('text', (s) => got.push(`text:${s}`));
    parser.write('some text');
    expect(drainPendingText(parser, { add: (s) => got.push(`drained:${s}`) })).toBe(9);
    parser.write(' more<b/></a>');
    parser.close();
    expect(got).toEqual(['c'.repeat(100_000), 'drained:some text', 'text: more']);
    // Attribute values are not character data and are left alone.
    const attr = new SaxesParser();
    attr.write('<a x="partial');
    expect(drainPendingText(attr, null)).toBe(0);
  });
});

describe('streaming input', () => {
  it.each(['jest-junit.xml', 'pytest-xunit1.xml', 'surefire-junit5.xml', 'playwright.xml', 'gotestsum.xml', 'phpunit.xml'])(
    '%s fed one byte at a time gives the same cases as the whole buffer',
    async (file) => {
      const bytes = fixture(file);
      const whole = await collect(bytes);
      expect(whole.length).toBeGreaterThan(0);
      expect(await collect(oneByteAtATime(bytes))).toEqual(whole);
    },
  );

  it('decodes multi-byte UTF-8 split across chunks (2, 3 and 4 byte characters) and drops a BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), xml('<testcase name="ü – ✓ 😀 [C9]" classname="Ωmega"/>')]);
    const [c] = await collect(oneByteAtATime(bytes));
    expect([c.name, c.title, c.classname, c.ids]).toEqual(['ü – ✓ 😀 [C9]', 'ü – ✓ 😀', 'Ωmega', [9]]);
    expect(await collect(bytes)).toEqual([c]);
    expect(await collect(strings('\uFEFF<testsuite name="s"><testcase name="😀', '"/></testsuite>'))).toEqual([
      expect.objectContaining({ name: '😀' }),
    ]);
  });

  it('parses a generated 20,000-testcase (~6 MB) document and yields the first case before the source is exhausted', async () => {
    const total = 20_000;
    const perChunk = 100;
    let chunksRead = 0;
    let bytes = 0;
    let line = 4; // the first testcase starts after the three header lines
    let lastLine = 0;
    async function* generate(): AsyncGenerator<Buffer> {
      yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="generated">\n');
      for (let i = 0; i < total; i += perChunk) {
        let s = '';
        for (let j = i; j < i + perChunk; j++) {
          const failed = j % 10 === 0;
          lastLine = line;
          let t = `<testcase classname="gen.Class${j % 50}" name="C${j + 1}_generated test number ${j}" time="0.${String(j % 1000).padStart(3, '0')}">`;
          t += failed ? `<failure message="boom ${j}" type="AssertionError">stack for ${j}\n  at line ${j}</failure>` : '';
          t += `<system-out>${'log line\n'.repeat(20)}</system-out></testcase>\n`;
          line += t.split('\n').length - 1;
          s += t;
        }
        chunksRead++;
        const buf = Buffer.from(s);
        bytes += buf.length;
        yield buf;
      }
      yield Buffer.from('</testsuite>\n</testsuites>\n');
    }
    let count = 0;
    let chunksReadAtFirstCase = -1;
    let failures = 0;
    let last: JUnitCase | undefined;
    for await (const c of parseJUnit(generate())) {
      if (count === 0) chunksReadAtFirstCase = chunksRead;
      count++;
      if (c.outcome === 'failure') failures++;
      last = c;
    }
    expect(count).toBe(total);
    expect(failures).toBe(total / 10);
    expect(bytes).toBeGreaterThan(5_000_000);
    expect(chunksReadAtFirstCase).toBe(1);
    expect(last).toMatchObject({
      ids: [20000],
      title: 'generated test number 19999',
      elapsedMs: 999,
      suites: ['generated'],
      line: lastLine,
    });
    expect(lastLine).toBeGreaterThan(400_000);
  });
});

describe('malformed input', () => {
  it('a truncated report yields the complete cases, then throws naming the end of the file', async () => {
    const { cases, error } = await collectUntilError(fixture('malformed-truncated.xml'));
    expect(cases.map((c) => c.name)).toEqual(['first']);
    expect(error).toBeInstanceOf(JUnitSyntaxError);
    expect(error).toMatchObject({ line: 7, column: 1, message: 'Malformed XML at line 7, column 1: unclosed tag: failure' });
  });

  it('a mismatched close tag throws with its line and column', async () => {
    const { cases, error } = await collectUntilError(fixture('malformed-mismatched.xml'));
    expect(cases.map((c) => c.name)).toEqual(['first']);
    expect(error).toBeInstanceOf(JUnitSyntaxError);
    expect(error).toMatchObject({ line: 6, column: 40, message: 'Malformed XML at line 6, column 40: unexpected close tag.' });
  });

  it('the same errors are found when the file arrives one byte at a time', async () => {
    const { error } = await collectUntilError(oneByteAtATime(fixture('malformed-mismatched.xml')));
    expect(error).toMatchObject({ line: 6, column: 40 });
  });

  it('an error after thousands of yielded cases still throws', async () => {
    const body = Array.from({ length: 3000 }, (_, i) => `<testcase name="t${i}"/>`).join('\n');
    const { cases, error } = await collectUntilError(
      Buffer.from(`<testsuites><testsuite name="s">\n${body}\n<testcase name="bad" time="1"></testsuite></testsuites>`),
    );
    // Every case completed before the error is yielded first, in order; the consumer discards them on the throw.
    expect(cases).toHaveLength(3000);
    expect(cases[2999]).toMatchObject({ name: 't2999', line: 3001 });
    expect(error).toBeInstanceOf(JUnitSyntaxError);
    expect((error as JUnitSyntaxError).line).toBe(3002);
  });

  it('an unclosed root throws at the end', async () => {
    const { cases, error } = await collectUntilError(
      Buffer.from('<testsuites>\n<testsuite name="s">\n<testcase name="x"/>\n</testsuite>\n'),
    );
    expect(cases.map((c) => c.name)).toEqual(['x']);
    expect(error).toMatchObject({
      name: 'JUnitSyntaxError',
      message: expect.stringMatching(/^Malformed XML at line 5, column 1: unclosed tag: testsuites$/),
    });
  });

  it('a root other than <testsuites> or <testsuite> is refused', async () => {
    const { error } = await collectUntilError(Buffer.from('<?xml version="1.0"?>\n<html><testcase name="x"/></html>'));
    expect(error).toBeInstanceOf(JUnitSyntaxError);
    expect(error).toMatchObject({ message: 'Expected <testsuites> or <testsuite> as the root element', line: 2, column: 6 });
  });

  it.each([
    ['empty', ''],
    ['whitespace only', '  \n\n'],
    ['declaration only', '<?xml version="1.0"?>\n'],
  ])('an %s document is refused', async (_label, text) => {
    const { cases, error } = await collectUntilError(Buffer.from(text));
    expect(cases).toEqual([]);
    expect(error).toBeInstanceOf(JUnitSyntaxError);
    expect((error as Error).message).toMatch(/^Expected <testsuites> or <testsuite> as the root element/);
  });

  it.each([
    ['text after the root', '<testsuite name="s"/>junk', /text data outside of root node/],
    ['an undefined entity', '<testsuite name="s"><testcase name="&nope;"/></testsuite>', /undefined entity/],
    ['two roots', '<testsuite name="a"/><testsuite name="b"/>', /documents may contain only one root/],
  ])('%s is malformed XML', async (_label, text, reason) => {
    const { error } = await collectUntilError(Buffer.from(text));
    expect(error).toBeInstanceOf(JUnitSyntaxError);
    expect((error as Error).message).toMatch(/^Malformed XML at line 1, column \d+: /);
    expect((error as Error).message).toMatch(reason);
  });
});
