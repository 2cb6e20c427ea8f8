import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../db/blobs';
import { AppError } from '../../core/errors';
import { ContentSniffer } from './content-type';
import type { NewAttachment } from './data';

// One uploaded file on its way to the blob store: counted, hashed and sniffed as it passes,
// never held whole. Past a limit the stream fails, and the store drops what it had written.

const MB = 1024 * 1024;

export const fileTooLarge = (fileName: string, maxBytes: number) =>
  new AppError('payload_too_large', `${fileName}: larger than the limit of ${maxBytes / MB} MB a file (ATTACHMENT_MAX_MB)`);
export const quotaExceeded = (quotaBytes: number) =>
  new AppError('quota_exceeded', `The organization's attachments would pass its quota of ${quotaBytes / MB} MB (ATTACHMENT_QUOTA_MB)`);

export interface FileLimits {
  maxFileBytes: number;
  /** Bytes the organization's quota has left (Infinity: no quota). */
  quotaLeft: number;
  quotaBytes: number;
}

/** Streams `body` into the store under `key`; resolves with what it stored once the bytes are durable. */
export async function storeFile(
  blobs: BlobStore,
  key: string,
  fileName: string,
  body: Readable,
  limits: FileLimits,
): Promise<NewAttachment> {
  const hash = crypto.createHash('sha256');
  const sniffer = new ContentSniffer();
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limits.maxFileBytes) return done(fileTooLarge(fileName, limits.maxFileBytes));
      if (size > limits.quotaLeft) return done(quotaExceeded(limits.quotaBytes));
      hash.update(chunk);
      sniffer.update(chunk);
      done(null, chunk);
    },
  });
  // A fault of either side reaches the store through `meter` (pipeline destroys it with the error): its put rejects with it.
  const feeding = pipeline(body, meter).catch(() => {});
  await blobs.put(key, meter);
  await feeding;
  return { fileName, contentType: await sniffer.contentType(), size, sha256: hash.digest('hex'), storageKey: key };
}
