import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, migrationsUntil } from '../support/migrations';
import { urlFor, withAdminClient } from '../support/postgres';

// The migration that moved roles onto memberships keeps what each user had:
// every existing membership gets its user's role.
const MIGRATION = '20261123000103_membership_roles_invitations_audit';
const database = `casebook_roles_${process.pid}`;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-roles-'));
  await withAdminClient((c) => c.query(`CREATE DATABASE "${database}"`));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
});

it("gives every existing membership its user's role", async () => {
  applyMigrations(database, migrationsUntil(tmp, MIGRATION));
  const client = new Client({ connectionString: urlFor(database) });
  await client.connect();
  try {
    await client.query(`INSERT INTO organizations (id, name) VALUES (1, 'A'), (2, 'B')`);
    await client.query(`INSERT INTO users (id, email, name, role, updated_at) VALUES
      (1, 'admin@x.test', 'Admin', 'Admin', now()), (2, 'user@x.test', 'User', 'User', now()), (3, 'reader@x.test', 'Reader', 'Reader', now())`);
    await client.query(`INSERT INTO memberships (user_id, org_id) VALUES (1, 1), (1, 2), (2, 1), (3, 2)`);
    applyMigrations(database, migrationsUntil(tmp));
    const rows = await client.query('SELECT user_id, org_id, role::text FROM memberships ORDER BY user_id, org_id');
    expect(rows.rows).toEqual([
      { user_id: 1, org_id: 1, role: 'Admin' },
      { user_id: 1, org_id: 2, role: 'Admin' },
      { user_id: 2, org_id: 1, role: 'User' },
      { user_id: 3, org_id: 2, role: 'Reader' },
    ]);
    const columns = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'role'`,
    );
    expect(columns.rowCount).toBe(0);
  } finally {
    await client.end();
  }
});
