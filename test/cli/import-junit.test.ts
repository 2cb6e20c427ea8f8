import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { locateReport, mergedReport } from '../../src/cli/junit-files';
import { createTestApp, type TestApp } from '../support/app';
import { listenOnPort, runCli, runCliInProcess } from '../support/cli';
import { createOrg, createProject, createUser } from '../support/factories';

// `casebook import junit` against the real server listening on a port (PostgreSQL behind it):
// in process for most cases, and the spawned bin/casebook.js once, so the binary, its streams
// and exit code are real.

let t: TestApp;
let server: Awaited<ReturnType<typeof listenOnPort>>;
let url: string;
let token: string;
let projectId: number;
let dir: string;
const keyed: Record<string, number> = {};

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

// A report whose root is <testsuites> (with a declaration and a comment), and one whose root is a <testsuite>.
const AUTH = `<?xml version="1.0" encoding="UTF-8"?>
<!-- produced by a test runner -->
<testsuites name="unit" tests="3">
  <testsuite name="auth">
    <testcase classname="auth.Login" name="valid" time="0.5"/>
    <testcase classname="auth.Login" name="invalid" time="0.25"><failure type="AssertionError" message="expected 401">at login.ts:12</failure></testcase>
    <testcase classname="auth.Logout" name="works" time="0.125"/>
  </testsuite>
</testsuites>
`;
const SHOP = `<testsuite name="shop">
  <testcase classname="shop.Cart" name="adds" time="1"/>
  <testcase classname="shop.Cart" name="removes"><skipped/></testcase>
</testsuite>
`;

const imports = () => ['import', 'junit'];
const counts = async () => ({
  runs: await t.db.run.count({ where: { projectId } }),
  tests: await t.db.test.count({ where: { projectId } }),
  history: await t.db.statusHistory.count(),
});

