import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casebookBin, runCli, runCliInProcess } from '../support/cli';

// `casebook import junit` against a server on the embedded database (PGlite, one connection):
// the import's progress notes, written outside its transaction, must not wait for it (that
// waited forever), and its files are attached as on PostgreSQL. The server is spawned (jest's
// module system can't load PGlite); the import runs in process.

let dataDir: string;
let server: ChildProcess;
let url: string;
let token: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-embedded-import-'));
  const env = { CASEBOOK_DATA_DIR: dataDir };
  expect((await runCli(['org', 'create', '--name', 'Imports'], env)).code).toBe(0);
  expect((await runCli(['user', 'create', '--email', 'ci@x.test', '--name', 'CI', '--role', 'User', '--org', 'Imports'], env)).code).toBe(
    0,
  );
  token = (await runCli(['token', 'create', '--email', 'ci@x.test'], env)).stdout.trim();
  server = spawn(process.execPath, [casebookBin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', CASEBOOK_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.includes('Casebook is serving'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
});
afterAll(async () => {
  if (server.exitCode === null) {
    // This process keeps its keep-alive connections to the server, which a graceful stop waits for: stopped hard after a moment.
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('imports with progress and attachments, answering within seconds', async () => {
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const orgs = (await (await fetch(`${url}/api/v1/orgs`, { headers: auth })).json()) as { data: { orgId: number }[] };
  const created = await fetch(`${url}/api/v1/project/create`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ orgId: orgs.data[0].orgId, projectName: 'Embedded' }),
  });
  const projectId = ((await created.json()) as { data: { projectId: number } }).data.projectId;
  const dir = path.join(dataDir, 'ci');
  fs.mkdirSync(path.join(dir, 'out'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'out', 'log.txt'), 'a log\n');
  fs.writeFileSync(
    path.join(dir, 'report.xml'),
    '<testsuite name="s"><testcase classname="c" name="t"><system-out>[[ATTACHMENT|log.txt]]</system-out></testcase></testsuite>',
  );
  const started = Date.now();
  const res = await runCliInProcess(
    ['import', 'junit', path.join(dir, 'report.xml'), '--url', url, '--token', token, '--project', String(projectId)].concat([
      '--create-missing',
      '--attachments-dir',
      path.join(dir, 'out'),
    ]),
    {},
  );
  expect({ code: res.code, stderr: res.stderr }).toMatchObject({ code: 0 });
  expect(res.stdout).toContain('Attachments: 1 attached, 0 missing\n');
  expect(Date.now() - started).toBeLessThan(30_000);
});
