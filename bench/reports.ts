/**
 * Reports benchmark: `npx tsx bench/reports.ts` (npm run bench:reports).
 *
 * Starts the real server on a bench database of the local PostgreSQL, seeds a
 * 5,000-test run whose every result carries a 10 KB comment (~51 MB of JSON
 * report) and whose every failed result has two attachments (rows only: the
 * report lists them, it never reads their bytes), then on loopback:
 *   - /healthz alone, as the latency baseline
 *   - 20 concurrent GET /run/report?format=json (gzip accepted, as browsers do),
 *     each read to the end (not inflated); a 503 is retried after its
 *     Retry-After, as the MCP client does, and counted
 *   - meanwhile /healthz every 10 ms, one request at a time
 * and prints the server's peak RSS (sampled from /proc every 20 ms, target
 * < 400 MB) and the /healthz latency percentiles (target p99 < 100 ms).
 * BENCH_REPORTS (default 20), BENCH_RUN_SIZE (default 5000) and
 * BENCH_COMMENT_BYTES (default 10240) change the load. BENCH_LOCKED=1 gives every
 * test four steps (two of them shared steps), every failed result a failed
 * step, locks the run and then edits every test's steps: each failed row then names
 * its failing step as the run holds it (the lock's version of the test). Nothing is asserted.
 */
import http from 'node:http';
import type { Database, Db } from '../src/db/client';
import { keepBaseVersions, recountLiveTests } from '../src/domain/test-cases/data';
import { createRun } from '../src/domain/runs/runs.service';
import { lockRun } from '../src/domain/runs/run-lock.service';
import { updateTestStatuses } from '../src/domain/runs/run-results.service';
import { benchSettings, runBench, seedMember, seedProject, type BenchServer } from './support';

const bench = benchSettings('casebook_bench_reports', 3928);
const { base } = bench;
const REPORTS = Number(process.env.BENCH_REPORTS ?? 20);
const RUN_SIZE = Number(process.env.BENCH_RUN_SIZE ?? 5000);
const COMMENT_BYTES = Number(process.env.BENCH_COMMENT_BYTES ?? 10240);
const LOCKED = process.env.BENCH_LOCKED === '1';
const STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;
const WORDS = [
  'checkout',
  'timeout',
  'retry',
  'payment',
  'gateway',
  'flaky',
  'assert',
  'expected',
  'received',
  'screenshot',
  'stack',
  'trace',
];

/** Text of `bytes` characters from words picked by a small PRNG: varied, as real comments are, so gzip does not make it free. */
function comment(seed: number, bytes: number): string {
  let x = (seed * 2654435761) >>> 0;
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    x = (x * 1103515245 + 12345) >>> 0;
    const word = `${WORDS[x % WORDS.length]}${x % 997}`;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ').slice(0, bytes);
}

/** A User with a token; a project with sections and squads; a run of RUN_SIZE tests, each with a status and a long comment. */
async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Reports bench', 'User');
  const { token, ctx } = member;
  const { projectId, features: sections } = await seedProject(p, member, 'Reports bench');
  const priorities = (await p.lookupEntry.findMany({ where: { projectId, kind: 'priority' } })).map((l) => l.id);
  const stepList = LOCKED ? await seedSteps(p, projectId, member.userId) : undefined;
  const tests = await p.test.createManyAndReturn({
    data: Array.from({ length: RUN_SIZE }, (_, i) => ({
      projectId,
      title: `Checkout flow ${i}: pay with a saved card and get a receipt`,
      sectionId: sections[i % sections.length],
      priorityId: priorities[i % priorities.length],
      stepList,
    })),
    select: { testId: true },
  });
  // Written around the services: the project's catalog counter is set from the rows.
  await recountLiveTests(p, projectId);
  const ids = tests.map((t) => t.testId);
  // Each test's first version, which the run then holds.
  if (LOCKED) await p.$transaction((tx) => keepBaseVersions(tx, ids));
  const run = await createRun(ctx, { projectId, runName: 'Reports bench run', testIds: ids });
  // Through the service: the HTTP body limit (5 MiB) would take 10 calls for the ~51 MB of comments.
  for (let start = 0; start < ids.length; start += 1000) {
    const testResults = ids.slice(start, start + 1000).map((testId, i) => ({
      testId,
      status: STATUSES[(start + i) % STATUSES.length],
      comment: comment(start + i, COMMENT_BYTES),
      ...(LOCKED && STATUSES[(start + i) % STATUSES.length] === 'failed'
        ? {
            stepResults: [
              { index: 1, status: 'passed' as const },
              { index: 4, status: 'failed' as const, comment: 'Declined' },
            ],
          }
        : {}),
    }));
    await updateTestStatuses(ctx, { runId: run.runId, projectId, testResults });
  }
  // A screenshot and a log per failed result, as a UI suite's report would leave.
  const failed = ids.filter((_, i) => STATUSES[i % STATUSES.length] === 'failed');
  await p.attachment.createMany({
    data: failed.flatMap((testId) =>
      ['png', 'log'].map((ext) => ({
        orgId: member.orgId,
        projectId,
        testId,
        runId: run.runId,
        fileName: `failure-${testId}.${ext}`,
        contentType: ext === 'png' ? 'image/png' : 'text/plain; charset=utf-8',
        size: 48_000,
        sha256: '0'.repeat(64),
        storageKey: `bench/${testId}.${ext}`,
        createdBy: member.userId,
      })),
    ),
  });
  if (LOCKED) {
    await lockRun(ctx, run.runId, projectId);
    // Edited after the lock: the report names the steps as the run holds them, not these.
    await p.test.updateMany({ where: { projectId }, data: { stepList: [{ action: 'Edited after the lock' }] } });
  }
  return { token, projectId, runId: run.runId };
}

