import path from 'node:path';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';
import { localBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

export { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store';

/**
 * The attachments' store the configuration asks for (the one place a backend is chosen): an
 * S3-compatible bucket when ATTACHMENT_S3_BUCKET is set, else files under CASEBOOK_DATA_DIR/attachments.
 */
export function openBlobStore(config: Pick<Config, 'dataDir' | 'attachmentS3'>): BlobStore {
  if (config.attachmentS3) return new S3BlobStore(config.attachmentS3);
  return localBlobStore(path.join(config.dataDir, 'attachments'));
}
