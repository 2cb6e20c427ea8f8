import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { listenOnPort, runCli, runCliInProcess } from '../support/cli';
import { createOrg, createProject, createUser } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { attachmentState, PNG } from '../support/attachments';

// `casebook import junit --attachments-dir DIR` against the real server on a port: the files the
// reports name are found under DIR and sent with the report (multipart, streamed), attached to
// the tests' results; a path leading out of DIR is never read, and what is missing is told.

let t: TestApp;
let server: Awaited<ReturnType<typeof listenOnPort>>;
let url: string;
let token: string;
let projectId: number;
let dir: string;
let ids: number[];

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

/** A report naming, for its two tests: a screenshot (relative), a log (absolute, inside DIR), a file outside DIR and one not there. */
const report = () => `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="ui">
    <testcase classname="ui.Login" name="shows the form">
      <properties><property name="casebook_id" value="${ids[0]}"/></properties>
      <failure message="no form">trace</failure>
      <system-out>step 1
[[ATTACHMENT|shots/form.png]]
[[ATTACHMENT|../outside/secret.txt]]</system-out>
    </testcase>
    <testcase classname="ui.Login" name="logs in">
      <properties>
        <property name="casebook_id" value="${ids[1]}"/>
        <property name="attachment" value="${path.join(dir, 'files', 'logs', 'login.log')}"/>
        <property name="attachment" value="shots/not-there.png"/>
      </properties>
    </testcase>
  </testsuite>
</testsuites>
`;

beforeAll(async () => {
  t = await createTestApp();
  server = await listenOnPort(t.app);
  url = server.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-junit-files-'));
  const org = await createOrg(t.db);
  token = (await createUser(t.db, 'User', [org.orgId])).token;
  projectId = (await createProject(t.db, org.orgId)).projectId;
  ids = await createTests(t.db, projectId, 2);
  write('files/shots/form.png', PNG);
  // Large enough for the bar to move in steps.
  write('files/logs/login.log', Buffer.alloc(3 * 1024 * 1024, 'log line\n'));
  write('outside/secret.txt', 'not to be sent');
  write('reports/ui.xml', report());
});
afterAll(async () => {
  await server.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const args = (...more: string[]) => [
  'import',
  'junit',
  path.join(dir, 'reports'),
  '--url',
  url,
  '--token',
  token,
  '--project',
  String(projectId),
  '--attachments-dir',
  path.join(dir, 'files'),
  ...more,
];

describe('casebook import junit --attachments-dir', () => {
  it('sends the files the reports name and attaches them, with a line per tenth of the upload in a pipe', async () => {
    const before = await attachmentState(t);
    const res = await runCliInProcess(args('--run-name', 'with files'), {});
    expect(res.code).toBe(0);
    const run = await t.db.run.findFirstOrThrow({ where: { projectId, runName: 'with files' } });
    const rows = await t.db.attachment.findMany({ where: { runId: run.runId }, orderBy: { testId: 'asc' } });
    expect(rows.map((r) => [r.testId, r.fileName, r.size])).toEqual([
      [ids[0], 'form.png', PNG.length],
      [ids[1], 'login.log', 3 * 1024 * 1024],
    ]);
    expect((await attachmentState(t)).keys.length).toBe(before.keys.length + 2);
    const filesDir = path.join(dir, 'files');
    expect(res.stderr).toContain(`attachments: 2 files (3.1 MB) named by the reports, under ${filesDir}\n`);
    expect(res.stderr).toContain(`attachments: 1 named file not found under ${filesDir}\n`);
    expect(res.stderr).toContain(`attachments: not sent, outside ${filesDir}: ../outside/secret.txt\n`);
    // A line per tenth, then the server's part.
    const steps = res.stderr.match(/^uploaded \d+% \([\d.]+ [kM]?B of [\d.]+ MB\)$/gm) ?? [];
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps[steps.length - 1]).toMatch(/^uploaded 100% /);
    expect(res.stderr).toMatch(/sent [\d.]+ k?B \([\d.]+ k?B gzip\) and 2 attachments \(3\.1 MB\); waiting for the server…\n/);
    expect(res.stderr).toMatch(/imported: run \d+, 2 tests: 2 matched, 0 created, 0 unmatched, 0 unknown, 2 attachments in /);
    expect(res.stdout).toContain('Attachments: 2 attached, 2 missing\n');
    expect(res.stdout).toContain('  ../outside/secret.txt  (ui.Login.shows the form)\n');
    expect(res.stdout).toContain('  shots/not-there.png  (ui.Login.logs in)\n');
    // The file outside DIR was never read: no record holds its bytes.
    expect(await t.db.attachment.count({ where: { size: 'not to be sent'.length } })).toBe(0);

    // Run again (a retried CI step): the same Idempotency-Key, answered from the first import, nothing kept.
    const after = await attachmentState(t);
    const again = await runCliInProcess(args('--run-name', 'with files'), {});
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`imported before: run ${run.runId}`);
    expect(await attachmentState(t)).toEqual(after);
  });

  it('draws a bar of the bytes sent on a terminal, and a dry run stores nothing', async () => {
    const before = await attachmentState(t);
    const res = await runCliInProcess(args('--dry-run'), {}, { tty: true });
    expect(res.code).toBe(0);
    const screen = res.stderr.split('\u001b[K').join('<EL>');
    expect(screen).toMatch(/\ruploading \[#+\] 100% [\d.]+ MB\/[\d.]+ MB · file 3\/3<EL>/);
    expect(res.stdout).toContain('Attachments: 2 would be attached, 2 missing\n');
    expect(await attachmentState(t)).toEqual(before);
  });

  it('refuses a directory that does not exist as a usage error, sending nothing', async () => {
    const res = await runCliInProcess(
      [
        'import',
        'junit',
        path.join(dir, 'reports'),
        '--url',
        url,
        '--token',
        token,
        '--project',
        String(projectId),
        '--attachments-dir',
        path.join(dir, 'nope'),
      ],
      {},
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`--attachments-dir ${path.join(dir, 'nope')}: no such directory`);
  });

  it('runs as the real binary', async () => {
    const own = (await createProject(t.db, (await t.db.project.findUniqueOrThrow({ where: { projectId } })).orgId)).projectId;
    const res = await runCli(
      [
        'import',
        'junit',
        path.join(dir, 'reports'),
        '--project',
        String(own),
        '--create-missing',
        '--attachments-dir',
        path.join(dir, 'files'),
        '--json',
      ],
      { CASEBOOK_URL: url, CASEBOOK_TOKEN: token },
    );
    expect(res.code).toBe(0);
    // The ids name tests of another project: unknown there, so nothing is attached and nothing kept.
    expect(JSON.parse(res.stdout).attachments).toEqual({ attached: 0, missing: [], unused: ['shots/form.png', 'logs/login.log'] });
  });
});
