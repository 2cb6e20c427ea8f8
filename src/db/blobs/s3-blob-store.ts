import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store';

/** How to reach the bucket: ATTACHMENT_S3_* (src/config.ts). */
export type S3BlobStoreSettings = NonNullable<Config['attachmentS3']>;

// S3's smallest part. An upload fills a part, sends it, then fills the next: it holds two parts'
// buffers whatever the blob's size, so five parallel 200 MB uploads stay within tens of MB.
// (lib-storage's Upload holds parts in flight, the one filling and the buffers it concatenates
// them from: five such uploads took the server to 297 MB.)
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The stream's bytes in parts of PART_BYTES (the last one shorter). Two buffers take turns: a
 * part stays valid until the part after the next is asked for, so the caller may hold two (the
 * first two, to tell a one-part blob) and must send each before asking for the one after the
 * next. Buffers allocated per part waited for the garbage collector: 100 MB more RSS. The
 * stream's own error (a limit passed, a client gone) ends it, as a premature close does.
 */
async function* partsOf(body: Readable): AsyncGenerator<Buffer> {
  const buffers = [Buffer.allocUnsafe(PART_BYTES), Buffer.allocUnsafe(PART_BYTES)];
  let turn = 0;
  let part = buffers[turn];
  let filled = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(PART_BYTES - filled, chunk.length - at);
      chunk.copy(part, filled, at, at + n);
      filled += n;
      at += n;
      if (filled === PART_BYTES) {
        yield part;
        turn ^= 1;
        part = buffers[turn];
        filled = 0;
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled);
}

/** A 404 for the key (S3's NoSuchKey, or a bare 404 from some compatible servers), not for the bucket. */
const isMissingKey = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket');

/** Blobs as objects in one bucket, under their keys as they are. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly presign: boolean;

  constructor(settings: S3BlobStoreSettings) {
    this.bucket = settings.bucket;
    this.presign = settings.presign;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Absent: the SDK's own chain (environment, profile, instance or task role).
      credentials: settings.credentials,
      // Checksums only where S3 demands them: many S3-compatible servers reject the newer
      // default ones, and TLS and the part ETags already guard the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable): Promise<void> {
    const parts = partsOf(body);
    const first = await parts.next();
    const head = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    // One part: a plain PUT.
    if (second.done) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: head }));
      return;
    }
    const { UploadId: uploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    if (!uploadId) throw new Error(`S3 started no multipart upload for ${key}`);
    try {
      const done: { ETag: string | undefined; PartNumber: number }[] = [];
      const send = async (part: Buffer) => {
        const PartNumber = done.length + 1;
        const answer = await this.client.send(
          new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: part }),
        );
        done.push({ ETag: answer.ETag, PartNumber });
      };
      await send(head);
      await send(second.value);
      // Not for-await: leaving it on a failed send would destroy the request body, which its route
      // still reads to answer with an error rather than a reset connection.
      for (let next = await parts.next(); !next.done; next = await parts.next()) await send(next.value);
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: done } }),
      );
    } catch (err) {
      await this.abortUpload(key, uploadId);
      throw err;
    }
  }

  /** Drops an unfinished multipart upload's parts; a second try covers a dropped connection. */
  private async abortUpload(key: string, uploadId: string): Promise<void> {
    const command = new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId });
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(command);
        return;
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'NoSuchUpload') return;
        // Beyond this, the bucket's lifecycle rule for incomplete uploads is the safety net (README).
        if (attempt >= 2) return;
      }
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
      return answer.Body;
    } catch (err) {
      if (isMissingKey(err)) throw new BlobNotFound(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there; some compatible servers answer 404.
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissingKey(err)) throw err;
    }
  }

  async *list(prefix?: string): AsyncIterable<BlobEntry> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix || undefined })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  async presignedUrl(
    key: string,
    answer: { seconds: number; contentType: string; contentDisposition: string },
  ): Promise<string | undefined> {
    if (!this.presign) return undefined;
    // The answer's headers are part of the signature: the URL cannot be reused to serve the
    // bytes as something else (as markup, say).
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: answer.contentType,
      ResponseContentDisposition: answer.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: answer.seconds });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
