/**
 * Insight at the scale of a large team: `npx tsx bench/insight.ts` (npm run bench:insight).
 *
 * Seeds, in SQL (not through the API), a project of 50,000 tests and 200 runs of 50,000 results
 * each (10,000,000 rows of run_tests), one run a day: 1% of the tests flip between passed and
 * failed, 2% always fail, 0.2% never run; every run has a build commit and branch. Then, with the
 * real server and one client, times each read 10 times after one cold call (which builds the
 * run digests it needs): stability over 30 runs (first page and a deep page), never-run tests,
 * the comparison of the last two 50,000-test runs, and the 30-day dashboard. Prints median and
 * p95 of each (target: p95 < 1 s), the sizes of run_tests and run_digests, and the time of a
 * write of 2,500 results in one call. Nothing is asserted; everything started is stopped.
 */
import type { Database } from '../src/db/client';
import { recountLiveTests } from '../src/domain/test-cases/data';
import { Client } from 'pg';
import { benchSettings, runBench, seedMember, seedProject } from './support';

const bench = benchSettings('casebook_bench_insight', 3939);
const TESTS = Number(process.env.BENCH_INSIGHT_TESTS ?? 50_000);
const RUNS = Number(process.env.BENCH_INSIGHT_RUNS ?? 200);
const ROUNDS = 10;

async function seed(db: Database) {
  const p = db.prisma;
  const started = performance.now();
  const member = await seedMember(p, 'Insight bench', 'Admin');
  const { projectId, features } = await seedProject(p, member, 'Insight bench');
  await p.$executeRaw`
    INSERT INTO tests (project_id, title, section_id, updated_at)
    SELECT ${projectId}, 'Checkout flow ' || i || ': pay with a saved card', (${features}::int[])[1 + i % ${features.length}], now()
    FROM generate_series(1, ${TESTS}::int) AS i`;
  await recountLiveTests(p, projectId);
  await p.$executeRaw`
    INSERT INTO runs (project_id, name, created_by, created_at, updated_at, build_commit, build_branch, build_number)
    SELECT ${projectId}, 'Nightly ' || r, ${member.userId}, now() - make_interval(days => ${RUNS}::int - r), now(),
      md5(r::text), CASE WHEN r % 10 = 0 THEN 'release' ELSE 'main' END, r::text
    FROM generate_series(1, ${RUNS}::int) AS r`;
  const runs = await p.$queryRaw<{ id: number; n: number }[]>`
    SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM runs WHERE project_id = ${projectId} ORDER BY id`;
  const tests = await p.$queryRaw<{ first: number }[]>`SELECT min(id) AS first FROM tests WHERE project_id = ${projectId}`;
  const first = tests[0].first;
  // One statement per run keeps each transaction small; the status of test k in run n is fixed by k and n.
  for (const run of runs) {
    await p.$executeRaw`
      INSERT INTO run_tests (run_id, test_id, status, elapsed_ms, comment, updated_at)
      SELECT ${run.id}::int, t.id, s.status::"TestStatus", CASE WHEN s.status = 'untested' THEN NULL ELSE (k * 37 + ${run.n}::int) % 5000 END,
        CASE WHEN s.status = 'failed' THEN 'AssertionError: expected ' || (k % 7) || ' items, got ' || (${run.n}::int % 5) END,
        now() - make_interval(days => ${RUNS}::int - ${run.n}::int)
      FROM tests t, LATERAL (SELECT t.id - ${first}::int AS k) kk,
        LATERAL (SELECT CASE
          WHEN k % 500 = 3 THEN 'untested'
          WHEN k % 100 = 0 THEN CASE WHEN (k / 100 + ${run.n}::int) % 2 = 0 THEN 'failed' ELSE 'passed' END
          WHEN k % 50 = 1 THEN 'failed'
          ELSE 'passed' END AS status) s
      WHERE t.project_id = ${projectId}`;
  }
  await p.$executeRaw`
    UPDATE runs r SET passed_count = c.passed, failed_count = c.failed, untested_count = c.untested,
      results_version = 1, results_at = r.created_at
    FROM (SELECT run_id, count(*) FILTER (WHERE status = 'passed')::int AS passed, count(*) FILTER (WHERE status = 'failed')::int AS failed,
      count(*) FILTER (WHERE status = 'untested')::int AS untested FROM run_tests GROUP BY run_id) c
    WHERE c.run_id = r.id`;
  console.log(`seeded ${TESTS} tests and ${RUNS} runs (${TESTS * RUNS} results) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const sample = await p.$queryRaw<{ id: number }[]>`SELECT id FROM tests WHERE project_id = ${projectId} ORDER BY id LIMIT 2500`;
  return { token: member.token, projectId, runIds: runs.map((r) => r.id), testIds: sample.map((r) => r.id) };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function timed(token: string, path: string, init: RequestInit = {}) {
  const started = performance.now();
  const res = await fetch(`${bench.base}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - started, chars: text.length };
}

