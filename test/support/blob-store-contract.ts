import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobNotFound, type BlobStore } from '../../src/db/blobs/blob-store';

// What every BlobStore must do, whatever holds the bytes: a backend's test file calls
// blobStoreContract with a way to open a fresh store of its kind (test/db/s3-blob-store.test.ts).

export interface BlobStoreUnderTest {
  store: BlobStore;
  /**
   * What a failed put could leave behind, by the backend's own means (temporary files, unfinished
   * multipart uploads), under `prefix`: the contract expects none after any put.
   */
  leftovers(prefix: string): Promise<string[]>;
  /** The same storage handing out presigned URLs, for a backend that can (S3 with presign on). */
  presigning?: BlobStore;
  /** Stops what `open` started. */
  close(): Promise<void>;
}

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** `total` bytes of `source`, in chunks as a network stream would bring them. */
function streamOf(source: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < source.length; at += CHUNK) yield source.subarray(at, at + CHUNK);
    })(),
    { objectMode: false },
  );
}

/** `total` bytes from one reused buffer: a large body that costs the test no memory itself. */
function patternStream(total: number, onChunk?: () => void): Readable {
  const chunk = crypto.randomBytes(CHUNK);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(CHUNK, total - sent);
      sent += n;
      onChunk?.();
      this.push(n === CHUNK ? chunk : chunk.subarray(0, n));
    },
  });
}

