import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// An S3-compatible server started by the tests (s3rver from npm, test/support/s3-server-process.mjs),
// so `npm test` needs no MinIO, Docker or network.

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver's fixed key pair. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The S3 operations asked for since the last call (PutObject, UploadPart, ListObjectsV2, ...). */
  takeOperations(): Promise<string[]>;
  /** Stops the server and removes its objects. */
  stop(): Promise<void>;
}

/** Starts a server on a free loopback port, with an empty bucket in a temporary directory. */
export async function startS3Server(bucket = 'casebook-test'): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'casebook-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(__dirname, 's3-server-process.mjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const waiters: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiters.shift()?.(line));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`S3 test server exited (${code})`));
      child.once('exit', exited);
      waiters.push((line) => {
        child.off('exit', exited);
        resolve(line);
      });
    });
  const { endpoint } = JSON.parse(await nextLine()) as { endpoint: string };
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async takeOperations() {
      const answer = nextLine();
      child.stdin.write(`${JSON.stringify({ operations: true })}\n`);
      return (JSON.parse(await answer) as { operations: string[] }).operations;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.stdin.end();
        await exited;
      }
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
