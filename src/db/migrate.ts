import crypto from 'node:crypto';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { Exclusive } from './advisory-lock';
import { migrationsDir, noFilters, readMigrationsList, withSchemaEngine } from './schema-engine';

/** Runs one migration's whole script in a single transaction. */
export type ScriptRunner = (script: string) => Promise<void>;

/**
 * The driver adapters run a script statement by statement outside any
 * transaction (PostgreSQL) or without waiting for it (PGlite), so a migration
 * failing halfway would leave half its changes, or be recorded as applied. The
 * engine's scripts go through `runScript` instead: all of a migration or none.
 */
function atomicScripts(factory: SqlMigrationAwareDriverAdapterFactory, runScript: ScriptRunner): SqlMigrationAwareDriverAdapterFactory {
  const wrap = async (adapter: Promise<SqlDriverAdapter>) => Object.assign(await adapter, { executeScript: runScript });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => wrap(factory.connect()),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}

type MigrationsList = ReturnType<typeof readMigrationsList>;

/**
 * True when the database has applied exactly the migrations of the folder, each with the
 * script it has now, and none failed: the engine would then apply nothing. One query, so a
 * command on an up-to-date database need not load the schema engine (WebAssembly, about a
 * second to start). Anything else (no table yet, a pending, failed, edited or unknown
 * migration) is for the engine to apply or report.
 */
async function upToDate(factory: SqlMigrationAwareDriverAdapterFactory, list: MigrationsList): Promise<boolean> {
  const local = new Map<string, string>();
  for (const dir of list.migrationDirectories) {
    const content = dir.migrationFile.content;
    if (content.tag !== 'ok') return false;
    local.set(dir.path, crypto.createHash('sha256').update(content.value).digest('hex'));
  }
  const adapter = await factory.connect();
  try {
    // The engine keeps its table in the adapter's schema (public unless the adapter says otherwise).
    const schema = adapter.getConnectionInfo?.().schemaName ?? 'public';
    const table = `"${schema.replace(/"/g, '""')}"._prisma_migrations`;
    const query = async (sql: string) => (await adapter.queryRaw({ sql, args: [], argTypes: [] })).rows;
    const [[exists]] = await query(`SELECT to_regclass('${table.replace(/'/g, "''")}') IS NOT NULL`);
    if (exists !== true) return false;
    const rows = await query(`SELECT migration_name, checksum, finished_at IS NOT NULL FROM ${table} WHERE rolled_back_at IS NULL`);
    const names = new Set(rows.map(([name]) => name));
    if (rows.length !== local.size || names.size !== local.size) return false;
    return rows.every(([name, checksum, applied]) => applied === true && local.get(name as string) === checksum);
  } finally {
    await adapter.dispose();
  }
}

/**
 * Applies the pending migrations of prisma/migrations, each in its own
 * transaction, recorded in `_prisma_migrations` exactly as `prisma migrate deploy`
 * records them. Applying twice is a no-op. Under `exclusive` (the start-up lock) when there is
 * anything to apply: instances started together apply each migration once, and the others,
 * once they hold the lock, find nothing left.
 */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  runScript: ScriptRunner,
  exclusive: Exclusive,
  dir = migrationsDir,
): Promise<string[]> {
  const migrationsList = readMigrationsList(dir);
  if (await upToDate(factory, migrationsList)) return [];
  return exclusive(async () => {
    if (await upToDate(factory, migrationsList)) return [];
    return withSchemaEngine(atomicScripts(factory, runScript), async (engine) => {
      const out = await engine.applyMigrations({ migrationsList, filters: noFilters });
      return out.appliedMigrationNames;
    });
  });
}
