import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { spawn } from 'node:child_process';
import { casebookBin, runCli, runCliInProcess } from '../support/cli';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDatabase } from '../support/postgres';

// `casebook org|user|token create` and the first-start bootstrap, on PostgreSQL. The commands run
// in process (runCliInProcess); the real bin/casebook.js is spawned for one admin command, one
// usage error and `serve`, so the entry's streams and exit codes stay covered.
let t: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  env = { DATABASE_URL: t.databaseUrl };
});
afterAll(() => t.close());

it('creates an organization, a user in it, and a token that works against the API', async () => {
  const org = await runCliInProcess(['org', 'create', '--name', 'QA Team'], env);
  expect(org.code).toBe(0);
  const orgId = JSON.parse(org.stdout).orgId;
  expect(JSON.parse(org.stdout)).toMatchObject({ orgName: 'QA Team' });

  const user = await runCliInProcess(
    ['user', 'create', '--email', 'Tess@Example.test', '--name', 'Tess', '--role', 'User', '--org', 'QA Team'],
    env,
  );
  expect(user.code).toBe(0);
  expect(JSON.parse(user.stdout)).toMatchObject({ email: 'tess@example.test', role: 'User', orgIds: [orgId] });

  // The real entry: spawned bin/casebook.js.
  const token = await runCli(['token', 'create', '--email', 'tess@example.test', '--name', 'ci'], env);
  expect(token.code).toBe(0);
  expect(token.stdout).toMatch(/^cb_[A-Za-z0-9_-]{43}\n$/);
  const me = await t.as(token.stdout.trim()).get('/user/details').expect(200);
  expect(me.body.data).toMatchObject({ email: 'tess@example.test', role: 'User', orgIds: [orgId] });
});

it('adds a membership to an existing user, with its role in that organization only', async () => {
  await runCliInProcess(['org', 'create', '--name', 'Second Team'], env);
  const res = await runCliInProcess(
    ['user', 'create', '--email', 'tess@example.test', '--name', 'Tess', '--role', 'Admin', '--org', 'Second Team'],
    env,
  );
  const out = JSON.parse(res.stdout);
  expect(out.orgIds).toHaveLength(2);
  expect(out.memberships.map((m: { role: string }) => m.role)).toEqual(['User', 'Admin']);
  expect(await t.db.user.count({ where: { email: 'tess@example.test' } })).toBe(1);
});

it('explains bad input and changes nothing', async () => {
  const users = await t.db.user.count();
  const role = await runCliInProcess(
    ['user', 'create', '--email', 'x@example.test', '--name', 'X', '--role', 'Boss', '--org', 'QA Team'],
    env,
  );
  expect(role).toMatchObject({ code: 1, stdout: '' });
  expect(role.stderr).toContain('--role must be one of Reader, User, Admin');
  const org = await runCliInProcess(
    ['user', 'create', '--email', 'x@example.test', '--name', 'X', '--role', 'User', '--org', 'Nowhere'],
    env,
  );
  expect(org.stderr).toContain('no organization "Nowhere"');
  // A usage error through the real entry: exit code 2 and the usage text.
  const missing = await runCli(['token', 'create'], env);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('--email is required');
  expect(missing.stderr).toContain('Usage: casebook <command>');
  const unknown = await runCliInProcess(['token', 'create', '--email', 'nobody@example.test'], env);
  expect(unknown).toMatchObject({ code: 1, stdout: '' });
  const dup = await runCliInProcess(['org', 'create', '--name', 'QA Team'], env);
  expect(dup.stderr).toContain('already exists');
  expect(await t.db.user.count()).toBe(users);
});

it('bootstraps organization Default and admin@localhost on the first serve of an empty database, once', async () => {
  // A database of its own with no users, served by the real command.
  const fresh = await createTestDatabase();
  let database: Database | undefined;
  try {
    const serveOnce = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [casebookBin, 'serve'], {
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: fresh.url, PORT: '0', LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('Casebook is serving')) child.kill('SIGTERM');
        });
        child.on('exit', () => resolve(out));
        child.on('error', reject);
      });
    const first = await serveOnce();
    const token = /(cb_[A-Za-z0-9_-]{43})/.exec(first)?.[1];
    expect(token).toBeDefined();
    const second = await serveOnce();
    expect(second).not.toContain('First start');
    database = await openDatabase(loadConfig({ DATABASE_URL: fresh.url }));
    const admin = await database.prisma.user.findUniqueOrThrow({
      where: { email: 'admin@localhost' },
      include: { memberships: { include: { org: true } } },
    });
    expect(admin.memberships.map((m) => [m.org.orgName, m.role])).toEqual([['Default', 'Admin']]);
    expect(await database.prisma.apiToken.count()).toBe(1);
  } finally {
    await database?.close();
    await fresh.drop();
  }
});
