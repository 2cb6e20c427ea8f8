import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { S3BlobStore, type S3BlobStoreSettings } from '../../src/db/blobs/s3-blob-store';
import { loadConfig } from '../../src/config';
import { blobStoreContract } from '../support/blob-store-contract';
import { startS3Server, type S3TestServer } from '../support/s3-server';

// The S3 store against an S3-compatible server started here (test/support/s3-server.ts).

const MiB = 1024 * 1024;

function settingsFor(server: S3TestServer, presign = false): S3BlobStoreSettings {
  return {
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    forcePathStyle: true,
    presign,
    credentials: server.credentials,
  };
}

blobStoreContract('S3', async () => {
  const server = await startS3Server();
  const store = new S3BlobStore(settingsFor(server));
  const presigning = new S3BlobStore(settingsFor(server, true));
  const client = new S3Client({ region: server.region, endpoint: server.endpoint, forcePathStyle: true, credentials: server.credentials });
  return {
    store,
    presigning,
    async leftovers(prefix) {
      const answer = await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket, Prefix: prefix }));
      return (answer.Uploads ?? []).map((u) => `${u.Key} (upload ${u.UploadId})`);
    },
    async close() {
      await Promise.all([store.close(), presigning.close()]);
      client.destroy();
      await server.stop();
    },
  };
});

describe('S3 store', () => {
  let server: S3TestServer;
  let store: S3BlobStore;
  beforeAll(async () => {
    server = await startS3Server();
    store = new S3BlobStore(settingsFor(server));
  });
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('sends a large body as a multipart upload of 5 MB parts, and a small one as one PutObject', async () => {
    await server.takeOperations();
    await store.put('multipart/big', Readable.from([crypto.randomBytes(7 * MiB), crypto.randomBytes(6 * MiB)]));
    const operations = await server.takeOperations();
    expect(operations.filter((op) => op !== 'UploadPart')).toEqual(['CreateMultipartUpload', 'CompleteMultipartUpload']);
    expect(operations.filter((op) => op === 'UploadPart')).toHaveLength(3);
    await store.put('multipart/small', Readable.from([Buffer.from('small')]));
    expect(await server.takeOperations()).toEqual(['PutObject']);
  });

  it('rejects a put when the storage cannot be reached, leaving the body whole for its route to answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = new S3BlobStore({ ...settingsFor(server), endpoint: `http://127.0.0.1:${port}` });
    try {
      // A request body still arriving: endless here.
      const chunk = crypto.randomBytes(64 * 1024);
      const body = new Readable({
        read() {
          this.push(chunk);
        },
      });
      await expect(unreachable.put('unreachable/blob', body)).rejects.toThrow('ECONNREFUSED');
      // Not destroyed: an HTTP request body destroyed here would reset the client's connection.
      expect(body.destroyed).toBe(false);
      body.destroy();
    } finally {
      await unreachable.close();
    }
  });

  it('lists past the 1,000 keys of one ListObjectsV2 page', async () => {
    const keys = Array.from({ length: 1_050 }, (_, i) => `paged/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(keys.slice(i, i + 25).map((key) => store.put(key, Readable.from([Buffer.from(key)]))));
    }
    await server.takeOperations();
    const listed: string[] = [];
    for await (const entry of store.list('paged/')) listed.push(entry.key);
    expect(listed.sort()).toEqual(keys);
    expect(await server.takeOperations()).toEqual(['ListObjectsV2', 'ListObjectsV2']);
  }, 120_000);
});

describe('S3 store settings', () => {
  it('come from ATTACHMENT_S3_* and the standard AWS keys', async () => {
    const config = loadConfig({
      ATTACHMENT_S3_BUCKET: 'evidence',
      ATTACHMENT_S3_ENDPOINT: 'http://minio:9000',
      ATTACHMENT_S3_FORCE_PATH_STYLE: 'true',
      ATTACHMENT_S3_PRESIGN: 'true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.attachmentS3).toEqual({
      bucket: 'evidence',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      presign: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret', sessionToken: undefined },
    });
    await new S3BlobStore(config.attachmentS3!).close();
  });

  it('are absent without a bucket (attachments stay files), and default to AWS, virtual-hosted, no presign and the SDK chain', () => {
    expect(loadConfig({ ATTACHMENT_S3_BUCKET: '', AWS_ACCESS_KEY_ID: 'key-for-something-else' }).attachmentS3).toBeUndefined();
    expect(loadConfig({ ATTACHMENT_S3_BUCKET: 'evidence', ATTACHMENT_S3_REGION: 'eu-west-3' }).attachmentS3).toEqual({
      bucket: 'evidence',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      presign: false,
      credentials: undefined,
    });
  });

  it.each([
    [{ ATTACHMENT_S3_FORCE_PATH_STYLE: 'yes' }, 'ATTACHMENT_S3_FORCE_PATH_STYLE'],
    [{ ATTACHMENT_S3_PRESIGN: '1' }, 'ATTACHMENT_S3_PRESIGN'],
    [{ ATTACHMENT_S3_ENDPOINT: 'not a url' }, 'ATTACHMENT_S3_ENDPOINT'],
    [{ AWS_ACCESS_KEY_ID: 'key' }, 'AWS_SECRET_ACCESS_KEY'],
  ])('a bad value stops the process naming it: %j', (env, named) => {
    expect(() => loadConfig({ ATTACHMENT_S3_BUCKET: 'evidence', ...env })).toThrow(named);
  });
});
