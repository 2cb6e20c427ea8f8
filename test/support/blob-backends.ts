import { startS3Server } from './s3-server';

// The attachment stores every attachment test runs on (describe.each over `blobBackends`): each
// starts what it needs and says how the app is configured for it.

export interface BlobBackend {
  name: string;
  /** Starts the backend for one test file: the app's environment for it, and how to stop it. */
  start(): Promise<{ env: Record<string, string>; stop(): Promise<void> }>;
}

export const blobBackends: BlobBackend[] = [
  // Files under the test app's own data directory (createTestApp makes one).
  { name: 'files', start: async () => ({ env: {}, stop: async () => {} }) },
  // An S3-compatible server of the test's own (s3rver, test/support/s3-server.ts).
  {
    name: 's3',
    start: async () => {
      const server = await startS3Server();
      return {
        env: {
          ATTACHMENT_S3_BUCKET: server.bucket,
          ATTACHMENT_S3_ENDPOINT: server.endpoint,
          ATTACHMENT_S3_REGION: server.region,
          ATTACHMENT_S3_FORCE_PATH_STYLE: 'true',
          AWS_ACCESS_KEY_ID: server.credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
        },
        stop: () => server.stop(),
      };
    },
  },
];
