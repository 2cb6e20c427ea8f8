import type supertest from 'supertest';
import { createTestApp, type TestApp } from './app';
import type { BlobBackend } from './blob-backends';

// Uploads through POST /attachment/upload, and what the store and the table hold, to show
// what a refused or cut upload left behind (nothing).

export interface UploadFile {
  name: string;
  content: Buffer | string;
  /** The type the client claims (the server sniffs the bytes anyway). */
  type?: string;
}

/** The test app on `backend`, with the settings of `env`; `stop` closes both. */
export async function attachmentApp(backend: BlobBackend, env: Record<string, string> = {}): Promise<TestApp & { stop(): Promise<void> }> {
  const started = await backend.start();
  const t = await createTestApp({ ...started.env, ...env });
  return Object.assign(t, {
    stop: async () => {
      await t.close();
      await started.stop();
    },
  });
}

/** An upload of `files` as parts named `file`, with the token's Bearer. */
export function upload(t: TestApp, token: string, query: Record<string, number>, files: UploadFile[]): supertest.Test {
  let req = t.http.post('/api/v1/attachment/upload').query(query).set('Authorization', `Bearer ${token}`);
  for (const f of files) {
    const content = typeof f.content === 'string' ? Buffer.from(f.content) : f.content;
    req = req.attach('file', content, { filename: f.name, contentType: f.type ?? 'application/octet-stream' });
  }
  return req;
}

/** Every key the store holds (temporary files included). */
export async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.blobs.list()) keys.push(entry.key);
  return keys.sort();
}

/** The attachment rows and the store's keys: what a refused upload must leave as it found. */
export async function attachmentState(t: TestApp) {
  const rows = await t.db.attachment.count();
  return { rows, keys: await storedKeys(t) };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
