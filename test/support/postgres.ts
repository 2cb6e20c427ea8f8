import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

// Tests run on the real PostgreSQL server. Each test file gets a database of its
// own, copied from a template that was migrated once per set of migrations.

export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(__dirname, '../..');

export function urlFor(database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The template's name changes whenever a migration does. */
export function templateName(): string {
  const dir = path.join(root, 'prisma/migrations');
  const hash = crypto.createHash('sha1');
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, 'migration.sql');
    if (fs.existsSync(file)) hash.update(name).update(fs.readFileSync(file));
  }
  return `casebook_tpl_${hash.digest('hex').slice(0, 12)}`;
}

export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const template = process.env.CASEBOOK_TEST_TEMPLATE ?? templateName();
  const name = `casebook_t_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    url: urlFor(name),
    name,
    drop: () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
