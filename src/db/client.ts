import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '../generated/prisma/client';
import type { Config } from '../config';
import { applyMigrations, type ScriptRunner } from './migrate';
import { acquireDirectoryLock } from './directory-lock';

export type Db = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  kind: 'postgresql' | 'embedded';
  /** Applies pending migrations (of prisma/migrations unless told); returns the names it applied. */
  migrate(dir?: string): Promise<string[]>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

type DbConfig = Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'databaseConnectTimeoutMs' | 'dataDir'>;

export async function openDatabase(config: DbConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config, config.databaseUrl) : openEmbedded(config.dataDir);
}

function fromFactory(
  kind: Database['kind'],
  factory: SqlMigrationAwareDriverAdapterFactory,
  runScript: ScriptRunner,
  onClose: () => Promise<void> = async () => {},
): Database {
  const prisma = new PrismaClient({ adapter: factory });
  return {
    prisma,
    kind,
    migrate: (dir) => applyMigrations(factory, runScript, dir),
    ping: async () => {
      await prisma.$queryRawUnsafe('SELECT 1');
    },
    close: async () => {
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

function openPostgres(config: DbConfig, url: string): Database {
  const factory = new PrismaPg(
    { connectionString: url, max: config.databasePoolSize, connectionTimeoutMillis: config.databaseConnectTimeoutMs },
    { statementNameGenerator: statementName },
  );
  // A migration's script runs on a connection of its own, in one transaction.
  const runScript: ScriptRunner = async (script) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: config.databaseConnectTimeoutMs });
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
  return fromFactory('postgresql', factory, runScript);
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirectoryLock(dir);
  try {
    // Loaded only here: the embedded engine's modules cost ~60 MB that a PostgreSQL deployment needn't carry.
    const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
    const { PrismaPGlite } = require('pglite-prisma-adapter') as typeof import('pglite-prisma-adapter');
    const pg = await PGlite.create({ dataDir: path.join(dir, 'pglite') });
    const runScript: ScriptRunner = async (script) => {
      await pg.transaction((tx) => tx.exec(script));
    };
    return fromFactory('embedded', new PrismaPGlite(pg), runScript, async () => {
      await pg.close();
      release();
    });
  } catch (err) {
    release();
    throw err;
  }
}
