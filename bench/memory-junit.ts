/**
 * JUnit imports under one User's flood: measureJUnitImports()
 * sends JUNIT_BENCH_IMPORTS (12) dry-run imports (createMissing) of a report of
 * JUNIT_BENCH_MB (50) MB at once, all with one User's token, to the real server,
 * and samples its RSS every 20 ms (target: peak < 400 MB). Imports beyond the
 * import slots (IMPORT_CONCURRENCY, IMPORT_PER_USER) wait up to IMPORT_WAIT_MS,
 * then get 503: each is counted by its status; none is retried.
 *
 * The report: 45,000 testcases (a dry run may map at most a run's 100,000 tests)
 * in suites of 50, every 7th failing with a message and a stack trace, each with
 * a <system-out> that brings the file to its size (the parser keeps none of it).
 *
 * bench/memory.ts calls it with its seeded User and project; `tsx bench/memory-junit.ts`
 * runs it alone on a bench database of its own. With IMPORT_CONCURRENCY=12
 * IMPORT_PER_USER=12 in the environment, the server takes all 12 at once.
 */
import { cpus, loadavg } from 'node:os';
import type { Database } from '../src/db/client';
import { benchSettings, rssKb, rssSampler, runBench, seedMember, seedProject, serverNodeArgs } from './support';

export interface JUnitLoad {
  /** Root of the running server, e.g. http://127.0.0.1:3947. */
  base: string;
  /** Its process id, for RSS. */
  pid: number;
  /** A token of a User of the project's organization. */
  token: string;
  projectId: number;
  imports?: number;
  megabytes?: number;
}

export interface JUnitFigures {
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  reportBytes: number;
  testcases: number;
  /** Answers by status; 0 counts requests with no answer at all. */
  statuses: Record<number, number>;
  /** Seconds from the first request to the last answer, and of the slowest 201. */
  seconds: number;
  slowest201Seconds: number;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TESTCASES = 45_000;

const STACK = Array.from({ length: 10 }, (_, i) => `\tat com.example.orders.Handler${i}.invoke(Handler${i}.java:${40 + i})`).join('\n');

/** A report of TESTCASES testcases padded with <system-out> to `bytes` (about). */
export function junitReportOfSize(bytes: number): { xml: Buffer; testcases: number } {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="memory bench">\n';
  const tail = '</testsuites>\n';
  const cases: string[] = [];
  for (let i = 0; i < TESTCASES; i++) {
    const open = `<testcase classname="com.example.orders.Suite${Math.floor(i / 50)}Test" name="places order ${i} and answers 201" time="0.0${i % 100}"`;
    cases.push(
      i % 7 === 3
        ? `${open}>\n<failure message="expected 201 but was 500 (order ${i})" type="AssertionError">${STACK}</failure>\n`
        : `${open}>\n`,
    );
  }
  const fixed = head.length + tail.length + cases.reduce((n, c) => n + c.length, 0) + (TESTCASES / 50) * 60;
  // What is left, shared out as each testcase's log.
  const pad = Math.max(0, Math.floor((bytes - fixed) / TESTCASES) - '<system-out></system-out>\n</testcase>\n'.length);
  const log = `<system-out>${'log line of the order service\n'.repeat(Math.ceil(pad / 29)).slice(0, pad)}</system-out>\n</testcase>\n`;
  const parts = [head];
  for (let i = 0; i < TESTCASES; i++) {
    if (i % 50 === 0) parts.push(`<testsuite name="orders/Suite${i / 50}Test" tests="50">\n`);
    parts.push(cases[i], log);
    if (i % 50 === 49 || i === TESTCASES - 1) parts.push('</testsuite>\n');
  }
  parts.push(tail);
  return { xml: Buffer.from(parts.join('')), testcases: TESTCASES };
}

const mb = (n: number) => `${n.toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureJUnitImports(load: JUnitLoad): Promise<JUnitFigures> {
  const imports = load.imports ?? env('JUNIT_BENCH_IMPORTS', 12);
  const size = (load.megabytes ?? env('JUNIT_BENCH_MB', 50)) * 1_000_000;
  const { xml, testcases } = junitReportOfSize(size);
  const url = `${load.base}/api/v1/run/import-junit?projectId=${load.projectId}&createMissing=true&dryRun=true`;
  const rssBeforeMb = rssKb(load.pid) / 1024;
  const rss = rssSampler(load.pid);
  const statuses: Record<number, number> = {};
  let slowest201 = 0;
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: imports }, async () => {
        const t0 = Date.now();
        let status = 0;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { Authorization: `Bearer ${load.token}`, 'Content-Type': 'application/xml' },
            body: xml,
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          // no answer: counted as 0
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 201) slowest201 = Math.max(slowest201, (Date.now() - t0) / 1000);
      }),
    );
  } finally {
    rss.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  const rssPeakMb = rss.overall();
  await sleep(2000);
  const figures: JUnitFigures = {
    rssBeforeMb,
    rssPeakMb,
    rssAfterMb: rssKb(load.pid) / 1024,
    reportBytes: xml.length,
    testcases,
    statuses,
    seconds,
    slowest201Seconds: slowest201,
  };
  const answered = Object.entries(statuses)
    .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`)
    .join(', ');
  console.log(
    `${imports} concurrent dry-run JUnit imports of one User (${(xml.length / 1e6).toFixed(1)} MB, ${testcases} testcases each; ` +
      `IMPORT_CONCURRENCY ${process.env.IMPORT_CONCURRENCY ?? 'default'}, IMPORT_PER_USER ${process.env.IMPORT_PER_USER ?? 'default'}): ` +
      `RSS ${mb(rssBeforeMb)} before, peak ${mb(rssPeakMb)} (target < 400 MB), ${mb(figures.rssAfterMb)} 2 s after; ` +
      `${answered} in ${seconds.toFixed(1)} s (slowest 201 ${slowest201.toFixed(1)} s); load average ${loadavg()[0].toFixed(1)}`,
  );
  return figures;
}

/** Alone: a bench database with one User and an empty project, the real server, and the imports. */
function main() {
  const bench = benchSettings('casebook_bench_memory_junit', 3949);
  console.log(
    `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}; server flags: ${serverNodeArgs().join(' ') || 'none'}`,
  );
  runBench({
    settings: bench,
    async seed(db: Database) {
      const member = await seedMember(db.prisma, 'JUnit memory bench', 'User');
      const { projectId } = await seedProject(db.prisma, member, 'JUnit memory bench');
      return { projectId, token: member.token };
    },
    async measure({ projectId, token }, server) {
      const figures = await measureJUnitImports({ base: bench.base, pid: server.pid, token, projectId });
      if (figures.statuses[0] || figures.statuses[500]) process.exitCode = 1;
    },
  });
}

if (require.main === module) main();
