import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casebookBin, runCli, runCliInProcess } from '../support/cli';

// The embedded database (PGlite) through the real `casebook` command. Whatever opens PGlite is
// spawned (jest's module system can't load it); commands refused before that run in process.
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-embedded-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('applies the migrations to a fresh directory, and a second time does nothing', async () => {
  const first = await runCli(['migrate'], { CASEBOOK_DATA_DIR: dataDir });
  expect(first).toMatchObject({ code: 0, stdout: '' });
  const migrations = fs
    .readdirSync(path.resolve(__dirname, '../../prisma/migrations'))
    .filter((n) => /^\d+_/.test(n))
    .sort();
  expect(first.stderr).toBe(`applied: ${migrations.join(', ')}\n`);

  const second = await runCli(['migrate'], { CASEBOOK_DATA_DIR: dataDir });
  expect(second).toMatchObject({ code: 0, stderr: 'the database is up to date\n' });

  // Recorded as Prisma Migrate records them. (PGlite runs in a plain node process: jest's module system can't load it.)
  const read = spawnSync(
    process.execPath,
    [
      '-e',
      `const { PGlite } = require('@electric-sql/pglite');
       const db = new PGlite(process.argv[1]);
       db.query('SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NULL AS kept FROM _prisma_migrations ORDER BY migration_name')
         .then((r) => { process.stdout.write(JSON.stringify(r.rows)); return db.close(); });`,
      path.join(dataDir, 'pglite'),
    ],
    { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' },
  );
  expect(JSON.parse(read.stdout)).toEqual(migrations.map((migration_name) => ({ migration_name, finished: true, kept: true })));
});

it('refuses to open a directory that another process holds, with a clear message', async () => {
  const server = spawn(process.execPath, [casebookBin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', CASEBOOK_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        if (out.includes('Casebook is serving')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    const second = await runCliInProcess(['migrate'], { CASEBOOK_DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The embedded database in ${dataDir} is already open in another Casebook process (pid ${server.pid})`);
    // Administration commands say how to do the same through the running server.
    const token = await runCliInProcess(['token', 'create', '--email', 'admin@localhost'], { CASEBOOK_DATA_DIR: dataDir });
    expect(token).toMatchObject({ code: 1, stdout: '' });
    expect(token.stderr).toContain('Create the token through the running server instead');
    expect(token.stderr).toContain('curl -X POST http://localhost:3000/api/v1/token/generate -H "Authorization: Bearer $ADMIN_TOKEN"');
    const user = await runCliInProcess(['user', 'create', '--email', 'e@x.test', '--name', 'E', '--role', 'User', '--org', 'Default'], {
      CASEBOOK_DATA_DIR: dataDir,
    });
    expect(user.stderr).toContain('/api/v1/user/invite');
    const org = await runCliInProcess(['org', 'create', '--name', 'Second'], { CASEBOOK_DATA_DIR: dataDir });
    expect(org.stderr).toContain('/api/v1/org/create');
    expect(org.stderr).toContain('stop the server, run this command, then start the server again');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  // Once the holder has stopped, the directory opens again.
  const after = await runCli(['migrate'], { CASEBOOK_DATA_DIR: dataDir });
  expect(after).toMatchObject({ code: 0, stderr: 'the database is up to date\n' });
});

it('fails fast on invalid configuration, naming the setting', async () => {
  const res = await runCliInProcess(['migrate'], { CASEBOOK_DATA_DIR: dataDir, PORT: 'eighty' });
  expect(res.code).toBe(1);
  expect(res.stderr).toMatch(/Invalid configuration:\n {2}PORT: /);
  const half = await runCliInProcess(['migrate'], { CASEBOOK_DATA_DIR: dataDir, OAUTH_CLIENT_ID: 'x' });
  expect(half.stderr).toContain('OAuth login needs all of its settings; missing: OAUTH_AUTHORIZATION_URL');
});
