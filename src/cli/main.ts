import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DirectoryLockedError } from '../db/directory-lock';
import { createLogger } from '../logger';
import { startServer } from '../server';
import { bootstrapFirstAdmin } from './bootstrap';
import { createOrganization, createOrUpdateUser, createTokenForEmail, throughRunningServer } from './admin-commands';
import type * as McpServerModule from '../mcp/server';

const usage = `Usage: casebook <command>

  serve                                     serve the API (applies pending migrations first)
  migrate                                   apply pending database migrations
  org create --name N                       create an organization
  user create --email E --name N --role R --org N
                                            create a user (or add a membership); R: Reader, User, Admin
  token create --email E [--name N]         create an API token; prints only the token
  mcp                                       MCP tool server on stdio (CASEBOOK_TOKEN; CASEBOOK_URL, else the app in-process)

Configuration comes from the environment (see README.md).`;

class UsageError extends Error {}

function flags(args: string[], names: string[]): Record<string, string | undefined> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
    strict: true,
    allowPositionals: false,
  });
  return values as Record<string, string | undefined>;
}

function required(values: Record<string, string | undefined>, name: string): string {
  const v = values[name]?.trim();
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
}

/** Commands that open the database apply pending migrations first. */
async function withDatabase<T>(config: Config, fn: (db: Database, applied: string[]) => Promise<T>): Promise<T> {
  const database = await openDatabase(config);
  try {
    const applied = await database.migrate();
    return await fn(database, applied);
  } finally {
    await database.close();
  }
}

/** An administration command: a held embedded database gets the way to do it through the running server. */
async function withAdminDatabase<T>(config: Config, command: 'org' | 'user' | 'token', fn: (db: Database) => Promise<T>): Promise<T> {
  try {
    return await withDatabase(config, fn);
  } catch (err) {
    if (!(err instanceof DirectoryLockedError)) throw err;
    throw new DirectoryLockedError(`${err.message}\n\n${throughRunningServer(command, config.publicUrl)}`);
  }
}

async function serve(config: Config) {
  const server = await startServer(config);
  // A promise nobody awaits (a background write while the database is away, say) must not end the server.
  process.on('unhandledRejection', (reason) => server.logger.warn({ err: reason }, 'unhandled rejection'));
  const token = await bootstrapFirstAdmin(server.database.prisma);
  if (token) {
    process.stdout.write(
      `\nFirst start: created organization "Default" and Admin admin@localhost.\n` +
        `Its API token (shown once, keep it):\n\n  ${token}\n\n` +
        `Try: curl -H "Authorization: Bearer ${token}" ${server.url}/api/v1/orgs\n\n`,
    );
  }
  server.logger.info({ url: server.url, database: server.database.kind }, 'Casebook is serving');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(argv: string[]) {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'mcp': {
      // Loaded only here: the other commands do not need the MCP SDK.
      const { runMcpServer } = require('../mcp/server') as typeof McpServerModule;
      return runMcpServer(config);
    }
    case 'migrate': {
      const applied = await withDatabase(config, async (_db, applied) => applied);
      process.stderr.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'the database is up to date\n');
      return;
    }
    case 'org':
      if (sub !== 'create') break;
      {
        const v = flags(rest, ['name']);
        const org = await withAdminDatabase(config, 'org', (db) => createOrganization(db.prisma, required(v, 'name')));
        process.stdout.write(`${JSON.stringify(org)}\n`);
      }
      return;
    case 'user':
      if (sub !== 'create') break;
      {
        const v = flags(rest, ['email', 'name', 'role', 'org']);
        const input = { email: required(v, 'email'), name: required(v, 'name'), role: required(v, 'role'), org: required(v, 'org') };
        const user = await withAdminDatabase(config, 'user', (db) => createOrUpdateUser(db.prisma, input));
        process.stdout.write(`${JSON.stringify(user)}\n`);
      }
      return;
    case 'token':
      if (sub !== 'create') break;
      {
        const v = flags(rest, ['email', 'name']);
        const token = await withAdminDatabase(config, 'token', (db) => createTokenForEmail(db.prisma, required(v, 'email'), v.name));
        process.stdout.write(`${token}\n`);
      }
      return;
  }
  throw new UsageError(`unknown command: ${argv.join(' ')}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    process.stderr.write(`casebook: ${(err as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (err instanceof ConfigError || err instanceof DirectoryLockedError || (err as { name?: string }).name === 'CommandError') {
    process.stderr.write(`casebook: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger('error');
  logger.fatal({ err }, 'casebook failed');
  process.stderr.write(`casebook: ${(err as Error).message ?? String(err)}\n`);
  process.exit(1);
});
