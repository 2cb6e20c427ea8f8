import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../support/app';
import { listenOnPort, runCliInProcess } from '../support/cli';
import { createOrg, createProject, createUser } from '../support/factories';

// `casebook import junit` with the files CI jobs leave behind: a broken
// file among many, UTF-8 with a BOM and UTF-16 reports, coverage reports in the same directory;
// and its exit code and dry runs as CI steps use them. Against the real server on a port.

let t: TestApp;
let server: Awaited<ReturnType<typeof listenOnPort>>;
let url: string;
let token: string;
let orgId: number;
let dir: string;

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};
const newProject = async () => (await createProject(t.db, orgId)).projectId;
const args = (projectId: number, ...rest: string[]) => [
  'import',
  'junit',
  ...rest,
  '--url',
  url,
  '--token',
  token,
  '--project',
  String(projectId),
];
const tables = async () => ({
  runs: await t.db.run.count(),
  tests: await t.db.test.count(),
  history: await t.db.statusHistory.count(),
});

const GOOD = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="auth">
    <testcase classname="auth.Login" name="valid"/>
  </testsuite>
</testsuites>
`;

beforeAll(async () => {
  t = await createTestApp();
  server = await listenOnPort(t.app);
  url = server.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-junit-files-'));
  orgId = (await createOrg(t.db)).orgId;
  token = (await createUser(t.db, 'User', [orgId])).token;
});
afterAll(async () => {
  await server.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the files of an upload', () => {
  it("names a broken file among several with the file's own line and column, sending nothing", async () => {
    const projectId = await newProject();
    write('broken/a-good.xml', GOOD);
    // A mismatched close tag on line 4, and a file cut off in its middle.
    const mismatched = write(
      'broken/b-mismatched.xml',
      '<testsuites>\n<testsuite name="s">\n<testcase name="a">\n</testsuite>\n</testsuites>\n',
    );
    const cut = write('broken/c-cut.xml', '<testsuite name="s">\n  <testcase name="a"/>\n  <testcase name="b"');
    const before = await tables();

    const res = await runCliInProcess(args(projectId, path.join(dir, 'broken')), {});
    expect(res).toMatchObject({ code: 2, stdout: '' });
    expect(res.stderr).toMatch(new RegExp(`casebook: ${mismatched.replace(/[.\\/]/g, '\\$&')}:4:\\d+: malformed XML: .*close tag`));
    expect(res.stderr).not.toContain('Usage:');
    const alone = await runCliInProcess(args(projectId, cut), {});
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(new RegExp(`casebook: ${cut.replace(/[.\\/]/g, '\\$&')}:3:\\d+: malformed XML: `));
    expect(await tables()).toEqual(before);
  });

  it("tells a place the server names in the merged document as the file's own", async () => {
    // A stand-in server refusing the line and column where it finds a marker in the merged document.
    const fake = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .pipe(zlib.createGunzip())
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          const lines = Buffer.concat(chunks).toString('utf8').split('\n');
          const line = lines.findIndex((l) => l.includes('MARK'));
          const column = lines[line].indexOf('MARK') + 1;
          const error = `Invalid request: malformed XML at line ${line + 1}, column ${column}: refused here`;
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error, status: 400 }));
        });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      write('placed/a.xml', GOOD);
      // The marker on the part's first line (after a <testsuites> start tag), and further down.
      const first = write('placed/b.xml', '<?xml version="1.0"?>\n<testsuites name="x"><testsuite name="MARK"/>\n</testsuites>\n');
      const base = ['import', 'junit', '--url', fakeUrl, '--token', 'cb_x', '--project', '1'];
      const a = await runCliInProcess([...base, path.join(dir, 'placed')], {});
      expect(a.code).toBe(1);
      expect(a.stderr).toContain('casebook: the server answered 400: Invalid request: malformed XML at line');
      expect(a.stderr).toContain(`casebook: that place is ${first}:2:${'<testsuites name="x"><testsuite name="'.length + 1}\n`);
      const down = write('placed/b.xml', '<testsuite name="s">\n  <testcase name="a"/>\n  <testcase name="MARK"/>\n</testsuite>\n');
      const b = await runCliInProcess([...base, path.join(dir, 'placed')], {});
      expect(b.stderr).toContain(`casebook: that place is ${down}:3:${'  <testcase name="'.length + 1}\n`);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('reads UTF-8 with a BOM and UTF-16 (little and big endian, with a BOM) reports', async () => {
    const projectId = await newProject();
    const report = (encoding: string, suite: string) =>
      `<?xml version="1.0" encoding="${encoding}"?>\n<testsuites>\n  <testsuite name="${suite}">\n` +
      `    <testcase classname="${suite}.Größe" name="prüft €uro-Beträge" time="0.5"/>\n` +
      `    <testcase classname="${suite}.Größe" name="schlägt fehl"><failure message="erwartet ≥ 1">at größe.ps1:3</failure></testcase>\n` +
      '  </testsuite>\n</testsuites>\n';
    const utf16be = (text: string) => {
      const le = Buffer.from(text, 'utf16le');
      return Buffer.from(le.map((_, i) => le[i % 2 === 0 ? i + 1 : i - 1]));
    };
    write('encodings/bom8.xml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(report('UTF-8', 'bom8'))]));
    write('encodings/le16.xml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(report('UTF-16', 'le16'), 'utf16le')]));
    write('encodings/be16.xml', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(report('UTF-16', 'be16'))]));

    const res = await runCliInProcess(
      [...args(projectId, path.join(dir, 'encodings')), '--run-name', 'PowerShell', '--create-missing', '--json'],
      {},
    );
    expect(res.stderr).not.toContain('casebook:');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ created: 6, passed: 3, failed: 3 });
    const tests = await t.db.test.findMany({ where: { projectId }, select: { title: true, automationKey: true } });
    for (const suite of ['bom8', 'le16', 'be16']) {
      expect(tests.map((x) => x.automationKey)).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`${suite}.*Größe.*prüft €uro-Beträge`))]),
      );
    }
    const run = await t.db.run.findFirstOrThrow({ where: { projectId, runName: 'PowerShell' } });
    const comments = (await t.db.runTest.findMany({ where: { runId: run.runId, status: 'failed' } })).map((r) => r.comment);
    expect(comments).toEqual([
      expect.stringContaining('erwartet ≥ 1'),
      expect.stringContaining('erwartet ≥ 1'),
      expect.stringContaining('erwartet ≥ 1'),
    ]);
  });

  it('skips XML that is no JUnit report (a coverage report in the same directory) with a note', async () => {
    const projectId = await newProject();
    write('mixed/junit.xml', GOOD);
    const coverage = write(
      'mixed/coverage.xml',
      '<?xml version="1.0" ?>\n<!DOCTYPE coverage SYSTEM "https://cobertura.sourceforge.net/xml/coverage-04.dtd">\n' +
        '<coverage line-rate="0.9" branch-rate="0.8" version="7.4"><packages/></coverage>\n',
    );
    const res = await runCliInProcess([...args(projectId, path.join(dir, 'mixed')), '--dry-run', '--json'], {});
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(`skipped ${coverage}: its root element is <coverage>, not <testsuites> or <testsuite>\n`);
    expect(res.stderr).toMatch(/reading 1 file \(\d+ B\)/);
    expect(JSON.parse(res.stdout)).toMatchObject({ total: 1 });

    // Only such files: nothing to import is a usage error.
    const only = await runCliInProcess(args(projectId, coverage), {});
    expect(only.code).toBe(2);
    expect(only.stderr).toContain(`skipped ${coverage}`);
    expect(only.stderr).toContain('casebook: no JUnit report among the files');
  });
});

describe('CI steps', () => {
  it('--fail-on-unmatched exits 3 when a testcase names an id of no test (unknown), as for unmatched', async () => {
    const projectId = await newProject();
    const file = write(
      'unknown.xml',
      '<testsuite name="x"><testcase classname="a" name="ghost"><properties><property name="casebook_id" value="C2000000"/></properties></testcase></testsuite>',
    );
    const res = await runCliInProcess(
      [...args(projectId, file), '--run-name', 'CI unknown', '--create-missing', '--fail-on-unmatched'],
      {},
    );
    expect(res.stdout).toMatch(/Tests: 1 test: 0 matched, 0 created, 0 unmatched, 1 unknown\n/);
    expect(res.stdout).toContain('1 testcase named the id of no test of the project (unknown) and were skipped');
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('casebook: --fail-on-unmatched: 0 unmatched, 1 unknown\n');
    const ok = await runCliInProcess([...args(projectId, file), '--run-name', 'CI unknown 2', '--create-missing'], {});
    expect(ok.code).toBe(0);
  });

  it('sends an Idempotency-Key with an import, none with a dry run', async () => {
    // A stand-in server that records the key and answers like Casebook.
    const keys: (string | undefined)[] = [];
    const fake = http.createServer((req, res) => {
      keys.push(req.headers['idempotency-key'] as string | undefined);
      req.resume().on('end', () => {
        const data = { runId: null, projectId: 1, total: 0, matched: 0, created: 0, unmatched: 0, unknown: 0, passed: 0, failed: 0 };
        res
          .writeHead(201, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ data: { ...data, retest: 0, blocked: 0, passedOnRetry: 0, elapsedMs: 0 } }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const file = write('keyed.xml', GOOD);
      const base = ['import', 'junit', file, '--url', fakeUrl, '--token', 'cb_x', '--project', '1'];
      expect((await runCliInProcess([...base, '--dry-run'], {})).code).toBe(0);
      expect((await runCliInProcess(base, {})).code).toBe(0);
      expect(keys).toEqual([undefined, expect.stringMatching(/^casebook-junit-[0-9a-f]{64}$/)]);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('a repeated --dry-run is planned afresh: after the real import it shows the new plan', async () => {
    const projectId = await newProject();
    const file = write('plan.xml', GOOD);
    const dry = [...args(projectId, file), '--create-missing', '--dry-run'];
    const first = await runCliInProcess(dry, {});
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('1 test: 0 matched, 1 created');

    const real = await runCliInProcess([...args(projectId, file), '--create-missing', '--run-name', 'CI'], {});
    expect(real.code).toBe(0);

    const again = await runCliInProcess(dry, {});
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('imported before');
    expect(again.stdout).toContain('1 test: 1 matched, 0 created');
  });
});
