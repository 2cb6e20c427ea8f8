import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { urlFor } from './postgres';

// Tests of what a migration does to existing rows: the database is taken to just before
// it, rows are written, then the rest is applied (through apply-migrations.ts, in a
// process of its own: the WASM schema engine cannot load inside jest).

const root = path.resolve(__dirname, '../..');

/** Applies the migrations of folder `dir` to `database`; fails the test on any error output. */
export function applyMigrations(database: string, dir: string): void {
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'test/support/apply-migrations.ts', dir], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATABASE_URL: urlFor(database) },
  });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
}

/** A new folder under `tmp` holding the project's migrations that sort before `until` (all when absent). */
export function migrationsUntil(tmp: string, until?: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'm-'));
  const source = path.join(root, 'prisma/migrations');
  for (const name of fs.readdirSync(source)) {
    if (until && /^\d+_/.test(name) && name >= until) continue;
    fs.cpSync(path.join(source, name), path.join(dir, name), { recursive: true });
  }
  return dir;
}
