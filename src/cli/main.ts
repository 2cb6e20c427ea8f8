import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { DirectoryLockedError } from '../db/directory-lock';
import { createLogger } from '../logger';
import type { CliIo } from './cli-io';
import { UsageError } from './usage-error';
import type * as AdminCommands from './admin-commands';
import type * as Bootstrap from './bootstrap';
import type * as ImportJunit from './import-junit';
import type * as ImportCsv from './import-csv';
import type * as DbClient from '../db/client';
import type * as JobQueueModule from '../jobs/queue';
import type * as McpEndpointModule from '../mcp/http-endpoint';
import type * as McpServerModule from '../mcp/server';
import type * as Toolsets from '../mcp/toolsets';
import type * as ServerModule from '../server';

// The `casebook` command: runCli is the whole of it, given its arguments, output streams and
// environment, so tests run commands in process; bin/casebook.js only hands it the process's.
// The database and server modules load only for the commands that use them.

export type { CliIo, CliStream } from './cli-io';

/**
 * Loads a module when a command needs it: the server and database stack take a second or more
 * to load, which `help` and `import junit` (a plain HTTP client) should not pay.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = <T>(id: string): T => require(id) as T;

const usage = `Usage: casebook <command>

  serve                                     serve the API (applies pending migrations first)
  migrate                                   apply pending database migrations
  org create --name N                       create an organization
  user create --email E --name N --role R --org N
                                            create a user (or add a membership); R: Reader, User, Admin
  token create --email E [--name N]         create an API token; prints only the token
  mcp [--tools read|write|all] [--toolsets core,projects,tests,runs,insight,metadata,users,webhooks,all]
                                            MCP tool server on stdio (CASEBOOK_TOKEN; CASEBOOK_URL, else the app
                                            in-process). --tools read: only tools that change nothing; write: also
                                            those that create and edit, none that delete; all (default).
                                            --toolsets: only the tools of these sets (default: core, the tools of
                                            the common questions; all: every tool)
  import junit <file|dir|glob>... --url URL --token T --project ID [--run ID | --run-name N]
        [--create-missing] [--dry-run] [--status-map outcome:status,...] [--case-matcher auto|name|property]
        [--json] [--fail-on-unmatched] [--attachments-dir DIR]
        [--commit SHA] [--branch B] [--build-number N] [--build-url URL] [--ci-job J] [--no-ci-env]
        [--fail-on none|failures|new-failures] [--summary FILE]
                                            upload JUnit XML reports (merged into one import) to a running
                                            server; CASEBOOK_URL and CASEBOOK_TOKEN may replace --url, --token.
                                            UTF-8 (BOM or not) and UTF-16 files are read; XML of another root
                                            (a coverage report) is skipped with a note. A testcase is its test
                                            by a casebook_id property, else by its full path in the report;
                                            --case-matcher name also reads [C123] in names. --dry-run is planned
                                            afresh each time. Exit 1: HTTP or network error; 2: also a broken
                                            file (named with its line and column); 3: --fail-on-unmatched and
                                            a testcase matched no test or named an unknown id.
                                            --attachments-dir: also send the files the testcases name
                                            ([[ATTACHMENT|path]] lines, attachment properties) found under DIR.
                                            The run records its CI build (--commit etc.); flags not given are
                                            read from GitHub Actions, GitLab CI, CircleCI, Azure Pipelines or
                                            Jenkins variables, unless --no-ci-env. --fail-on: exit 1 when the
                                            run has failures (new-failures: ones that passed in the base run),
                                            after printing the comparison; --summary appends it as Markdown
  import csv FILE --url URL --token T --project ID [--preset testrail|qase|casebook] [--map "Header=field"]...
        [--dry-run] [--json]
                                            create test cases from a CSV file (another tool's export or a
                                            spreadsheet; UTF-8, comma or semicolon) on a running server. --preset
                                            reads TestRail's, Qase's or Casebook's export headers; --map reads a
                                            column into a field (title, section, steps, priority, labels, cf_<key>
                                            ...). All or nothing: any row error imports nothing. Exit 1: HTTP or
                                            network error, or a --dry-run that found row errors

Configuration comes from the environment (see README.md).`;

function flags(args: string[], names: string[]): Record<string, string | undefined> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
    strict: true,
    allowPositionals: false,
  });
  return values;
}

function required(values: Record<string, string | undefined>, name: string): string {
  const v = values[name]?.trim();
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
}

/** `mcp --tools … --toolsets …`; a level or set that does not exist is a usage error naming the valid ones. */
function mcpSelection(args: string[]): Toolsets.ToolSelection {
  const { parseToolSelection, ToolSelectionError } = load<typeof Toolsets>('../mcp/toolsets');
  const v = flags(args, ['tools', 'toolsets']);
  try {
    return parseToolSelection(v.tools, v.toolsets);
  } catch (err) {
    throw err instanceof ToolSelectionError ? new UsageError(err.message) : err;
  }
}

/** Commands that open the database apply pending migrations first. */
async function withDatabase<T>(config: Config, fn: (db: Database, applied: string[]) => Promise<T>): Promise<T> {
  const { openDatabase } = load<typeof DbClient>('../db/client');
  const database = await openDatabase(config);
  try {
    const applied = await database.migrate();
    // The job queue's tables come with the database's (a migrated test template holds them too).
    const { installJobQueue } = load<typeof JobQueueModule>('../jobs/queue');
    await database.exclusive(() => installJobQueue(database));
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
    const { throughRunningServer } = load<typeof AdminCommands>('./admin-commands');
    throw new DirectoryLockedError(`${err.message}\n\n${throughRunningServer(command, config.publicUrl)}`);
  }
}

