import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store';

// Blobs as files under one directory (CASEBOOK_DATA_DIR/attachments), a key's slashes its
// subdirectories. A blob is written to `<key>.tmp-<random>` beside its place, flushed to disk and
// renamed: a reader sees a whole file or none, and a crash leaves at most a temporary file, which
// names no record, so the attachment sweep removes it once it is old.

/** Keys are ours (src/domain/attachments), but a path is never built from one that could leave the root. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

function fileOf(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..')) throw new Error(`Unsafe blob key: ${key}`);
  return path.join(root, ...key.split('/'));
}

/** Flushes a file or directory to disk (a directory: so a rename in it survives a crash). */
async function sync(file: string, flags: string) {
  const handle = await fs.promises.open(file, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function* walk(root: string, dir: string): AsyncGenerator<BlobEntry> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile()) {
      const stat = await fs.promises.stat(full).catch(() => undefined);
      // Gone meanwhile (deleted, or a temporary file renamed): nothing to list.
      if (stat) yield { key: path.relative(root, full).split(path.sep).join('/'), modifiedAt: new Date(stat.mtimeMs) };
    }
  }
}

export function localBlobStore(root: string): BlobStore {
  const dir = path.resolve(root);
  return {
    kind: 'files',
    async put(key, body: Readable) {
      const file = fileOf(dir, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.tmp-${crypto.randomBytes(6).toString('hex')}`;
      try {
        await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
        await sync(temp, 'r+');
        await fs.promises.rename(temp, file);
      } catch (err) {
        body.destroy();
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
      await sync(path.dirname(file), 'r');
    },
    async get(key) {
      const file = fileOf(dir, key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFound(key);
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(dir, key), { force: true });
    },
    async *list(prefix = '') {
      for await (const entry of walk(dir, dir)) if (entry.key.startsWith(prefix)) yield entry;
    },
    presignedUrl: async () => undefined,
    close: async () => {},
  };
}
