/**
 * Attachments benchmark: `npx tsx bench/attachments.ts` (npm run bench:attachments).
 *
 * Starts the real server (ATTACHMENT_MAX_MB raised to 300, attachments under a data directory
 * of its own in the system's temporary directory) and, on loopback:
 *   - a plain file copy of 200 MB on the same disk (read stream → write stream → fsync), alone
 *     and five at once: what the disk does without Casebook
 *   - five parallel 200 MB uploads (POST /attachment/upload, multipart), each body random bytes
 *     generated as it is sent (never a buffer of the whole file), hashed on the way
 *   - the five downloaded back in parallel, each hashed and counted: size and sha256 must match
 * and prints MB/s of each, its ratio to one copy and to five at once, and the server's RSS peak (sampled every 20 ms;
 * target < 250 MB). With BENCH_S3=1 the same uploads and downloads run again against S3 (s3rver
 * from the dev dependencies, started here) as a second pair of rows. BENCH_ATTACHMENT_MB (default 200) and
 * BENCH_UPLOADS (default 5) change the load. Only correctness is asserted (sizes and hashes).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../src/db/client';
// s3rver, a dev dependency, started as the tests start it: not part of the product.
import { startS3Server } from '../test/support/s3-server';
import { benchSettings, runBench, seedMember, seedProject, type BenchServer } from './support';

const bench = benchSettings('casebook_bench_attachments', 3951);
const { base } = bench;
const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_ATTACHMENT_MB ?? 200);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 5);
const CHUNK = MB;

// The server's attachments go to a directory of the bench's own, on the disk the copy uses.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-bench-attachments-'));
process.env.CASEBOOK_DATA_DIR = dataDir;
process.env.ATTACHMENT_MAX_MB = String(FILE_MB + 100);

/** `bytes` random bytes as a stream of 1 MB chunks, hashed as they go by. */
function randomBody(bytes: number) {
  const hash = crypto.createHash('sha256');
  let left = bytes;
  const stream = new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = crypto.randomBytes(Math.min(CHUNK, left));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Attachments bench', 'User');
  const { projectId } = await seedProject(p, member, 'Attachments bench', { areas: 1, features: 1 });
  const { testId } = await p.test.create({ data: { projectId, title: 'Upload target' } });
  return { token: member.token, projectId, testId };
}
type Seed = Awaited<ReturnType<typeof seed>>;

/** One upload of `bytes` random bytes as a multipart part named file; its record and the hash of what was sent. */
async function upload(s: Seed, name: string, bytes: number) {
  const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = randomBody(bytes);
  const url = `${base}/api/v1/attachment/upload?projectId=${s.projectId}&testId=${s.testId}`;
  const req = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + bytes + tail.length),
    },
  });
  const answer = new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
  await pipeline(async function* () {
    yield head;
    yield* body.stream;
    yield tail;
  }, req);
  const res = await answer;
  let text = '';
  for await (const chunk of res) text += String(chunk);
  if (res.statusCode !== 201) throw new Error(`upload ${name}: HTTP ${res.statusCode} ${text.slice(0, 300)}`);
  const [record] = (JSON.parse(text) as { data: { attachmentId: number; size: number; sha256: string }[] }).data;
  return { ...record, sent: body.sha256() };
}

/** One download read to the end: its size and sha256. */
async function download(s: Seed, attachmentId: number) {
  const url = `${base}/api/v1/attachment/download?projectId=${s.projectId}&attachmentId=${attachmentId}`;
  let res = await fetch(url, { headers: { authorization: `Bearer ${s.token}` }, redirect: 'manual' });
  // A presigned S3 download: the bytes come from the store itself.
  if (res.status === 302) res = await fetch(res.headers.get('location')!);
  if (res.status !== 200 || !res.body) throw new Error(`download ${attachmentId}: HTTP ${res.status}`);
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Copies of `source`, `count` at once, each flushed to disk before it counts as done; total MB/s. */
async function copies(source: string, count: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const target = path.join(dataDir, `copy-${i}`);
      await pipeline(fs.createReadStream(source), fs.createWriteStream(target));
      const fd = await fs.promises.open(target, 'r+');
      await fd.sync();
      await fd.close();
      await fs.promises.rm(target);
    }),
  );
  return (count * FILE_MB) / ((performance.now() - started) / 1000);
}

