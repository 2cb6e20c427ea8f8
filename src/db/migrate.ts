import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { noFilters, readMigrationsList, withSchemaEngine } from './schema-engine';

/**
 * Applies the pending migrations of prisma/migrations, each in its own
 * transaction, recorded in `_prisma_migrations` exactly as `prisma migrate deploy`
 * records them. Applying twice is a no-op.
 */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  return withSchemaEngine(factory, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: readMigrationsList(), filters: noFilters });
    return out.appliedMigrationNames;
  });
}
