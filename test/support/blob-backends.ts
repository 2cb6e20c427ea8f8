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
];