/** Serves until SIGINT or SIGTERM, then resolves with the exit code: 0 stopped, 1 shutdown failed. */
async function serve(config: Config, io: CliIo): Promise<number> {
  const { startServer } = load<typeof ServerModule>('../server');
  const { bootstrapFirstAdmin } = load<typeof Bootstrap>('./bootstrap');
  const { createMcpEndpoint } = load<typeof McpEndpointModule>('../mcp/http-endpoint');
  // Remote MCP at /mcp: src/mcp sits above the app, so the entry point hands it over.
  const server = await startServer(config, undefined, { mounts: [(deps) => createMcpEndpoint(deps)] });
  // A promise nobody awaits (a background write while the database is away, say) must not end the server.
  process.on('unhandledRejection', (reason) => server.logger.warn({ err: reason }, 'unhandled rejection'));
  // Instances started together on a new database: one creates the first Admin, the others find it.
  const token = await server.database.exclusive(() => bootstrapFirstAdmin(server.database.prisma));
  if (token) {
    io.stdout.write(
      `\nFirst start: created organization "Default" and Admin admin@localhost.\n` +
        `Its API token (shown once, keep it):\n\n  ${token}\n\n` +
        `Try: curl -H "Authorization: Bearer ${token}" ${server.url}/api/v1/orgs\n\n`,
    );
  }
  server.logger.info({ url: server.url, database: server.database.kind }, 'Casebook is serving');
  return new Promise((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      server.logger.info({ signal }, 'shutting down');
      server.close().then(
        () => resolve(0),
        (err: unknown) => {
          server.logger.error({ err }, 'shutdown failed');
          resolve(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}

/** Resolves with the exit code of a command that has its own (serve, import junit, import csv), else when done. */
async function dispatch(argv: string[], io: CliIo): Promise<number | void> {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.stdout.write(`${usage}\n`);
    return;
  }
  if (command === 'import' && sub === 'junit') {
    // A client of a running server: no database, and none of the server's settings.
    const { importJunit } = load<typeof ImportJunit>('./import-junit');
    return importJunit(rest, io);
  }
  if (command === 'import' && sub === 'csv') {
    const { importCsv } = load<typeof ImportCsv>('./import-csv');
    return importCsv(rest, io);
  }
  const config = loadConfig(io.env);
  switch (command) {
    case 'serve':
      return serve(config, io);
    case 'mcp': {
      // Loaded only here: the other commands do not need the MCP SDK.
      const { runMcpServer } = load<typeof McpServerModule>('../mcp/server');
      await runMcpServer(config, mcpSelection(argv.slice(1)));
      // It ends the process itself when its client closes stdin (or on a signal).
      return new Promise<never>(() => {});
    }
    case 'migrate': {
      const applied = await withDatabase(config, async (_db, applied) => applied);
      io.stderr.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'the database is up to date\n');
      return;
    }
    case 'org':
      if (sub !== 'create') break;
      {
        const { createOrganization } = load<typeof AdminCommands>('./admin-commands');
        const v = flags(rest, ['name']);
        const org = await withAdminDatabase(config, 'org', (db) => createOrganization(db.prisma, required(v, 'name')));
        io.stdout.write(`${JSON.stringify(org)}\n`);
      }
      return;
    case 'user':
      if (sub !== 'create') break;
      {
        const { createOrUpdateUser } = load<typeof AdminCommands>('./admin-commands');
        const v = flags(rest, ['email', 'name', 'role', 'org']);
        const input = { email: required(v, 'email'), name: required(v, 'name'), role: required(v, 'role'), org: required(v, 'org') };
        const user = await withAdminDatabase(config, 'user', (db) => createOrUpdateUser(db.prisma, input));
        io.stdout.write(`${JSON.stringify(user)}\n`);
      }
      return;
    case 'token':
      if (sub !== 'create') break;
      {
        const { createTokenForEmail } = load<typeof AdminCommands>('./admin-commands');
        const v = flags(rest, ['email', 'name']);
        const token = await withAdminDatabase(config, 'token', (db) => createTokenForEmail(db.prisma, required(v, 'email'), v.name));
        io.stdout.write(`${token}\n`);
      }
      return;
  }
  throw new UsageError(`unknown command: ${argv.join(' ')}`);
}

/**
 * Runs one `casebook` command and resolves with its exit code, once it is done: 0 success,
 * 1 failed, 2 usage error (3: import junit --fail-on-unmatched found unmatched testcases). `serve`
 * resolves when a signal has stopped it; `mcp` never does (it ends the process itself).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return (await dispatch(argv, io)) ?? 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      // A broken input file (import junit) is told without the usage: the command line is fine.
      const showUsage = (err as { showUsage?: boolean }).showUsage !== false;
      io.stderr.write(`casebook: ${(err as Error).message}\n${showUsage ? `\n${usage}\n` : ''}`);
      return 2;
    }
    if (err instanceof ConfigError || err instanceof DirectoryLockedError || (err as { name?: string }).name === 'CommandError') {
      io.stderr.write(`casebook: ${(err as Error).message}\n`);
      return 1;
    }
    const logger = createLogger('error', io.stdout);
    logger.fatal({ err }, 'casebook failed');
    io.stderr.write(`casebook: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  }
}
