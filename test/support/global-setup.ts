import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { templateName, urlFor, withAdminClient } from './postgres';

/**
 * Migrates the template database once (with the real `casebook migrate`), unless
 * a template for the current migrations exists already.
 */
export default async function globalSetup(): Promise<void> {
  const template = templateName();
  process.env.CASEBOOK_TEST_TEMPLATE = template;
  const exists = await withAdminClient(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount);
  if (exists) return;
  const building = `${template}_${process.pid}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${building}"`));
  execFileSync(process.execPath, [path.resolve(__dirname, '../../bin/casebook.js'), 'migrate'], {
    env: { ...process.env, DATABASE_URL: urlFor(building), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await withAdminClient(async (c) => {
    try {
      await c.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    } catch {
      // Another test run made the same template meanwhile.
      await c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    }
  });
}
