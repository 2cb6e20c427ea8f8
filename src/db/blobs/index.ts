import path from 'node:path';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';
import { localBlobStore } from './local-blob-store';
import type * as S3Store from './s3-blob-store';

export { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store';

/**
 * The attachments' store the configuration asks for (the one place a backend is chosen): an
 * S3-compatible bucket when ATTACHMENT_S3_BUCKET is set, else files under CASEBOOK_DATA_DIR/attachments.
 */
export function openBlobStore(config: Pick<Config, 'dataDir' | 'attachmentS3'>): BlobStore {
  if (config.attachmentS3) {
    // Loaded only here: the S3 client's modules cost ~23 MB resident that a server keeping files needn't carry.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above)
    const { S3BlobStore } = require('./s3-blob-store') as typeof S3Store;
    return new S3BlobStore(config.attachmentS3);
  }
  return localBlobStore(path.join(config.dataDir, 'attachments'));
}