/** A body that brings `before` bytes, then fails as a cut-off request or a passed limit does. */
function failingStream(before: number, how: { error: Error } | 'destroy'): Readable {
  let sent = 0;
  const chunk = crypto.randomBytes(CHUNK);
  return new Readable({
    read() {
      if (sent >= before) {
        if (how === 'destroy') this.destroy();
        else this.destroy(how.error);
        return;
      }
      sent += CHUNK;
      this.push(chunk);
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Registers the contract's tests for one backend. */
export function blobStoreContract(backend: string, open: () => Promise<BlobStoreUnderTest>): void {
  describe(`BlobStore contract: ${backend}`, () => {
    let under: BlobStoreUnderTest;
    let store: BlobStore;
    // Each test writes under a prefix of its own, so tests never see each other's blobs.
    let root: string;

    beforeAll(async () => {
      under = await open();
      store = under.store;
    });
    afterAll(async () => {
      await under?.close();
    });
    beforeEach(() => {
      root = `contract-${crypto.randomUUID()}/`;
    });

    it('gives back the bytes it stored, for a body of several MB streamed in small chunks', async () => {
      // Over 5 MB: S3 stores it as a multipart upload of several parts.
      const bytes = crypto.randomBytes(13 * MiB + 12_345);
      await store.put(`${root}big`, streamOf(bytes));
      const back = await readAll(await store.get(`${root}big`));
      expect(back.length).toBe(bytes.length);
      expect(sha256(back)).toBe(sha256(bytes));
      expect(await under.leftovers(root)).toEqual([]);
    });

    it('stores small and empty bodies, and a second put under a key replaces the first', async () => {
      await store.put(`${root}empty`, streamOf(Buffer.alloc(0)));
      expect((await readAll(await store.get(`${root}empty`))).length).toBe(0);
      await store.put(`${root}small`, streamOf(Buffer.from('first')));
      await store.put(`${root}small`, streamOf(Buffer.from('second, longer')));
      expect((await readAll(await store.get(`${root}small`))).toString()).toBe('second, longer');
    });

    it.each([
      ['errors', 7 * MiB],
      ['errors', 100 * 1024],
      ['is destroyed', 7 * MiB],
    ])('a body that %s after %d bytes rejects the put and leaves nothing behind', async (how, before) => {
      const error = new Error('client went away');
      const body = failingStream(before, how === 'errors' ? { error } : 'destroy');
      const put = store.put(`${root}cut`, body);
      if (how === 'errors') await expect(put).rejects.toBe(error);
      else await expect(put).rejects.toThrow();
      await expect(store.get(`${root}cut`)).rejects.toBeInstanceOf(BlobNotFound);
      expect(await keysUnder(store, root)).toEqual([]);
      expect(await under.leftovers(root)).toEqual([]);
    });

    it('rejects a get of a key with no bytes with BlobNotFound naming the key', async () => {
      const key = `${root}never-stored`;
      const get = store.get(key);
      await expect(get).rejects.toBeInstanceOf(BlobNotFound);
      await expect(get).rejects.toMatchObject({ key });
    });

    it('deletes a blob, and deleting it again (or a key never stored) is no error', async () => {
      await store.put(`${root}gone`, streamOf(Buffer.from('bytes')));
      await store.delete(`${root}gone`);
      await expect(store.get(`${root}gone`)).rejects.toBeInstanceOf(BlobNotFound);
      await expect(store.delete(`${root}gone`)).resolves.toBeUndefined();
      await expect(store.delete(`${root}never-stored`)).resolves.toBeUndefined();
      expect(await keysUnder(store, root)).toEqual([]);
    });

    it('lists the blobs under a prefix, with when each was written', async () => {
      const before = Date.now();
      for (const key of ['a/1', 'a/2', 'ab', 'b/1']) await store.put(`${root}${key}`, streamOf(Buffer.from(key)));
      expect(await keysUnder(store, `${root}a/`)).toEqual([`${root}a/1`, `${root}a/2`]);
      expect(await keysUnder(store, root)).toEqual(['a/1', 'a/2', 'ab', 'b/1'].map((k) => `${root}${k}`));
      const entries: { key: string; modifiedAt: Date }[] = [];
      for await (const entry of store.list(root)) entries.push(entry);
      for (const entry of entries) {
        expect(entry.modifiedAt).toBeInstanceOf(Date);
        // Stores keep whole seconds at least; the clock of a server may differ a little.
        expect(Math.abs(entry.modifiedAt.getTime() - before)).toBeLessThan(60_000);
      }
      // Without a prefix: every blob, these among them.
      const all = new Set<string>();
      for await (const entry of store.list()) all.add(entry.key);
      expect(all.has(`${root}b/1`)).toBe(true);
    });

    it('hands out a URL only when presigning, one that answers the bytes with the headers asked for', async () => {
      const answer = {
        seconds: 60,
        contentType: 'image/png',
        contentDisposition: `attachment; filename="shot.png"; filename*=UTF-8''sh%C3%B6t.png`,
      };
      const bytes = crypto.randomBytes(70_000);
      await store.put(`${root}shot`, streamOf(bytes));
      await expect(store.presignedUrl(`${root}shot`, answer)).resolves.toBeUndefined();
      if (!under.presigning) return;
      const url = await under.presigning.presignedUrl(`${root}shot`, answer);
      expect(url).toEqual(expect.any(String));
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(answer.contentType);
      expect(res.headers.get('content-disposition')).toBe(answer.contentDisposition);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(bytes));
      // Valid for the time asked, with the answer's headers among what is signed (SigV4 signs the
      // whole query), so the URL cannot be turned into one serving the bytes as markup.
      const query = new URL(url!).searchParams;
      expect(query.get('X-Amz-Expires')).toBe(String(answer.seconds));
      expect(query.get('response-content-type')).toBe(answer.contentType);
      expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    });

    it('streams a 200 MB body in and out without holding it in memory', async () => {
      const total = 200 * MiB;
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sample = () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      };
      const timer = setInterval(sample, 20);
      try {
        const started = Date.now();
        await store.put(`${root}huge`, patternStream(total, sample));
        const putMs = Date.now() - started;
        let read = 0;
        for await (const part of await store.get(`${root}huge`)) {
          read += (part as Buffer).length;
          sample();
        }
        expect(read).toBe(total);
        const growth = (peak - baseline) / MiB;
        process.stdout.write(
          `[${backend}] 200 MB put in ${putMs} ms, read back in ${Date.now() - started - putMs} ms; RSS grew by at most ${growth.toFixed(0)} MB\n`,
        );
        // Generous: a store that buffered the body would grow by 200 MB or more.
        expect(growth).toBeLessThan(120);
      } finally {
        clearInterval(timer);
        await store.delete(`${root}huge`);
      }
    }, 180_000);
  });
}
