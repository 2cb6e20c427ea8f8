import { PassThrough, Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { BlobNotFound, type BlobEntry, type BlobStore } from './blob-store';

/** How to reach the bucket: ATTACHMENT_S3_* (src/config.ts). */
export type S3BlobStoreSettings = NonNullable<Config['attachmentS3']>;

// S3's smallest part, QUEUE of them sent at once: an upload holds a few parts in memory (those
// in flight, the one filling) whatever the blob's size, so five parallel uploads stay within
// tens of MB.
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

const prematureClose = () => Object.assign(new Error('The body was destroyed before its end'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

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
    // The SDK destroys the stream it reads when S3 fails; it reads a copy, so a request body
    // stays whole and its route can still answer with an error instead of a reset connection.
    const feed = new PassThrough();
    // The stream's own error is what the caller acts on (a limit passed, a client gone), not
    // the SDK's wrapping of it. These listeners stay: an error after a failed put is no crash.
    let bodyError: Error | undefined = body.errored ?? undefined;
    body.on('error', (err: Error) => {
      bodyError ??= err;
      feed.destroy(err);
    });
    body.on('close', () => {
      if (!body.readableEnded) feed.destroy(prematureClose());
    });
    if (body.destroyed && !body.readableEnded) throw bodyError ?? prematureClose();
    body.pipe(feed);
    // Parts are left for us to abort, so a failed abort cannot hide the stream's error.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: feed },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (err) {
      body.unpipe(feed);
      if (upload.uploadId) await this.abortUpload(key, upload.uploadId);
      throw bodyError ?? err;
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
