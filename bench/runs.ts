/**
 * Runs benchmark: `npx tsx bench/runs.ts` (npm run bench:runs).
 *
 * Starts the real server on a bench database of the local PostgreSQL, seeds a
 * project of 15,000 tests through Prisma, and measures on loopback:
 *   - POST /run/create of 5,000 tests (the most one call takes), and the same
 *     service creating the 10,000-test run the rest of the bench uses
 *   - PUT /run/update-test-status of 5,000 results in one call (target < 0.5 s)
 *   - GET /run/tests (page of 100) and GET /run/state-detail on the 10,000-test
 *     run, 50 connections (target >= 2,000 requests/s and p99 < 50 ms each)
 *   - GET /run/report of that run as JSON, HTML and PDF (targets 150 ms, 1 s, 3 s)
 *   - server RSS throughout, sampled from /proc/<pid>/status (target < 300 MB)
 *   - as baselines, GET /healthz (no authentication, no database) and GET /tokens
 *     (authentication and one small query) under the same load
 * Every figure is printed; nothing is asserted. Everything started is stopped.
 */
import { Client } from 'pg';
import type { Database } from '../src/db/client';
import { recountLiveTests } from '../src/domain/test-cases/data';
import { createRun } from '../src/domain/runs/runs.service';
import { autocannon, benchSettings, runBench, seedMember, seedProject, type BenchServer, type RssSampler } from './support';

const bench = benchSettings('casebook_bench_runs', 3927);
const { databaseUrl, poolSize, connections, duration, base } = bench;
const RUN_SIZE = 10_000;
const BULK = 5_000;
const STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;

/** A User with a token; a project with sections, squads and 15,000 tests; the 10,000-test run. */
async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Runs bench', 'User');
  const { token, ctx } = member;
  const { projectId, features: sections } = await seedProject(p, member, 'Runs bench');
  const priorities = (await p.lookupEntry.findMany({ where: { projectId, kind: 'priority' } })).map((l) => l.id);
  const squads = (
    await p.squad.createManyAndReturn({
      data: Array.from({ length: 5 }, (_, i) => ({ projectId, squadName: `Squad ${i}`, nameKey: `squad ${i}` })),
    })
  ).map((s) => s.squadId);
  const tests = await p.test.createManyAndReturn({
    data: Array.from({ length: RUN_SIZE + BULK }, (_, i) => ({
      projectId,
      title: `Checkout flow ${i}: pay with a saved card and get a receipt`,
      sectionId: sections[i % sections.length],
      priorityId: priorities[i % priorities.length],
      squadId: squads[i % squads.length],
    })),
    select: { testId: true },
  });
  // Written around the services: the project's catalog counter is set from the rows.
  await recountLiveTests(p, projectId);
  const ids = tests.map((t) => t.testId).sort((a, b) => a - b);
  // The API takes at most 5,000 ids per call, so the 10,000-test run is made by the same service directly.
  const started = performance.now();
  const run = await createRun(ctx, { projectId, runName: 'Regression 10k', testIds: ids.slice(0, RUN_SIZE) });
  const serviceCreateMs = performance.now() - started;
  return { token, projectId, runId: run.runId, runIds: ids.slice(0, RUN_SIZE), spareIds: ids.slice(RUN_SIZE), serviceCreateMs };
}
type Seed = Awaited<ReturnType<typeof seed>>;

