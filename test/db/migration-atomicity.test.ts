import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { urlFor, withAdminClient } from '../support/postgres';

// Each migration is applied in one transaction: a migration that fails halfway
// leaves none of its statements behind and is recorded as failed, on PostgreSQL
// and on the embedded database alike.
const root = path.resolve(__dirname, '../..');
let tmp: string;
let migrations: string;
const database = `casebook_atomic_${process.pid}`;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-atomic-'));
  migrations = path.join(tmp, 'migrations');
  const write = (name: string, sql: string) => {
    fs.mkdirSync(path.join(migrations, name), { recursive: true });
    fs.writeFileSync(path.join(migrations, name, 'migration.sql'), sql);
  };
  write('20260101000000_first', 'CREATE TABLE first_table (id int PRIMARY KEY);\n');
  // A semicolon inside a string must not split the script either.
  write(
    '20260101000001_broken',
    "CREATE TABLE half_table (id int PRIMARY KEY, note text DEFAULT 'a;b');\nINSERT INTO half_table VALUES (1);\nSELECT 1 / 0;\n",
  );
  fs.writeFileSync(path.join(migrations, 'migration_lock.toml'), 'provider = "postgresql"\n');
  await withAdminClient((c) => c.query(`CREATE DATABASE "${database}"`));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
});

function apply(env: Record<string, string>, query?: string) {
  return spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'test/support/apply-migrations.ts', migrations, ...(query ? [query] : [])],
    { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env } },
  );
}

const expectedRecords = [
  { migration_name: '20260101000000_first', finished: true },
  { migration_name: '20260101000001_broken', finished: false },
];
const tablesSql = `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`;
const recordsSql = 'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name';

it('on PostgreSQL, leaves nothing of a failed migration and records it as failed', async () => {
  const res = apply({ DATABASE_URL: urlFor(database) });
  expect(res.status).toBe(1);
  expect(res.stderr).toContain('20260101000001_broken');
  const client = new Client({ connectionString: urlFor(database) });
  await client.connect();
  try {
    expect((await client.query(tablesSql)).rows.map((r) => r.name)).toEqual(['_prisma_migrations', 'first_table']);
    expect((await client.query(recordsSql)).rows).toEqual(expectedRecords);
  } finally {
    await client.end();
  }
});

it('on the embedded database, the same', () => {
  const dataDir = path.join(tmp, 'embedded');
  const res = apply({ CASEBOOK_DATA_DIR: dataDir });
  expect(res.status).toBe(1);
  expect(res.stderr).toContain('20260101000001_broken');
  // PGlite is read from a plain node process: jest's module system can't load it.
  const read = spawnSync(
    process.execPath,
    [
      '-e',
      `const { PGlite } = require('@electric-sql/pglite');
       const db = new PGlite(process.argv[1]);
       Promise.all([db.query(process.argv[2]), db.query(process.argv[3])])
         .then(([t, r]) => { process.stdout.write(JSON.stringify({ tables: t.rows.map((x) => x.name), records: r.rows })); return db.close(); });`,
      path.join(dataDir, 'pglite'),
      tablesSql,
      recordsSql,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  expect(JSON.parse(read.stdout)).toEqual({ tables: ['_prisma_migrations', 'first_table'], records: expectedRecords });
});
