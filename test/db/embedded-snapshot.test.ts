import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentSnapshot, installedPgliteVersion, usableSnapshot, type SnapshotManifest } from '../../src/db/embedded-snapshot';
import { runCli } from '../support/cli';

// A new embedded database starts as a copy of the build's snapshot (src/db/embedded-snapshot.ts)
// when the snapshot is usable, else PGlite creates it as before. PGlite runs in plain node
// processes (jest's module system can't load it); which way a database was made shows in its
// _prisma_migrations ids (random UUIDs): a database copied from a snapshot has the snapshot's.
const root = path.resolve(__dirname, '../..');
const projectMigrations = path.join(root, 'prisma/migrations');
const migrationNames = fs
  .readdirSync(projectMigrations)
  .filter((n) => /^\d+_/.test(n))
  .sort();
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-snapshot-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Opened {
  applied: string[];
  again: string[];
  records: { id: string; migration_name: string; finished: boolean }[];
}

const child = `
const [op, a, b] = JSON.parse(process.argv[1]);
const recordsSql = 'SELECT id, migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name';
(async () => {
  if (op === 'build') {
    const { buildSnapshot } = require(${JSON.stringify(path.join(root, 'src/db/embedded-snapshot-build.ts'))});
    return buildSnapshot(a, b ?? undefined);
  }
  if (op === 'records') {
    const { PGlite } = require('@electric-sql/pglite');
    const pg = await PGlite.create({ dataDir: a });
    const { rows } = await pg.query(recordsSql);
    await pg.close();
    return rows;
  }
  const { openDatabase } = require(${JSON.stringify(path.join(root, 'src/db/client.ts'))});
  const config = { databasePoolSize: 1, databaseConnectTimeoutMs: 5000, dataDir: a, logLevel: 'warn' };
  const db = await openDatabase(config, undefined, { embeddedSnapshot: b });
  try {
    const applied = await db.migrate();
    const again = await db.migrate();
    return { applied, again, records: await db.prisma.$queryRawUnsafe(recordsSql) };
  } finally {
    await db.close();
  }
})().then(
  (out) => process.stdout.write(JSON.stringify(out ?? null), () => process.exit(0)),
  (err) => process.stderr.write(String(err && err.stack ? err.stack : err), () => process.exit(1)),
);
`;

function inChild<T>(...args: unknown[]): T {
  const res = spawnSync(process.execPath, ['--liftoff-only', '--require', 'tsx/cjs', '-e', child, JSON.stringify(args)], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    timeout: 120_000,
  });
  if (res.status !== 0) throw new Error(`the child failed (${res.status}): ${res.stderr}`);
  return JSON.parse(res.stdout) as T;
}

const open = (dataDir: string, snapshot: string | null) => inChild<Opened>('open', dataDir, snapshot);
const build = (target: string, migrations?: string) => inChild<SnapshotManifest>('build', target, migrations);
/** The migration records of a snapshot, read from a copy (opening a database writes to it). */
function snapshotRecords(snapshot: string): Opened['records'] {
  const copy = fs.mkdtempSync(path.join(tmp, 'read-'));
  fs.cpSync(path.join(snapshot, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
  return inChild<Opened['records']>('records', path.join(copy, 'pglite'));
}
const ids = (records: Opened['records']) => records.map((r) => r.id);

/** A migrations folder with the project's first `count` migrations. */
function firstMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'migrations-'));
  for (const name of fs.readdirSync(projectMigrations)) {
    if (/^\d+_/.test(name) && !migrationNames.slice(0, count).includes(name)) continue;
    fs.cpSync(path.join(projectMigrations, name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

/** Every migration applied and recorded as finished, and nothing left to apply. */
function expectMigrated(db: Opened) {
  expect(db.applied).toEqual(migrationNames);
  expect(db.again).toEqual([]);
  expect(db.records.map((r) => [r.migration_name, r.finished])).toEqual(migrationNames.map((n) => [n, true]));
}

describe('with a real snapshot of the project migrations', () => {
  let snapshot: string;
  let made: Opened['records'];
  beforeAll(() => {
    snapshot = path.join(tmp, 'snapshot');
    const manifest = build(snapshot);
    expect(manifest.pglite).toBe(installedPgliteVersion());
    expect(manifest.migrations.map((m) => m.name)).toEqual(migrationNames);
    expect(fs.readdirSync(snapshot).sort()).toEqual(['pglite', 'snapshot.json']);
    made = snapshotRecords(snapshot);
  }, 180_000);

  it('creates a new data directory from it, migrated and usable through the casebook command', async () => {
    const dataDir = path.join(tmp, 'restored');
    const db = open(dataDir, snapshot);
    expectMigrated(db);
    expect(ids(db.records)).toEqual(ids(made));
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);

    const env = { CASEBOOK_DATA_DIR: dataDir };
    expect(await runCli(['migrate'], env)).toMatchObject({ code: 0, stderr: 'the database is up to date\n' });
    const org = await runCli(['org', 'create', '--name', 'Snapshot'], env);
    expect(org).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(org.stdout)).toMatchObject({ orgName: 'Snapshot' });
    const user = await runCli(['user', 'create', '--email', 'snap@x.test', '--name', 'Snap', '--role', 'Admin', '--org', 'Snapshot'], env);
    expect(user).toMatchObject({ code: 0, stderr: '' });
    const token = await runCli(['token', 'create', '--email', 'snap@x.test'], env);
    expect(token).toMatchObject({ code: 0, stderr: '' });
    expect(token.stdout).toMatch(/^cb_[\w-]{43}\n$/);
  }, 120_000);

  it('restores into an empty directory and clears a copy left by a process that died restoring', () => {
    const dataDir = path.join(tmp, 'interrupted');
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'pglite.restore-999999999/base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite.restore-999999999/PG_VERSION'), 'half\n');
    const db = open(dataDir, snapshot);
    expectMigrated(db);
    expect(ids(db.records)).toEqual(ids(made));
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
  }, 120_000);

  it('falls back to creating the database when there is no snapshot; a snapshot later leaves that database alone', () => {
    const dataDir = path.join(tmp, 'no-snapshot');
    const created = open(dataDir, path.join(tmp, 'missing'));
    expectMigrated(created);
    expect(created.records.some((r) => made.some((m) => m.id === r.id))).toBe(false);
    const reopened = open(dataDir, snapshot);
    expect(reopened.applied).toEqual([]);
    expect(ids(reopened.records)).toEqual(ids(created.records));
  }, 120_000);

  it('ignores a snapshot made by another PGlite version: the database is created as without one', () => {
    const other = path.join(tmp, 'other-version');
    fs.cpSync(snapshot, other, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(other, 'snapshot.json'), 'utf8')) as SnapshotManifest;
    fs.writeFileSync(path.join(other, 'snapshot.json'), JSON.stringify({ ...manifest, pglite: '0.0.1' }));
    const db = open(path.join(tmp, 'not-restored'), other);
    expectMigrated(db);
    expect(db.records.some((r) => made.some((m) => m.id === r.id))).toBe(false);
  }, 120_000);
});