type Row = { label: string; mbps: number; rssMb?: number };
const rows: Row[] = [];

/** UPLOADS parallel uploads, then their parallel downloads, checked byte for byte by hash. */
async function uploadsAndDownloads(s: Seed, server: BenchServer, backend: string) {
  server.rss.peak();
  let started = performance.now();
  const uploaded = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(s, `${backend}-${i}.bin`, FILE_MB * MB)));
  const upSeconds = (performance.now() - started) / 1000;
  const upRss = server.rss.peak();
  for (const u of uploaded) {
    if (u.size !== FILE_MB * MB || u.sha256 !== u.sent)
      throw new Error(`upload ${u.attachmentId}: stored ${u.size} B ${u.sha256}, sent ${u.sent}`);
  }
  started = performance.now();
  const downloaded = await Promise.all(uploaded.map((u) => download(s, u.attachmentId)));
  const downSeconds = (performance.now() - started) / 1000;
  const downRss = server.rss.peak();
  downloaded.forEach((d, i) => {
    if (d.size !== FILE_MB * MB || d.sha256 !== uploaded[i].sent)
      throw new Error(`download ${uploaded[i].attachmentId}: ${d.size} B ${d.sha256}`);
  });
  const total = UPLOADS * FILE_MB;
  rows.push({
    label: `${backend}: ${UPLOADS} uploads at once`,
    mbps: total / upSeconds,
    rssMb: upRss,
  });
  rows.push({
    label: `${backend}: ${UPLOADS} downloads at once`,
    mbps: total / downSeconds,
    rssMb: downRss,
  });
  // Room for the next row.
  await Promise.all(
    uploaded.map((u) =>
      fetch(`${base}/api/v1/attachment/delete?projectId=${s.projectId}&attachmentId=${u.attachmentId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${s.token}` },
      }),
    ),
  );
}

async function s3Env(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.BENCH_S3 !== '1') return undefined;
  const s3 = await startS3Server('casebook-bench');
  Object.assign(process.env, {
    ATTACHMENT_S3_BUCKET: s3.bucket,
    ATTACHMENT_S3_ENDPOINT: s3.endpoint,
    ATTACHMENT_S3_REGION: s3.region,
    ATTACHMENT_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  });
  return () => s3.stop();
}

async function measure(s: Seed, server: BenchServer) {
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
  const source = path.join(dataDir, 'source');
  await pipeline(randomBody(FILE_MB * MB).stream, fs.createWriteStream(source));
  const copyOne = await copies(source, 1);
  const copyAll = await copies(source, UPLOADS);
  await fs.promises.rm(source);
  rows.push({ label: `plain copy of ${FILE_MB} MB`, mbps: copyOne });
  rows.push({ label: `${UPLOADS} plain copies at once`, mbps: copyAll });

  await uploadsAndDownloads(s, server, 'files');
  const stopS3 = await s3Env();
  if (stopS3) {
    try {
      await server.restart();
      await uploadsAndDownloads(s, server, 's3');
    } finally {
      await stopS3();
    }
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  // Each rate beside the disk's own: one copy, and as many copies at once as there are uploads.
  const ratio = (n: number) => n.toFixed(2).padStart(11);
  console.log(
    `\n${'what'.padEnd(34)}${'MB/s'.padStart(8)}${'× 1 copy'.padStart(11)}${`× ${UPLOADS} copies`.padStart(11)}${'RSS peak'.padStart(11)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(34)}${r.mbps.toFixed(0).padStart(8)}${ratio(r.mbps / copyOne)}${ratio(r.mbps / copyAll)}` +
        `${r.rssMb === undefined ? '' : `${r.rssMb.toFixed(0)} MB`.padStart(11)}`,
    );
  }
  console.log(`\n(MB = 2^20 bytes; sizes and sha256 of all ${rows.length > 4 ? 2 * UPLOADS : UPLOADS} downloads matched the uploads)`);
}

runBench({ settings: bench, seed, measure, sampleRss: true });
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
