import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsDir, projectRoot, readMigrationsList } from './schema-engine';

// A new embedded database starts as a copy of a snapshot made at build time (scripts/build-server.js,
// embedded-snapshot-build.ts): a database PGlite created and every migration was applied to. Creating
// one instead (initdb, then the migrations through the schema engine) costs a first command ~3 s
// of CPU; copying the snapshot's ~40 MB, a few tenths of a second at most. The data directory itself
// is copied, not a dumpDataDir() tarball given to PGlite.create's loadDataDir: PGlite writes the same
// files through its own file system, and only into a database it then keeps open, so a copy made
// beside the data directory and renamed into place would cost a second start (~1 s more, measured).

/** Where the build puts the snapshot: beside the compiled server, whether this module runs from dist/ or src/. */
export const defaultSnapshotDir = path.join(projectRoot, 'dist', 'embedded-db');
/** In a snapshot folder: the database (a PGlite data directory) and what it holds. */
export const SNAPSHOT_DATA = 'pglite';
export const SNAPSHOT_MANIFEST = 'snapshot.json';

export interface SnapshotManifest {
  /** The PGlite that made the data directory; another version may not read it. */
  pglite: string;
  /** The migrations applied to it, in order, with their checksums as _prisma_migrations records them. */
  migrations: { name: string; checksum: string }[];
}

export function installedPgliteVersion(): string {
  // The package's exports leave out its package.json; it sits above its entry point (dist/index.cjs).
  const entry = require.resolve('@electric-sql/pglite');
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The migrations of a folder as a snapshot's manifest lists them; null when one has no script. */
export function localMigrations(dir = migrationsDir): SnapshotManifest['migrations'] | null {
  const list = readMigrationsList(dir).migrationDirectories;
  if (list.some((m) => m.migrationFile.content.tag !== 'ok')) return null;
  return list.map((m) => ({ name: m.path, checksum: crypto.createHash('sha256').update(m.migrationFile.content.value).digest('hex') }));
}

function readManifest(snapshotDir: string): SnapshotManifest | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(snapshotDir, SNAPSHOT_MANIFEST), 'utf8')) as SnapshotManifest;
    if (typeof manifest.pglite !== 'string' || !Array.isArray(manifest.migrations)) return null;
    return manifest;
  } catch {
    return null;
  }
}

const sameMigration = (a: { name: string; checksum: string }, b: { name: string; checksum: string }) =>
  a.name === b.name && a.checksum === b.checksum;

/**
 * The snapshot's manifest when a new database may start from it: made by the installed PGlite,
 * and its migrations are the first ones of the folder, unchanged (the rest are applied after it,
 * as on any database). Else null: a database made by another PGlite, or holding a migration
 * since edited or removed, is not one the folder's migrations would have made.
 */
export function usableSnapshot(snapshotDir: string, dir = migrationsDir): SnapshotManifest | null {
  const manifest = readManifest(snapshotDir);
  if (!manifest || manifest.pglite !== installedPgliteVersion()) return null;
  const local = localMigrations(dir);
  if (!local || manifest.migrations.length > local.length) return null;
  if (!manifest.migrations.every((m, i) => sameMigration(m, local[i]))) return null;
  return fs.existsSync(path.join(snapshotDir, SNAPSHOT_DATA, 'PG_VERSION')) ? manifest : null;
}

/** True when the snapshot holds exactly the folder's migrations: a build keeps it rather than making it again. */
export function currentSnapshot(snapshotDir: string, dir = migrationsDir): boolean {
  const manifest = usableSnapshot(snapshotDir, dir);
  return manifest !== null && manifest.migrations.length === localMigrations(dir)!.length;
}

function copyTree(from: string, to: string): void {
  fs.mkdirSync(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(source, path.join(to, entry.name));
    else fs.copyFileSync(source, path.join(to, entry.name));
  }
}

/**
 * Creates the data directory `dataPath` (absent, or an empty directory) as a copy of the snapshot,
 * and returns the names of the migrations it holds; null, leaving `dataPath` alone, when the
 * snapshot is missing or not usable. The copy is made beside it and renamed into place, so a
 * process that dies meanwhile leaves no half database: only a copy that the next restore in the
 * same parent (under its directory lock, see directory-lock.ts) deletes.
 */
export function restoreSnapshot(snapshotDir: string, dataPath: string): string[] | null {
  const parent = path.dirname(dataPath);
  const prefix = `${path.basename(dataPath)}.restore-`;
  for (const name of fs.readdirSync(parent))
    if (name.startsWith(prefix)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  const manifest = usableSnapshot(snapshotDir);
  if (!manifest) return null;
  const copy = path.join(parent, `${prefix}${process.pid}`);
  try {
    copyTree(path.join(snapshotDir, SNAPSHOT_DATA), copy);
    if (fs.existsSync(dataPath)) fs.rmdirSync(dataPath); // empty (see openEmbedded); fails on anything else
    fs.renameSync(copy, dataPath);
  } catch {
    // An unreadable snapshot (a build being replaced, say): the database is created as without one.
    fs.rmSync(copy, { recursive: true, force: true });
    return null;
  }
  return manifest.migrations.map((m) => m.name);
}
