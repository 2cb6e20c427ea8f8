import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localBlobStore } from '../../src/db/blobs/local-blob-store';
import { blobStoreContract } from '../support/blob-store-contract';

// The local-files store passes the same contract as the S3 one: its leftovers are temporary files.

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

blobStoreContract('files', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'casebook-blobs-'));
  const store = localBlobStore(dir);
  return {
    store,
    async leftovers(prefix) {
      return (await filesUnder(dir)).filter((f) => f.split(path.sep).join('/').startsWith(prefix) && f.includes('.tmp-'));
    },
    async close() {
      await store.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
});
