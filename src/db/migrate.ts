import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
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

/**
 * Applies the pending migrations of prisma/migrations, each in its own
 * transaction, recorded in `_prisma_migrations` exactly as `prisma migrate deploy`
 * records them. Applying twice is a no-op.
 */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  runScript: ScriptRunner,
  dir = migrationsDir,
): Promise<string[]> {
  return withSchemaEngine(atomicScripts(factory, runScript), async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: readMigrationsList(dir), filters: noFilters });
    return out.appliedMigrationNames;
  });
}
