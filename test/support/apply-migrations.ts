// Applies the migrations of a given folder through the project's own database
// layer; for tests, which cannot load the WASM schema engine inside jest.
// Usage: tsx test/support/apply-migrations.ts <dir> (with DATABASE_URL or CASEBOOK_DATA_DIR set)
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';

async function main() {
  // A new embedded database is created empty, not copied from the build's snapshot of the project's migrations.
  const database = await openDatabase(loadConfig(), undefined, { embeddedSnapshot: null });
  try {
    process.stdout.write(`${JSON.stringify(await database.migrate(process.argv[2]))}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${(err as Error).message ?? String(err)}\n`);
    process.exit(1);
  },
);