/** Shared steps of two, and the steps of every test: one of its own, the shared ones, one more (four steps). */
async function seedSteps(p: Db, projectId: number, userId: number) {
  const shared = await p.sharedSteps.create({
    data: { projectId, name: 'Sign in', steps: [{ action: 'Open /login' }, { action: 'Sign in as a saved customer' }], createdBy: userId },
  });
  return [
    { action: 'Open the cart', expected: 'The cart lists the items' },
    { sharedStepsId: shared.sharedStepsId },
    { action: 'Pay with the saved card', expected: 'A receipt', data: '4242 4242 4242 4242' },
  ];
}
type Seed = Awaited<ReturnType<typeof seed>>;

const mb = (n: number) => `${n.toFixed(0)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** GET /healthz one at a time every `everyMs` until stopped; the latencies in ms. */
function pollHealth(everyMs: number) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

function printHealth(label: string, { latencies, failures }: { latencies: number[]; failures: number }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(40)} n ${sorted.length}   p50 ${f(percentile(sorted, 50))}   p90 ${f(percentile(sorted, 90))}   ` +
      `p99 ${f(percentile(sorted, 99))}   max ${f(sorted.at(-1) ?? 0)}   failures ${failures}`,
  );
}

/**
 * One report read to the end, its (compressed) bytes counted, not kept; 503 is
 * retried after Retry-After. Through node:http, which leaves the body compressed:
 * inflating 20 reports here would slow this process's own /healthz timings.
 */
async function report(url: string, auth: Record<string, string>) {
  const started = performance.now();
  let busy = 0;
  for (;;) {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(url, { headers: { ...auth, 'accept-encoding': 'gzip' } }, resolve).on('error', reject);
    });
    let bytes = 0;
    for await (const chunk of res) bytes += (chunk as Buffer).length;
    if (res.statusCode === 503) {
      busy++;
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000));
      continue;
    }
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    return { ms: performance.now() - started, bytes, busy };
  }
}

async function measure(s: Seed, { rss }: BenchServer) {
  const auth = { authorization: `Bearer ${s.token}` };
  const url = `${base}/api/v1/run/report?runId=${s.runId}&projectId=${s.projectId}&format=json`;

  // One report first: checks the shape and warms the server up.
  const first = await fetch(url, { headers: auth });
  const body = (await first.json()) as { summary: { total: number }; tests: { attachments?: unknown[] }[] };
  const files = body.tests.reduce((n, t) => n + (t.attachments?.length ?? 0), 0);
  console.log(
    `one report: HTTP ${first.status}, ${body.tests.length} tests (summary total ${body.summary.total}), ${files} attachments listed, ` +
      `server RSS peak ${mb(rss.peak())}`,
  );

  const idle = pollHealth(10);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  printHealth('/healthz, idle server', await idle.stop());
  rss.peak();

  console.log(`\n${REPORTS} concurrent JSON reports of the ${RUN_SIZE}-test run (${COMMENT_BYTES} B comments), gzip accepted`);
  const health = pollHealth(10);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: REPORTS }, () => report(url, auth)));
  const wall = performance.now() - started;
  const during = await health.stop();
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `all done in ${(wall / 1000).toFixed(1)} s; per report p50 ${(percentile(times, 50) / 1000).toFixed(1)} s, ` +
      `max ${(times.at(-1)! / 1000).toFixed(1)} s; ${(results[0].bytes / 1e6).toFixed(1)} MB each gzipped; ` +
      `503 answers retried: ${results.reduce((n, r) => n + r.busy, 0)}`,
  );
  console.log(`server RSS peak during the reports: ${mb(rss.peak())}`);
  printHealth('/healthz during the reports', during);
}

runBench({ settings: bench, seed, measure, vacuumAnalyze: true, sampleRss: true });
