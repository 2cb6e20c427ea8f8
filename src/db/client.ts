import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient, type Prisma } from '../generated/prisma/client';
import type { Config } from '../config';
import { createLogger, type Logger } from '../logger';
import { applyMigrations, type ScriptRunner } from './migrate';
import { advisoryLock, alone, type Exclusive } from './advisory-lock';
import { acquireDirectoryLock } from './directory-lock';
import { defaultSnapshotDir, restoreSnapshot } from './embedded-snapshot';
import { keepWasmAtBaselineTier } from './wasm-tiering';
import { attachReadPool } from './raw-read';
import { pgliteNotifications, postgresNotifications, type Notifications } from './notifications';
import { pgliteSqlClient, type SqlClient } from './sql-client';

export type Db = PrismaClient;
/** The client a `$transaction` callback gets. */
export type Tx = Prisma.TransactionClient;
/** What data-access functions take, so a service can compose them inside one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  prisma: PrismaClient;
  kind: 'postgresql' | 'embedded';
  /** LISTEN/NOTIFY: one listening connection for the process, opened on the first subscription. */
  notifications: Notifications;
  /** Plain SQL beside Prisma, for the libraries that speak pg: the shared rate limits and the job queue. */
  sql: SqlClient;
  /**
   * Applies pending migrations (of prisma/migrations unless told); returns the names it applied.
   * Safe with several instances starting together: it takes the start-up lock (`exclusive`).
   */
  migrate(dir?: string): Promise<string[]>;
  /** Runs start-up work (derived rows, the first Admin) while no other instance runs its own. Not nested. */
  exclusive: Exclusive;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

type DbConfig = Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'databaseConnectTimeoutMs' | 'dataDir' | 'logLevel'>;

export interface OpenOptions {
  /**
   * The snapshot a new embedded database starts from (embedded-snapshot.ts), by default the
   * build's; null: PGlite creates it. Null for a database that gets other migrations than the project's.
   */
  embeddedSnapshot?: string | null;
}

export async function openDatabase(
  config: DbConfig,
  logger: Logger = createLogger(config.logLevel),
  options: OpenOptions = {},
): Promise<Database> {
  return config.databaseUrl ? openPostgres(config, config.databaseUrl, logger) : openEmbedded(config.dataDir, options.embeddedSnapshot);
}

function fromFactory(
  kind: Database['kind'],
  factory: SqlMigrationAwareDriverAdapterFactory,
  runScript: ScriptRunner,
  notifications: Notifications,
  sql: SqlClient,
  exclusive: Exclusive,
  onClose: () => Promise<void> = async () => {},
  pool?: pg.Pool,
): Database {
  const prisma = new PrismaClient({ adapter: factory });
  if (pool) attachReadPool(prisma, pool);
  return {
    prisma,
    kind,
    notifications,
    sql,
    migrate: (dir) => applyMigrations(factory, runScript, exclusive, dir),
    exclusive,
    ping: async () => {
      await prisma.$queryRawUnsafe('SELECT 1');
    },
    close: async () => {
      await notifications.close();
      await prisma.$disconnect();
      await onClose();
    },
  };
}

// Named statements are parsed and planned once per connection instead of on
// every call. Only small statements are named: bulk writes vary in their number
// of parameters and would fill each connection's statement cache.
const MAX_CACHED_STATEMENT_ARGS = 64;
function statementName(query: { sql: string; args: unknown[] }): string {
  if (query.args.length > MAX_CACHED_STATEMENT_ARGS) return undefined as unknown as string;
  return `cb_${crypto.createHash('sha1').update(query.sql).digest('base64url')}`;
}

/**
 * The pool of the app's connections. pg emits 'error' on a client whose
 * connection breaks, idle or checked out, and an 'error' event nobody listens
 * to ends the process; so every client gets a listener for its whole life. The
 * pool itself drops a broken client (when idle, or when it is released) and
 * opens a new one for the next query.
 */
function connectionPool(config: DbConfig, url: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: config.databasePoolSize,
    connectionTimeoutMillis: config.databaseConnectTimeoutMs,
  });
  pool.on('connect', (client) => {
    let reported = false; // a cut connection reports twice (the socket error, then its end)
    client.on('error', (err) => {
      if (!reported) logger.warn({ err }, 'database connection lost');
      reported = true;
    });
  });
  pool.on('error', () => {}); // an idle client's error, already logged by the client's own listener
  return pool;
}

function openPostgres(config: DbConfig, url: string, logger: Logger): Database {
  keepWasmAtBaselineTier(); // before Prisma's query compiler and the schema engine load
  // The pool is ours, not the adapter's: the schema engine disposes of its adapters after a migration,
  // and the app's pool must outlive that. It ends with the database.
  const pool = connectionPool(config, url, logger);
  const factory = new PrismaPg(pool, { statementNameGenerator: statementName });
  // A migration's script runs on a connection of its own, in one transaction.
  const runScript: ScriptRunner = async (script) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: config.databaseConnectTimeoutMs });
    client.on('error', () => {}); // a broken connection also fails the pending query, which reports it
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(script);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      await client.end();
    }
  };
  const notifications = postgresNotifications(url, logger, { connectTimeoutMs: config.databaseConnectTimeoutMs });
  const executeSql: SqlClient['executeSql'] = async (text, values) => {
    // A script answers one result per statement: the last one's rows.
    const result = (await pool.query(text, values)) as unknown as
      pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[];
    const last = Array.isArray(result) ? result.at(-1) : result;
    return { rows: last?.rows ?? [] };
  };
  const sql: SqlClient = { query: (q) => pool.query(q), executeSql };
  const exclusive = advisoryLock(url, config.databaseConnectTimeoutMs);
  return fromFactory('postgresql', factory, runScript, notifications, sql, exclusive, () => pool.end(), pool);
}

/** True when there is no database in `dataPath` yet: the directory is absent or empty. */
function noDatabaseYet(dataPath: string): boolean {
  try {
    return fs.readdirSync(dataPath).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** The embedded database (PGlite) in `dataDir`, a new one started from `snapshotDir` when it is usable. */
export async function openEmbedded(dataDir: string, snapshotDir: string | null = defaultSnapshotDir): Promise<Database> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirectoryLock(dir);
  try {
    const dataPath = path.join(dir, 'pglite');
    // A new database is a copy of the build's snapshot when there is a usable one, else PGlite creates it.
    let fromSnapshot = snapshotDir && noDatabaseYet(dataPath) ? restoreSnapshot(snapshotDir, dataPath) : null;
    // Loaded only here: the embedded engine's modules cost ~60 MB that a PostgreSQL deployment needn't carry.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above); a top-level import would always load it
    const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose, as PGlite above
    const { PrismaPGlite } = require('pglite-prisma-adapter') as typeof import('pglite-prisma-adapter');
    const pg = await PGlite.create({ dataDir: dataPath });
    const runScript: ScriptRunner = async (script) => {
      await pg.transaction((tx) => tx.exec(script));
    };
    const database = fromFactory(
      'embedded',
      new PrismaPGlite(pg),
      runScript,
      pgliteNotifications(pg),
      pgliteSqlClient(pg),
      alone,
      async () => {
        await pg.close();
        release();
      },
    );
    // The snapshot's migrations count as applied by the first migration: before it there was no database.
    return {
      ...database,
      migrate: async (migrations) => {
        const applied = await database.migrate(migrations);
        const restored = fromSnapshot ?? [];
        fromSnapshot = null;
        return [...restored, ...applied];
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