it('brings a database made from a snapshot of fewer migrations up to date', () => {
  const older = path.join(tmp, 'older');
  build(older, firstMigrations(migrationNames.length - 1));
  const made = snapshotRecords(older);
  const db = open(path.join(tmp, 'from-older'), older);
  expectMigrated(db);
  expect(ids(db.records).slice(0, -1)).toEqual(ids(made));
}, 180_000);

describe('which snapshot a new database may start from', () => {
  const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const folder = projectMigrations;
  const local = () => migrationNames.map((name) => ({ name, checksum: sha(path.join(projectMigrations, name, 'migration.sql')) }));
  /** A snapshot folder with this manifest (and a data directory that has a PG_VERSION). */
  function fake(manifest: object, data = true): string {
    const dir = fs.mkdtempSync(path.join(tmp, 'fake-'));
    fs.writeFileSync(path.join(dir, 'snapshot.json'), JSON.stringify(manifest));
    if (data) {
      fs.mkdirSync(path.join(dir, 'pglite'));
      fs.writeFileSync(path.join(dir, 'pglite/PG_VERSION'), '17\n');
    }
    return dir;
  }
  it('one of the installed PGlite holding the first migrations of the folder, unchanged', () => {
    const all = fake({ pglite: installedPgliteVersion(), migrations: local() });
    expect(usableSnapshot(all, folder)?.migrations).toEqual(local());
    expect(currentSnapshot(all, folder)).toBe(true);
    const older = fake({ pglite: installedPgliteVersion(), migrations: local().slice(0, 2) });
    expect(usableSnapshot(older, folder)?.migrations).toEqual(local().slice(0, 2));
    expect(currentSnapshot(older, folder)).toBe(false); // a build makes a new one
  });

  it('not one of another PGlite, one holding an edited or unknown migration, or one without its database or manifest', () => {
    const version = installedPgliteVersion();
    const edited = local().map((m, i) => (i === 1 ? { ...m, checksum: '0'.repeat(64) } : m));
    const unknown = [...local(), { name: '29991231000000_elsewhere', checksum: '0'.repeat(64) }];
    const skipped = local().filter((_, i) => i !== 1);
    for (const dir of [
      fake({ pglite: '0.0.1', migrations: local() }),
      fake({ pglite: version, migrations: edited }),
      fake({ pglite: version, migrations: unknown }),
      fake({ pglite: version, migrations: skipped }),
      fake({ pglite: version, migrations: local() }, false),
      fake({ version }),
      path.join(tmp, 'nothing-here'),
    ]) {
      expect(usableSnapshot(dir, folder)).toBeNull();
      expect(currentSnapshot(dir, folder)).toBe(false);
    }
  });
});
