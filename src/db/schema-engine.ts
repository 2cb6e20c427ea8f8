import fs from 'node:fs';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { loadSchemaEngine, type EngineModule } from './schema-engine-wasm';

// Prisma's schema engine, run as WebAssembly over a driver adapter: the native
// engine binary the Prisma CLI would download is not available everywhere we run.

export const projectRoot = path.resolve(__dirname, '../..');
export const schemaPath = path.join(projectRoot, 'prisma/schema.prisma');
export const migrationsDir = path.join(projectRoot, 'prisma/migrations');

type SchemaEngine = Awaited<ReturnType<EngineModule['SchemaEngine']['new']>>;

/**
 * Runs `fn` with a schema engine of its own over `factory`. When this settles the engine
 * is freed and nothing of ours holds its WebAssembly: the instance, its module and its
 * memory are garbage (see schema-engine-wasm.ts).
 */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const loaded = await loadSchemaEngine();
  try {
    const schema = fs.readFileSync(schemaPath, 'utf8');
    const adapter = bindMigrationAwareSqlAdapterFactory(factory);
    const engine = await loaded.module.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, adapter);
    try {
      return await fn(engine);
    } finally {
      engine.free();
    }
  } finally {
    loaded.unload();
  }
}

export const noFilters = { externalTables: [], externalEnums: [] };

/** The migrations folder in the form the engine reads it. */
export function readMigrationsList(dir = migrationsDir) {
  const dirs = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => {
      const file = path.join(dir, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: fs.existsSync(file)
            ? { tag: 'ok' as const, value: fs.readFileSync(file, 'utf8') }
            : { tag: 'error' as const, value: `${file} is missing` },
        },
      };
    }),
  };
}

export function schemaDatamodelTarget() {
  return { tag: 'schemaDatamodel' as const, files: [{ path: schemaPath, content: fs.readFileSync(schemaPath, 'utf8') }] };
}