const mb = (n: number) => `${n.toFixed(0)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function timed(label: string, fn: () => Promise<Response>, rss: RssSampler) {
  const started = performance.now();
  const res = await fn();
  const body = Buffer.from(await res.arrayBuffer());
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`${label}: HTTP ${res.status} ${body.toString().slice(0, 200)}`);
  console.log(
    `${label.padEnd(44)} ${ms(elapsed).padStart(8)}   ${(body.length / 1024).toFixed(0).padStart(6)} KiB   server RSS peak ${mb(rss.peak())}`,
  );
  return { elapsed, body };
}

async function load(label: string, paths: string[], auth: Record<string, string>, rss: RssSampler) {
  const requests = paths.map((p) => ({ method: 'GET', path: p }));
  // A short unreported warm-up, so the figures are of a JIT-compiled server.
  await autocannon({ url: base, connections, duration: 2, headers: auth, requests });
  const result = await autocannon({ url: base, connections, duration, headers: auth, requests });
  console.log(
    `${label.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ` +
      `max ${result.latency.max} ms   non-2xx ${result.non2xx}   errors ${result.errors}   server RSS peak ${mb(rss.peak())}`,
  );
}

async function measure(s: Seed, { rss }: BenchServer) {
  const auth = { authorization: `Bearer ${s.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const q = `runId=${s.runId}&projectId=${s.projectId}`;
  console.log(`\nservice createRun of ${RUN_SIZE} tests (seeding)      ${ms(s.serviceCreateMs).padStart(8)}`);

  await timed(
    `POST /run/create, ${BULK} tests`,
    () =>
      fetch(`${base}/api/v1/run/create`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ projectId: s.projectId, runName: 'API-made run', testIds: s.spareIds }),
      }),
    rss,
  );

  for (let round = 0; round < 3; round++) {
    const testResults = s.runIds.slice(round * 2500, round * 2500 + BULK).map((testId, i) => ({
      testId,
      status: STATUSES[(i + round) % 4],
      comment: i % 10 === 0 ? `observed in round ${round}` : undefined,
    }));
    await timed(
      `PUT /run/update-test-status, ${BULK} results (${round + 1})`,
      () =>
        fetch(`${base}/api/v1/run/update-test-status`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ runId: s.runId, projectId: s.projectId, testResults }),
        }),
      rss,
    );
  }
  // The bulk updates left a dead row version behind each live one. Autovacuum
  // cleans that up on a normal server; where it is off, vacuum by hand, or the
  // OFFSET scans of GET /run/tests visit ~30x more buffers than they need.
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  const autovacuum = (await c.query('SHOW autovacuum')).rows[0].autovacuum;
  if (autovacuum !== 'on') await c.query('VACUUM ANALYZE run_tests, status_history, runs');
  await c.end();
  console.log(`autovacuum is ${autovacuum}${autovacuum !== 'on' ? ': ran VACUUM ANALYZE on run_tests, status_history, runs' : ''}`);

  const state = await timed(
    'GET /run/state-detail (one request)',
    () => fetch(`${base}/api/v1/run/state-detail?${q}`, { headers: auth }),
    rss,
  );
  console.log(`  ${state.body.toString()}`);

  console.log(`\nreports of the ${RUN_SIZE}-test run`);
  for (const format of ['json', 'html', 'pdf'] as const) {
    for (let i = 0; i < 3; i++) {
      await timed(
        `GET /run/report?format=${format} (${i + 1})`,
        () => fetch(`${base}/api/v1/run/report?${q}&format=${format}`, { headers: auth }),
        rss,
      );
    }
  }
  // Load last: it grows the server's heap, which would blur the reports' own memory figures.
  console.log(`\nload: ${connections} connections, ${duration} s each, pool ${poolSize}`);
  // Baselines: the HTTP stack alone, and the cheapest authenticated route (authentication is 3 queries).
  await load('baseline GET /healthz (no auth, no database)', ['/healthz'], auth, rss);
  await load('baseline GET /tokens (auth + 1 query)', ['/api/v1/tokens'], auth, rss);
  const offsets = Array.from({ length: 20 }, (_, i) => i * 500);
  await load(
    'GET /run/tests, limit 100 (20 offsets)',
    offsets.map((o) => `/api/v1/run/tests?${q}&limit=100&offset=${o}`),
    auth,
    rss,
  );
  await load('GET /run/state-detail', [`/api/v1/run/state-detail?${q}`], auth, rss);
  await load('GET /run/tests, status=failed, limit 100', [`/api/v1/run/tests?${q}&status=failed&limit=100`], auth, rss);
}

// Requests autocannon gave up on at the end of its last run may still be running: 2 s for them.
runBench({ settings: bench, seed, measure, vacuumAnalyze: true, sampleRss: true, settleMs: 2000 });
