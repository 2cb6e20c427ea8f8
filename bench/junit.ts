/**
 * JUnit import at CI sizes: `npx tsx bench/junit.ts` (npm run bench:junit).
 *
 * Starts the real server (as `npm start` does) on a bench database with two
 * empty projects, generates two reports in several nested suites with failures
 * (stack traces) and skips, and times POST /run/import-junit with createMissing
 * into a new run, on loopback:
 *   - 20,000 testcases (about 6 MB), each a test of its own;
 *   - 50,000 testcases (about 17 MB): 50,000 tests (a run's limit), 10,000 of
 *     them failed once and passed on a rerun (Surefire's flakyFailure);
 *   - 100,000 testcases (about 33 MB): 100,000 tests (a run's limit), every
 *     10th failing with a stack trace.
 * Then the 20,000 report again into the same project (every test matched).
 * Prints wall time, the answer's counts, and the server's RSS before, at its
 * peak during and after each import. Targets: 20k < 5 s, 60k < 15 s,
 * RSS growth < 150 MB; 100k with 10% failures < 30 s, RSS peak
 * < 300 MB. Nothing is asserted but the counts; everything started is stopped.
 */
import type { Database } from '../src/db/client';
import { defaultLookupRows } from '../src/domain/lookups/lookup-defaults';
import { junitReport as report } from './junit-report';
import { benchSettings, rssKb, runBench, seedMember, type BenchServer } from './support';

const bench = benchSettings('casebook_bench_junit', 3937);

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'JUnit bench', 'User');
  const project = async (projectName: string) => {
    const { projectId } = await p.project.create({ data: { orgId: member.orgId, projectName, createdBy: member.userId } });
    await p.lookupEntry.createMany({ data: defaultLookupRows(projectId) });
    return projectId;
  };
  return {
    token: member.token,
    small: await project('JUnit 20k'),
    large: await project('JUnit 60k'),
    largest: await project('JUnit 100k'),
  };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function importReport(label: string, server: BenchServer, token: string, projectId: number, xml: Buffer, target: string) {
  // A settled heap before each import, so "before" is the server's resting size.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server.rss.peak();
  const before = rssKb(server.pid);
  const started = performance.now();
  const res = await fetch(`${bench.base}/api/v1/run/import-junit?projectId=${projectId}&createMissing=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
    body: xml,
  });
  const json = (await res.json()) as { data: Record<string, number> };
  const seconds = (performance.now() - started) / 1000;
  const peak = server.rss.peak() * 1024;
  const after = rssKb(server.pid);
  if (res.status !== 201) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  const d = json.data;
  console.log(`\n${label}: ${(xml.length / 2 ** 20).toFixed(1)} MiB`);
  console.log(`  wall time ${seconds.toFixed(2)} s (target ${target})`);
  console.log(
    `  answer: testcases ${d.testcases}, reruns ${d.reruns}, repetitions ${d.repetitions}; total ${d.total}, matched ${d.matched}, ` +
      `created ${d.created}, unmatched ${d.unmatched}, passed ${d.passed}, failed ${d.failed}, retest ${d.retest}, ` +
      `untested ${d.untested}, passedOnRetry ${d.passedOnRetry}`,
  );
  console.log(`  server RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)} (+${mb(after - before)})`);
  return Object.assign(d, { seconds, peakMb: peak / 1024 });
}

async function measure(s: Awaited<ReturnType<typeof seed>>, server: BenchServer) {
  const small = report(20_000, 0);
  const large = report(50_000, 10_000);
  console.log(
    `reports: ${small.testcases} testcases (${(small.xml.length / 2 ** 20).toFixed(1)} MiB), ` +
      `${large.testcases} testcases (${(large.xml.length / 2 ** 20).toFixed(1)} MiB)`,
  );
  const a = await importReport(
    '20,000 testcases, new run, createMissing into an empty project',
    server,
    s.token,
    s.small,
    small.xml,
    '< 5 s',
  );
  if (a.created !== 20_000) throw new Error(`expected 20000 created, got ${a.created}`);
  const b = await importReport(
    '50,000 testcases (50,000 tests, 10,000 of them with a rerun), new run, createMissing into an empty project',
    server,
    s.token,
    s.large,
    large.xml,
    '< 15 s',
  );
  if (b.created !== 50_000 || b.passedOnRetry !== 10_000 || b.reruns !== 10_000)
    throw new Error(`expected 50000 created, 10000 passedOnRetry and 10000 reruns, got ${b.created}, ${b.passedOnRetry}, ${b.reruns}`);
  const largest = report(100_000, 0, 10);
  const e = await importReport(
    `100,000 testcases (${(largest.xml.length / 2 ** 20).toFixed(1)} MiB, 10% failing with stack traces), new run, createMissing into an empty project`,
    server,
    s.token,
    s.largest,
    largest.xml,
    '< 30 s, RSS peak < 300 MB',
  );
  if (e.created !== 100_000 || e.failed !== 10_000) throw new Error(`expected 100000 created, 10000 failed, got ${e.created}, ${e.failed}`);
  console.log(
    `  100k targets: wall time ${e.seconds < 30 ? 'met' : 'MISSED'} (${e.seconds.toFixed(1)} s), ` +
      `RSS peak ${e.peakMb < 300 ? 'met' : 'MISSED'} (${e.peakMb.toFixed(0)} MB)`,
  );
  const c = await importReport('20,000 testcases again, new run, every test matched', server, s.token, s.small, small.xml, 'none');
  if (c.matched !== 20_000) throw new Error(`expected 20000 matched, got ${c.matched}`);
}

runBench({ settings: bench, seed, measure, sampleRss: true });
