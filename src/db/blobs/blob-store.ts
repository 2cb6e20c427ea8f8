import type { Readable } from 'node:stream';

// Where attachment bytes live (issue 24): files under CASEBOOK_DATA_DIR/attachments by default,
// or an S3-compatible bucket when ATTACHMENT_S3_BUCKET is set. The database holds what each
// blob is (name, type, size, hash, whose); a store holds only bytes under opaque keys.

/** One stored blob, as a store lists it (the sweep removes those no record names). */
export interface BlobEntry {
  key: string;
  modifiedAt: Date;
}

export interface BlobStore {
  /** Which backend, for logs and tests: 'files' or 's3'. */
  readonly kind: 'files' | 's3';
  /**
   * Stores the stream's bytes under `key` and resolves once they are durable. Never leaves part
   * of a blob: until it resolves, the bytes are under a temporary name (files) or an unfinished
   * multipart upload (S3); if the stream errors or is destroyed (a client gone mid-upload, a
   * limit passed), that is removed and the promise rejects with the stream's error.
   */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under `key`, streamed; rejects with a `BlobNotFound` when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, in no set order. */
  list(prefix?: string): AsyncIterable<BlobEntry>;
  /**
   * A URL that downloads the blob for `seconds` without Casebook (S3 with ATTACHMENT_S3_PRESIGN),
   * answering with the given headers; undefined when this store does not hand out URLs.
   */
  presignedUrl(key: string, answer: { seconds: number; contentType: string; contentDisposition: string }): Promise<string | undefined>;
  /** Frees what the store holds open (clients, sockets). */
  close(): Promise<void>;
}

/** `get` of a key with no bytes. */
export class BlobNotFound extends Error {
  constructor(readonly key: string) {
    super(`No blob under ${key}`);
    this.name = 'BlobNotFound';
  }
}
