import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { listenOnPort, runCli, runCliInProcess } from '../support/cli';
import { createOrg, createUser } from '../support/factories';

// `casebook import csv` against the real server listening on a port: in process for most cases
// (a terminal's progress bar too), and the spawned bin/casebook.js once.

let t: TestApp;
let server: Awaited<ReturnType<typeof listenOnPort>>;
let url: string;
let token: string;
let orgId: number;
let dir: string;

const fixture = (name: string) => path.join(__dirname, '../fixtures/csv', name);
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
const newProject = async () =>
  (
    await t
      .as(token)
      .post('/project/create', { orgId, projectName: `P${Math.random()}` })
      .expect(201)
  ).body.data.projectId as number;
const titles = async (projectId: number) =>
  (await t.db.test.findMany({ where: { projectId }, orderBy: { testId: 'asc' }, select: { title: true } })).map((x) => x.title);

beforeAll(async () => {
  t = await createTestApp();
  server = await listenOnPort(t.app);
  url = server.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-csv-'));
  orgId = (await createOrg(t.db)).orgId;
  token = (await createUser(t.db, 'User', [orgId])).token;
});
afterAll(async () => {
  await server.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const args = (projectId: number, ...more: string[]) => ['--url', url, '--token', token, '--project', String(projectId), ...more];

describe('casebook import csv', () => {
  it('a dry run of a TestRail export writes nothing and shows the columns, new sections and first tests', async () => {
    const projectId = await newProject();
    const res = await runCliInProcess(
      ['import', 'csv', fixture('testrail.csv'), ...args(projectId, '--preset', 'testrail', '--dry-run')],
      {},
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Dry run: nothing was written.');
    expect(res.stdout).toContain('Rows: 6 read (delimiter ,); tests: 4 to create; sections: 5 new; labels: 0 new');
    expect(res.stdout).toContain('  Section Hierarchy → section\n');
    expect(res.stdout).toContain('  ID → (not imported)\n');
    expect(res.stdout).toContain('  row 2: Pay by card  (Checkout > Payment)\n');
    expect(res.stderr).toMatch(/dry run \(nothing written\): 4 tests to create, 0 errors in \d+\.\d s/);
    expect(await titles(projectId)).toEqual([]);
  });

  it('imports with --map, CASEBOOK_URL and CASEBOOK_TOKEN from the environment; again with the same file is the same import', async () => {
    const projectId = await newProject();
    const file = write('sheet.csv', 'Case;Folder;Tags\nFirst;A/B;x, y\nSecond;A;\n');
    const cmd = [
      'import',
      'csv',
      file,
      '--project',
      String(projectId),
      '--map',
      'Case=title',
      '--map',
      'Folder=section',
      '--map',
      'Tags=labels',
    ];
    const env = { CASEBOOK_URL: url, CASEBOOK_TOKEN: token };
    const res = await runCliInProcess(cmd, env);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Rows: 2 read (delimiter ;); tests: 2 created; sections: 2 new; labels: 2 new');
    expect(res.stderr).toMatch(/imported: 2 tests created in/);
    expect(await titles(projectId)).toEqual(['First', 'Second']);
    const again = await runCliInProcess(cmd, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('This file was imported before with the same options');
    expect(await titles(projectId)).toEqual(['First', 'Second']);
  });

  it('exits 1 naming the rows when a row is bad (nothing imported), and when a dry run finds errors', async () => {
    const projectId = await newProject();
    const file = write('bad.csv', 'title,priority\nGood,High\n,High\nOdd,Urgent\n');
    const res = await runCliInProcess(['import', 'csv', file, ...args(projectId)], {});
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('casebook: the server answered 400: Invalid request: nothing was imported: row 3, title: No title; row 4');
    expect(res.stderr).toContain('--dry-run lists every row error');
    const dry = await runCliInProcess(['import', 'csv', file, ...args(projectId, '--dry-run')], {});
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain(
      'Errors (2; any error and nothing is imported):\n  row 3, title: No title\n  row 4, priority: No priority "Urgent"',
    );
    const broken = write('broken.csv', 'title\n"open\n');
    const b = await runCliInProcess(['import', 'csv', broken, ...args(projectId)], {});
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('Invalid CSV: row 2: Quote Not Closed');
    expect(await titles(projectId)).toEqual([]);
  });

  it('draws a progress bar on a terminal', async () => {
    const projectId = await newProject();
    const res = await runCliInProcess(['import', 'csv', fixture('qase.csv'), ...args(projectId, '--preset', 'qase')], {}, { tty: true });
    expect(res.code).toBe(0);
    const screen = res.stderr.split('\u001b[K').join('<EL>');
    expect(screen).toMatch(/\ruploading \[#+\] 100% \d+ B\/\d+ B · file 1\/1<EL>/);
    expect(screen).toMatch(/\rsent \d+ B; waiting for the server…<EL>/);
    expect(screen).toMatch(/\r<EL>\rimported: 3 tests created in/);
  });

  it('is a usage error (exit 2) without a file, a project, or with an unknown preset or a --map without =', async () => {
    const projectId = await newProject();
    const cases: [string[], string][] = [
      [['import', 'csv', ...args(projectId)], 'import csv needs one CSV file'],
      [['import', 'csv', 'x.csv', '--url', url, '--token', token], '--project is required'],
      [['import', 'csv', 'x.csv', ...args(projectId, '--preset', 'jira')], '--preset must be one of testrail, qase, casebook (got "jira")'],
      [['import', 'csv', 'x.csv', ...args(projectId, '--map', 'Title')], '--map must be "Header=field" (got "Title")'],
      [['import', 'csv', path.join(dir, 'missing.csv'), ...args(projectId)], 'cannot read'],
    ];
    for (const [argv, message] of cases) {
      const res = await runCliInProcess(argv, {});
      expect({ code: res.code, message: res.stderr.includes(message) }).toEqual({ code: 2, message: true });
    }
  });

  it('runs as the casebook binary', async () => {
    const projectId = await newProject();
    const res = await runCli(['import', 'csv', fixture('qase.csv'), ...args(projectId, '--preset', 'qase', '--json')], {});
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ created: 3, labelsToCreate: { names: ['cart', 'smoke'] } });
    expect(res.stderr).toContain('uploading…');
  });
});