beforeAll(async () => {
  t = await createTestApp();
  server = await listenOnPort(t.app);
  url = server.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-junit-'));

  // A User with a token (the first user can't come from the API), then the project and its tests through the API.
  const org = await createOrg(t.db);
  token = (await createUser(t.db, 'User', [org.orgId])).token;
  projectId = (await t.as(token).post('/project/create', { orgId: org.orgId, projectName: 'Shop' }).expect(201)).body.data.projectId;
  const keys = ['auth.Login.valid', 'auth.Login.invalid', 'shop.Cart.adds'];
  const added = await t
    .as(token)
    .post('/test/bulk-add', { projectId, tests: keys.map((automationKey) => ({ title: automationKey, automationKey })) })
    .expect(201);
  keys.forEach((key, i) => (keyed[key] = added.body.data.testIds[i]));

  write('reports/auth.xml', AUTH);
  write('reports/shop.xml', SHOP);
  write('reports/notes.txt', 'not a report');
});
afterAll(async () => {
  await server.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('merging files into one document', () => {
  it("takes a <testsuites> root's children and a <testsuite> root whole, without prologs", async () => {
    const odd = write(
      'odd.xml',
      '\ufeff<?xml version="1.0"?>\n<!DOCTYPE testsuites [ <!ENTITY x "y"> ]>\n<!-- a > b -->\n<testsuites name="a > b" x=\'/>\'>\n<testsuite name="s"/>\n</testsuites>\n<!-- after -->\n',
    );
    const empty = write('empty.xml', '<testsuites/>');
    const files = [odd, empty, path.join(dir, 'reports/shop.xml')].map(locateReport);
    const chunks: Buffer[] = [];
    for await (const chunk of mergedReport(files)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n\n<testsuite name="s"/>\n\n\n${SHOP}\n</testsuites>\n`,
    );
  });

  it('refuses a file that is no XML report, or a truncated <testsuites>, as a usage error', async () => {
    const notXml = write('plain.xml', 'hello');
    const truncated = write('truncated.xml', '<testsuites>\n<testsuite name="s">');
    const a = await runCliInProcess([...imports(), notXml, '--url', url, '--token', token, '--project', String(projectId)], {});
    expect(a).toMatchObject({ code: 2, stdout: '' });
    expect(a.stderr).toContain(`${notXml}: not an XML report`);
    const b = await runCliInProcess([...imports(), truncated, '--url', url, '--token', token, '--project', String(projectId)], {});
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(`${truncated}: <testsuites> is not closed`);
  });
});

describe('casebook import junit', () => {
  const base = () => ['--url', url, '--token', token, '--project', String(projectId)];

  it('imports a directory of two reports into one new run, with plain progress lines on stderr', async () => {
    const before = await counts();
    const res = await runCliInProcess([...imports(), path.join(dir, 'reports'), ...base(), '--run-name', 'CI 1', '--create-missing'], {});
    expect(res.code).toBe(0);
    const run = await t.db.run.findFirstOrThrow({ where: { projectId, runName: 'CI 1' } });
    expect(res.stdout).toContain(`Run ${run.runId}: ${url}/projects/${projectId}/runs/${run.runId}\n`);
    // What the runner's summary can be checked against, then the tests they make.
    expect(res.stdout).toContain(
      'Testcases: 5 (0 repetitions and 0 reruns of a test folded into its result); 3 found by their old key moved to their full key\n',
    );
    expect(res.stdout).toContain('Tests: 5 tests: 3 matched, 2 created, 0 unmatched, 0 unknown\n');
    // The skipped testcase is untested (not re-test work).
    expect(res.stdout).toContain('Results: 3 passed, 1 failed, 0 retest, 0 blocked, 1 untested\n');
    expect(res.stdout).toContain('Test time: 1.9 s\n');
    expect(res.stderr).toMatch(
      /^reading 2 files \(\d+ B\)\nuploading…\nsent \d+ B \(\d+ B gzip\); waiting for the server…\nimported: run \d+, 5 tests: 3 matched, 2 created, 0 unmatched, 0 unknown in \d+\.\d s\n$/,
    );

    // One run; the two testcases of no test became tests in their suites' sections.
    expect(await counts()).toEqual({ runs: before.runs + 1, tests: before.tests + 2, history: before.history + 5 });
    const results = await t.db.runTest.findMany({ where: { runId: run.runId } });
    const tests = new Map(
      (await t.db.test.findMany({ where: { testId: { in: results.map((r) => r.testId) } }, include: { section: true } })).map((x) => [
        x.testId,
        x,
      ]),
    );
    const byKey = Object.fromEntries(
      results.map((r) => [tests.get(r.testId)!.automationKey, [r.status, tests.get(r.testId)!.section?.sectionName ?? null]]),
    );
    // Keys are full paths now: the tests found by their old key (classname.name) moved to it.
    expect(byKey).toEqual({
      'auth :: auth.Login.valid': ['passed', null],
      'auth :: auth.Login.invalid': ['failed', null],
      'auth :: auth.Logout.works': ['passed', 'auth'],
      'shop :: shop.Cart.adds': ['passed', null],
      'shop :: shop.Cart.removes': ['untested', 'shop'],
    });
  });

  it('does not post twice when the same command is retried: the first import is answered again', async () => {
    const args = [
      ...imports(),
      path.join(dir, 'reports/auth.xml'),
      path.join(dir, 'reports/shop.xml'),
      ...base(),
      '--run-name',
      'CI retried',
    ];
    const first = await runCliInProcess(args, {});
    expect(first.code).toBe(0);
    const runId = Number(/^Run (\d+):/.exec(first.stdout)?.[1]);
    const after = await counts();
    const history = await t.db.statusHistory.findMany({ where: { runId }, orderBy: { id: 'asc' } });

    const again = await runCliInProcess(args, {});
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Run ${runId}: `);
    expect(again.stdout).toContain('imported before with the same options');
    expect(again.stderr).toContain(`imported before: run ${runId}`);
    expect(await counts()).toEqual(after);
    expect(await t.db.statusHistory.findMany({ where: { runId }, orderBy: { id: 'asc' } })).toEqual(history);
  });

  it('--dry-run prints the mapping as a table, lists the unmatched and writes nothing (files from a glob)', async () => {
    write(
      'more/cart.xml',
      `<testsuite name="shop">
  <testcase classname="shop.Cart" name="adds"/>
  <testcase classname="shop.Cart" name="empties"><failure/></testcase>
  <testcase name="ghost"><properties><property name="casebook_id" value="2000000"/></properties></testcase>
</testsuite>`,
    );
    const before = await counts();
    const res = await runCliInProcess([...imports(), path.join(dir, 'more/*.xml'), ...base(), '--dry-run'], {});
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Dry run: nothing was written. Target: a new run.\n');
    expect(res.stdout).toContain('Tests: 3 tests: 1 matched, 0 created, 1 unmatched, 1 unknown\n');
    const table = res.stdout.slice(res.stdout.indexOf('ACTION'));
    expect(
      table
        .split('\n')
        .slice(0, 4)
        .map((l) => l.split(/\s+/)),
    ).toEqual([
      ['ACTION', 'STATUS', 'TEST', 'TESTCASE'],
      ['matched', 'passed', `C${keyed['shop.Cart.adds']}`, 'shop.Cart.adds'],
      ['unmatched', 'failed', '-', 'shop.Cart.empties'],
      ['unknown', 'passed', 'C2000000', 'ghost'],
    ]);
    expect(res.stdout).toContain('Unmatched (1; --create-missing would create them):\n  shop.Cart.empties\n');
    expect(res.stderr).toContain('dry run (nothing written), 3 tests');
    expect(await counts()).toEqual(before);
  });

  it("--json prints the answer's data as JSON, and only that", async () => {
    const res = await runCliInProcess([...imports(), path.join(dir, 'reports/auth.xml'), ...base(), '--dry-run', '--json'], {});
    expect(res.code).toBe(0);
    const data = JSON.parse(res.stdout);
    expect(data).toMatchObject({ runId: null, projectId, total: 3, matched: 3, created: 0, unmatched: 0, passed: 2, failed: 1 });
    expect(data.mapping.map((m: { classname: string; name: string; testId: number }) => [`${m.classname}.${m.name}`, m.testId])).toEqual([
      ['auth.Login.valid', keyed['auth.Login.valid']],
      ['auth.Login.invalid', keyed['auth.Login.invalid']],
      ['auth.Logout.works', expect.any(Number)],
    ]);
  });

  it('--case-matcher name reads [C123] in names (ids by default are parameters); another value is a usage error', async () => {
    const id = keyed['shop.Cart.adds'];
    const file = write('named.xml', `<testsuite name="named"><testcase classname="x.Y" name="[C${id}] adds to the cart"/></testsuite>`);
    const byDefault = await runCliInProcess([...imports(), file, ...base(), '--dry-run'], {});
    expect(byDefault.stdout).toContain('Tests: 1 test: 0 matched, 0 created, 1 unmatched, 0 unknown\n');
    const byName = await runCliInProcess([...imports(), file, ...base(), '--dry-run', '--case-matcher', 'name'], {});
    expect(byName.stdout).toContain('Tests: 1 test: 1 matched, 0 created, 0 unmatched, 0 unknown\n');
    expect(byName.stdout).toMatch(new RegExp(`matched +passed +C${id} `));
    const bad = await runCliInProcess([...imports(), file, ...base(), '--case-matcher', 'title'], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--case-matcher must be one of auto, name, property (got "title")');
  });

  it('--fail-on-unmatched exits 3 when a testcase matched no test, after importing the rest', async () => {
    const file = write(
      'unmatched.xml',
      '<testsuite name="auth"><testcase classname="auth.Login" name="valid"/><testcase classname="nowhere" name="t"/></testsuite>',
    );
    const res = await runCliInProcess([...imports(), file, ...base(), '--run-name', 'CI unmatched', '--fail-on-unmatched'], {});
    expect(res.code).toBe(3);
    expect(res.stdout).toContain('Tests: 2 tests: 1 matched, 0 created, 1 unmatched, 0 unknown\n');
    expect(res.stdout).toContain('1 testcase matched no test and were skipped');
    const run = await t.db.run.findFirstOrThrow({ where: { projectId, runName: 'CI unmatched' } });
    expect(await t.db.runTest.count({ where: { runId: run.runId, status: 'passed' } })).toBe(1);
    // Without the flag, the same is a success.
    const ok = await runCliInProcess([...imports(), file, ...base(), '--run-name', 'CI unmatched 2'], {});
    expect(ok.code).toBe(0);
  });

  it("exits 1 with the server's message on an HTTP error (401 for a bad token), and when the server is unreachable", async () => {
    const expected = (await t.http.get('/api/v1/projects').set('Authorization', 'Bearer cb_not-a-token').expect(401)).body.error;
    expect(expected).toEqual(expect.any(String));
    const before = await counts();
    // A body larger than the socket buffers: the server answers before it has read it all.
    const big = write('big.xml', `<testsuite name="big">\n${'<testcase classname="big" name="t"/>\n'.repeat(100_000)}</testsuite>\n`);
    for (const file of [path.join(dir, 'reports/auth.xml'), big]) {
      const res = await runCliInProcess(
        [...imports(), file, '--url', url, '--token', 'cb_not-a-token', '--project', String(projectId)],
        {},
      );
      expect(res).toMatchObject({ code: 1, stdout: '' });
      expect(res.stderr).toContain(`casebook: the server answered 401: ${expected}\n`);
    }
    const missing = await runCliInProcess(
      [...imports(), path.join(dir, 'reports/auth.xml'), '--url', url, '--token', token, '--project', '999999'],
      {},
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/casebook: the server answered 404: /);
    expect(await counts()).toEqual(before);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await runCliInProcess(
      [
        ...imports(),
        path.join(dir, 'reports/auth.xml'),
        '--url',
        `http://127.0.0.1:${port}`,
        '--token',
        token,
        '--project',
        String(projectId),
      ],
      {},
    );
    expect(down).toMatchObject({ code: 1, stdout: '' });
    expect(down.stderr).toContain(`casebook: cannot reach http://127.0.0.1:${port}: ECONNREFUSED\n`);
  });

  it('exits 2 with the usage for a bad command line, before sending anything', async () => {
    const file = path.join(dir, 'reports/auth.xml');
    const cases: [string[], string][] = [
      [[file, '--url', url, '--token', token], '--project is required'],
      [[file, '--token', token, '--project', String(projectId)], '--url is required (or set CASEBOOK_URL)'],
      [[file, '--url', url, '--project', String(projectId)], '--token is required (or set CASEBOOK_TOKEN)'],
      [[file, ...base(), '--run', '1', '--run-name', 'x'], 'give --run (an open run) or --run-name (a new run), not both'],
      [[file, '--url', url, '--token', token, '--project', 'abc'], '--project must be a positive integer id (got "abc")'],
      [[...base()], 'import junit needs the JUnit XML files'],
      [[path.join(dir, 'nothing-here/*.xml'), ...base()], `no JUnit XML files matched ${path.join(dir, 'nothing-here/*.xml')}`],
      [[path.join(dir, 'missing.xml'), ...base()], `${path.join(dir, 'missing.xml')}: no such file or directory`],
      [[file, ...base(), '--verbose'], "Unknown option '--verbose'"],
    ];
    const before = await counts();
    for (const [args, message] of cases) {
      const res = await runCliInProcess([...imports(), ...args], {});
      expect({ args, code: res.code, stdout: res.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(res.stderr).toContain(`casebook: ${message}`);
      expect(res.stderr).toContain('Usage: casebook <command>');
    }
    expect(await counts()).toEqual(before);
  });

  it('draws a progress bar on a terminal', async () => {
    const res = await runCliInProcess([...imports(), path.join(dir, 'reports'), ...base(), '--dry-run'], {}, { tty: true });
    expect(res.code).toBe(0);
    // Each redraw: carriage return, the line, then erase-to-end-of-line (ESC [K), shown here as <EL>.
    const screen = res.stderr.split('\u001b[K').join('<EL>');
    expect(screen).toMatch(/\ruploading \[#+\] 100% \d+ B\/\d+ B · file 2\/2<EL>/);
    expect(screen).toMatch(/\rsent \d+ B \(\d+ B gzip\); waiting for the server…<EL>/);
    expect(screen).toMatch(/\r<EL>\rdry run \(nothing written\), 5 tests: 5 matched/);
  });

  it("shows the server's phase while it works: a line per phase in a pipe, redrawn on a terminal", async () => {
    // A project of its own, and an empty run whose row lock the test holds: the import reads
    // its report, says it is matching, then waits for the lock long enough to be polled.
    const { orgId } = await t.db.project.findUniqueOrThrow({ where: { projectId } });
    const own = (await createProject(t.db, orgId)).projectId;
    const cases = Array.from({ length: 3000 }, (_, i) => `<testcase classname="big.Suite" name="case ${i}" time="0.001"/>`);
    const big = write('big/report.xml', `<testsuite name="big">\n${cases.join('\n')}\n</testsuite>\n`);
    const importHeld = async (tty: boolean) => {
      const runId = (
        await t
          .as(token)
          .post('/run/create', { projectId: own, runName: `held ${tty}`, empty: true })
          .expect(201)
      ).body.data.runId as number;
      const args = [...imports(), big, '--url', url, '--token', token, '--project', String(own), '--run', String(runId)];
      let cli: Promise<Awaited<ReturnType<typeof runCliInProcess>>> | undefined;
      let shown!: () => void;
      // The import is held until the CLI has shown the matching phase it polled.
      const matchingShown = new Promise<void>((resolve) => (shown = resolve));
      await t.db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM runs WHERE id = ${runId} FOR UPDATE`;
          cli = runCliInProcess([...args, '--create-missing'], {}, { tty, onStderr: (all) => all.includes('server: matching') && shown() });
          await matchingShown;
          await t.db.$executeRaw`DELETE FROM import_progress WHERE project_id = ${own}`;
        },
        { timeout: 30_000 },
      );
      return cli!;
    };

    const piped = await importHeld(false);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(
      /^reading 1 file \([\d.]+ kB\)\nuploading…\nsent [\d.]+ kB \([\d.]+ kB gzip\); waiting for the server…\nserver: matching 3,000 tests\n(server: writing [\d,]+\/3,000 results\n)?imported: run \d+, 3000 tests: 0 matched, 3000 created/,
    );
    const terminal = await importHeld(true);
    expect(terminal.code).toBe(0);
    const screen = terminal.stderr.split('\u001b[K').join('<EL>');
    expect(screen).toMatch(
      /\rsent [^\r]+; waiting for the server…<EL>\rserver: matching 3,000 tests…<EL>(\r[^\r]*<EL>)*\r<EL>\rimported: run \d+, 3000 tests: 3000 matched/,
    );
  });

  it('runs as the real binary, taking the server and token from CASEBOOK_URL and CASEBOOK_TOKEN', async () => {
    const res = await runCli(
      [...imports(), path.join(dir, 'reports/shop.xml'), '--project', String(projectId), '--run-name', 'spawned', '--json'],
      {
        CASEBOOK_URL: `${url}/`,
        CASEBOOK_TOKEN: token,
      },
    );
    expect(res.code).toBe(0);
    const run = await t.db.run.findFirstOrThrow({ where: { projectId, runName: 'spawned' } });
    expect(JSON.parse(res.stdout)).toMatchObject({ runId: run.runId, projectId, total: 2, matched: 2, passed: 1, untested: 1 });
    expect(res.stderr).toMatch(/^reading 1 file \(\d+ B\)\nuploading…\n/);
    expect(res.stderr).toContain(`imported: run ${run.runId}, 2 tests: 2 matched`);
  });
});

describe('the run’s CI build', () => {
  const base = () => [...imports(), path.join(dir, 'reports/shop.xml'), '--url', url, '--token', token, '--project', String(projectId)];
  const buildOf = async (stdout: string) => {
    const runId = Number(/run (\d+)/i.exec(stdout)?.[1]);
    return (await t.as(token).get('/run/detail', { projectId, runId }).expect(200)).body.data.build;
  };
  const github = {
    GITHUB_ACTIONS: 'true',
    GITHUB_SHA: '9f1c2e7',
    GITHUB_REF_NAME: 'main',
    GITHUB_RUN_NUMBER: '118',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '777',
    GITHUB_JOB: 'e2e',
  };

  it('is read from the CI’s variables, said on stderr, and recorded on the new run', async () => {
    const res = await runCliInProcess(base(), github);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(
      'build (from GitHub Actions): commit 9f1c2e7, branch main, buildNumber 118, buildUrl https://github.com/acme/shop/actions/runs/777, ciJob e2e',
    );
    expect(await buildOf(res.stdout)).toEqual({
      commit: '9f1c2e7',
      branch: 'main',
      buildNumber: '118',
      buildUrl: 'https://github.com/acme/shop/actions/runs/777',
      ciJob: 'e2e',
    });
  });

  it('takes flags over the variables, and only the flags with --no-ci-env', async () => {
    const over = await runCliInProcess([...base(), '--branch', 'release/2.4', '--ci-job', 'nightly'], github);
    expect(over.code).toBe(0);
    expect(await buildOf(over.stdout)).toMatchObject({ commit: '9f1c2e7', branch: 'release/2.4', ciJob: 'nightly' });
    const only = await runCliInProcess([...base(), '--no-ci-env', '--commit', 'abc1234'], github);
    expect(only.code).toBe(0);
    expect(await buildOf(only.stdout)).toEqual({ commit: 'abc1234', branch: null, buildNumber: null, buildUrl: null, ciJob: null });
    const none = await runCliInProcess(base(), {});
    expect(none.stderr).not.toContain('build');
    expect(await buildOf(none.stdout)).toBeNull();
  });

  it('is refused by the server when a flag is bad (exit 1), and nothing is imported', async () => {
    const before = await counts();
    const res = await runCliInProcess([...base(), '--build-url', 'ftp://ci.example.test/1'], {});
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('buildUrl: Expected an http(s) URL');
    expect(await counts()).toEqual(before);
  });
});

describe('the quality gate (--fail-on, --summary)', () => {
  // Each report's bytes differ (a comment), so no import is a replay of an earlier one.
  const cart = (outcome: string, tag = Math.random().toString(36).slice(2)) =>
    write(
      `gate/${outcome}-${tag}.xml`,
      `<!-- ${tag} -->
<testsuite name="shop">
  <testcase classname="shop.Cart" name="adds">${outcome === 'fail' ? '<failure message="expected 3 items, got 4"/>' : ''}</testcase>
</testsuite>
`,
    );
  const gate = (file: string, ...more: string[]) =>
    runCliInProcess(
      [...imports(), file, '--url', url, '--token', token, '--project', String(projectId), '--branch', 'gate', '--no-ci-env', ...more],
      {},
    );

  it('fails the step on a new failure, prints the comparison and appends a Markdown summary', async () => {
    const base = await gate(cart('pass'));
    expect(base).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Run \d+/) });
    const summaryFile = path.join(dir, 'gate/summary.md');
    fs.writeFileSync(summaryFile, '# Earlier step\n');
    const res = await gate(cart('fail'), '--fail-on', 'new-failures', '--summary', summaryFile);
    expect(res.code).toBe(1);
    const baseRun = /^Run (\d+)/.exec(base.stdout)![1];
    expect(res.stderr).toContain(`compared with run ${baseRun} (`);
    expect(res.stderr).toContain('1 new failures, 0 fixed, 0 still failing');
    expect(res.stderr).toContain('new failure: expected <n> items, got <n> (1)');
    expect(res.stderr).toContain('casebook: --fail-on new-failures: 1 new failure');
    const md = fs.readFileSync(summaryFile, 'utf8');
    expect(md.startsWith('# Earlier step\n### Casebook: ')).toBe(true);
    expect(md).toContain('| New failures | 1 |');
    expect(md).toContain('- **new** `expected <n> items, got <n>`: 1 test');
    expect(md).toContain(`[Run ${/^Run (\d+)/.exec(res.stdout)![1]}](${url}/projects/${projectId}/runs/`);
  });

  it('passes new-failures when the failure is not new, fails failures, and refuses an unknown mode', async () => {
    expect((await gate(cart('fail'))).code).toBe(0);
    const still = await gate(cart('fail'), '--fail-on', 'new-failures');
    expect(still.code).toBe(0);
    expect(still.stderr).toContain('0 new failures, 0 fixed, 1 still failing');
    const any = await gate(cart('fail'), '--fail-on', 'failures');
    expect(any.code).toBe(1);
    expect(any.stderr).toContain('casebook: --fail-on failures: 1 failed or blocked');
    const dry = await gate(cart('fail'), '--fail-on', 'failures', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stderr).not.toContain('compared with');
    const bad = await gate(cart('fail'), '--fail-on', 'always');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on must be one of none, failures, new-failures (got "always")');
  });
});