async function measure(s: Awaited<ReturnType<typeof seed>>) {
  const { token, projectId, runIds } = s;
  const last = runIds.at(-1)!;
  // Each read with the parameter that varies between rounds, so the answer cache (its ETag) serves none.
  const reads: [string, string, string][] = [
    ['stability, 30 runs, first page', `/project/test-stability?projectId=${projectId}&window=30`, 'limit'],
    ['stability, 30 runs, page at 40,000', `/project/test-stability?projectId=${projectId}&window=30&offset=40000`, 'limit'],
    ['stability, flaky only', `/project/test-stability?projectId=${projectId}&window=30&flakyOnly=true`, 'limit'],
    ['never run (30 runs)', `/project/test-stability?projectId=${projectId}&window=30&neverRun=true`, 'limit'],
    ['compare the last two runs', `/run/compare?projectId=${projectId}&runId=${last}&baseRunId=${runIds.at(-2)!}`, 'perCategory'],
    ['dashboard, 30 days', `/project/dashboard?projectId=${projectId}`, 'days'],
  ];
  console.log(`\n${'read'.padEnd(38)} ${'cold'.padStart(8)} ${'median'.padStart(8)} ${'p95'.padStart(8)}   answer`);
  for (const [label, path, varied] of reads) {
    const cold = await timed(token, path);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push((await timed(token, `${path}&${varied}=${varied === 'days' ? 30 - i : 100 + i}`)).ms);
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(38)} ${ms(cold.ms).padStart(8)} ${ms(percentile(times, 0.5)).padStart(8)} ${ms(percentile(times, 0.95)).padStart(8)}   ${cold.chars} chars`,
    );
  }

  // A tester's write of 2,500 results into the last run, then the read that rebuilds its digest.
  const body = (status: string) => JSON.stringify({ projectId, runId: last, testResults: s.testIds.map((testId) => ({ testId, status })) });
  const writes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const w = await timed(token, '/run/update-test-status', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: body(i % 2 ? 'passed' : 'failed'),
    });
    writes.push(w.ms);
  }
  writes.sort((a, b) => a - b);
  console.log(`\nwrite of up to 2,500 results in one call: median ${ms(percentile(writes, 0.5))} (5 calls)`);
  const after = await timed(token, `/project/test-stability?projectId=${projectId}&window=30&limit=99`);
  console.log(`stability right after a write (its run's digest rebuilt): ${ms(after.ms)}`);

  const c = new Client({ connectionString: bench.databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ runTests: string; digests: string; ratio: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('run_tests')) AS "runTests", pg_size_pretty(pg_total_relation_size('run_digests')) AS digests,
         round(pg_total_relation_size('run_digests')::numeric / pg_total_relation_size('run_tests'), 3) AS ratio`,
    );
    console.log(`sizes: run_tests ${rows[0].runTests}, run_digests ${rows[0].digests} (${rows[0].ratio} of run_tests)`);
  } finally {
    await c.end();
  }
}

runBench({ settings: bench, seed, vacuumAnalyze: true, sampleRss: true, measure });
