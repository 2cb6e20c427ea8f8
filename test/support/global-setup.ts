import { execFile, execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { OPENAPI_DOCUMENT_ENV } from './openapi-document-file';
import { templateName, urlFor, withAdminClient } from './postgres';

const root = path.resolve(__dirname, '../..');

/**
 * Migrates the template database once (with the real `casebook migrate`), unless
 * a template for the current migrations exists already; meanwhile builds the OpenAPI document
 * the response checks hold every answer to (test/support/openapi-responses.ts) once for the run.
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([migrateTemplate(), buildOpenApiDocument()]);
}

async function migrateTemplate(): Promise<void> {
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

/**
 * The document generated from the routes as they are (what GET /openapi.json serves), written to a
 * file of this run: building it costs each test file about 1.4 s of CPU otherwise. Built in a child
 * (tsx), as jest's global setup can't load the generated Prisma Client the routes import.
 */
async function buildOpenApiDocument(): Promise<void> {
  const file = path.join(os.tmpdir(), `casebook-openapi-${process.pid}.json`);
  const build = `
    const { loadRbac } = require(${JSON.stringify(path.join(root, 'src/auth/rbac.ts'))});
    const { apiRoutes } = require(${JSON.stringify(path.join(root, 'src/domain/routes.ts'))});
    const { buildOpenApiDocument } = require(${JSON.stringify(path.join(root, 'src/openapi/document.ts'))});
    loadRbac().then((rbac) => require('node:fs').writeFileSync(process.argv[1], JSON.stringify(buildOpenApiDocument(apiRoutes, rbac))));
  `;
  await promisify(execFile)(process.execPath, ['--require', 'tsx/cjs', '-e', build, file], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  process.env[OPENAPI_DOCUMENT_ENV] = file;
}
