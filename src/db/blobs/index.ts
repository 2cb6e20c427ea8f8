import path from 'node:path';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';
import { localBlobStore } from './local-blob-store';

export { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store';

/**
 * The attachments' store the configuration asks for: files under CASEBOOK_DATA_DIR/attachments.
 * (The one place a backend is chosen: an S3-compatible bucket when ATTACHMENT_S3_BUCKET is set goes here.)
 */
export function openBlobStore(config: Pick<Config, 'dataDir'>): BlobStore {
  return localBlobStore(path.join(config.dataDir, 'attachments'));
}
