import fs from 'node:fs';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

// Prisma's schema engine, run as WebAssembly over a driver adapter: the native
// engine binary the Prisma CLI would download is not available everywhere we run.

export const projectRoot = path.resolve(__dirname, '../..');
export const schemaPath = path.join(projectRoot, 'prisma/schema.prisma');
export const migrationsDir = path.join(projectRoot, 'prisma/migrations');

// The package is ESM: import() loads it from this CommonJS module, and gives its type.
const importEngine = () => import('@prisma/schema-engine-wasm/schema_engine_bg');
type EngineModule = Awaited<ReturnType<typeof importEngine>>;
type SchemaEngine = Awaited<ReturnType<EngineModule['SchemaEngine']['new']>>;

interface WasmApi {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let enginePromise: Promise<EngineModule> | undefined;

function loadEngineModule(): Promise<EngineModule> {
  enginePromise ??= (async () => {
    const bg = await importEngine();
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
    const bytes = fs.readFileSync(path.join(dir, 'schema_engine_bg.wasm'));
    // The wasm-bindgen glue expects its own module as the import object.
    const { instance } = await wasmApi.instantiate(bytes, { './schema_engine_bg.js': bg });
    (bg as unknown as { __wbg_set_wasm(w: unknown): void }).__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return enginePromise;
}

export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = fs.readFileSync(schemaPath, 'utf8');
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    return await fn(engine);
  } finally {
    engine.free();
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
