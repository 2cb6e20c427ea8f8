import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, migrationsUntil } from '../support/migrations';
import { urlFor, withAdminClient } from '../support/postgres';

// The migration that gave tokens an organization scope fixes each
// existing token's scope to its owner's memberships at that moment; a membership the
// owner gains afterwards is outside it.
const MIGRATION = '20261126135741_token_scope_oauth_states';
const database = `casebook_token_scope_${process.pid}`;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-token-scope-'));
  await withAdminClient((c) => c.query(`CREATE DATABASE "${database}"`));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
});

it("scopes every existing token to its owner's memberships at migration time", async () => {
  applyMigrations(database, migrationsUntil(tmp, MIGRATION));
  const client = new Client({ connectionString: urlFor(database) });
  await client.connect();
  try {
    await client.query(`INSERT INTO organizations (id, name) VALUES (1, 'A'), (2, 'B'), (3, 'C')`);
    await client.query(`INSERT INTO users (id, email, name, updated_at) VALUES
      (1, 'two@x.test', 'Two', now()), (2, 'one@x.test', 'One', now()), (3, 'none@x.test', 'None', now())`);
    await client.query(`INSERT INTO memberships (user_id, org_id, role) VALUES (1, 3, 'Admin'), (1, 1, 'User'), (2, 2, 'Reader')`);
    await client.query(`INSERT INTO api_tokens (id, user_id, token_hash) VALUES (1, 1, 'h1'), (2, 1, 'h2'), (3, 2, 'h3'), (4, 3, 'h4')`);
    applyMigrations(database, migrationsUntil(tmp));
    const rows = await client.query('SELECT id, scope_org_ids FROM api_tokens ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 1, scope_org_ids: [1, 3] },
      { id: 2, scope_org_ids: [1, 3] },
      { id: 3, scope_org_ids: [2] },
      { id: 4, scope_org_ids: [] },
    ]);
  } finally {
    await client.end();
  }
});
