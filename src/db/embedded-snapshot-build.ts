import fs from 'node:fs';
import path from 'node:path';
import { openEmbedded } from './client';
import { currentSnapshot, installedPgliteVersion, localMigrations, SNAPSHOT_MANIFEST, type SnapshotManifest } from './embedded-snapshot';
import { migrationsDir } from './schema-engine';

// Makes the embedded database's snapshot (embedded-snapshot.ts) at build time: scripts/build-server.js
// runs prepareSnapshot in a process of its own once the server is compiled.

/** Makes a snapshot in `target` (replacing any): a new embedded database with every migration of `dir` applied. */
export async function buildSnapshot(target: string, dir = migrationsDir): Promise<SnapshotManifest> {
  const migrations = localMigrations(dir);
  if (!migrations) throw new Error(`a migration in ${dir} has no migration.sql`);
  // Made beside the target and swapped in whole: a restore meanwhile copies the old snapshot or none.
  const work = `${target}.tmp-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  try {
    const database = await openEmbedded(work, null);
    try {
      await database.migrate(dir);
    } finally {
      await database.close();
    }
    const manifest: SnapshotManifest = { pglite: installedPgliteVersion(), migrations };
    fs.writeFileSync(path.join(work, SNAPSHOT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(work, target);
    fs.rmSync(old, { recursive: true, force: true });
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts a snapshot of the current migrations in `target`: the previous build's (`previous`) when it
 * is one, moved over; else a new one.
 */
export async function prepareSnapshot(target: string, previous?: string): Promise<'kept' | 'made'> {
  if (previous && previous !== target && currentSnapshot(previous)) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(previous, target);
    return 'kept';
  }
  await buildSnapshot(target);
  return 'made';
}
