/**
 * Memory benchmark: `npm run bench:memory` (tsx bench/memory.ts).
 *
 * Starts the real server (`casebook serve` with `npm start`'s node flags) on a bench
 * database of the local PostgreSQL and reads its resident memory (VmRSS) from /proc:
 *   - idle after a first start, which applied every migration (target < 120 MB)
 *   - idle after a start on the migrated database, which applied none (target < 120 MB)
 *   - under list load: GET /project/tests, pages of 100 at offsets 0 … 19,000 of 20,000
 *     tests, BENCH_CONNECTIONS (50) connections for BENCH_DURATION s, gzip (target < 250 MB
 *     at the peak, sampled every 20 ms), then idle again after the load
 *   - under a Reader's MCP flood (bench/memory-mcp.ts): 2,000 initializations on /mcp from
 *     100 tokens of one Reader, with large reads (target < 350 MB at the peak)
 *   - under one User's JUnit imports (bench/memory-junit.ts): 12 concurrent 50 MB dry runs
 *     (target < 400 MB at the peak)
 * "Idle" is BENCH_IDLE_SECONDS (30) after the server answered /readyz or the load ended.
 * Figures are printed; nothing is asserted.
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { Database } from '../src/db/client';
import { measureJUnitImports } from './memory-junit';
import { measureMcp } from './memory-mcp';
import { bulkAddTests } from '../src/domain/test-cases/bulk.service';
import {
  admin,
  autocannon,
  benchSettings,
  dropDatabase,
  openSeedDatabase,
  recreateDatabase,
  rssKb,
  rssSampler,
  seedMember,
  seedProject,
  serverNodeArgs,
  startServer,
  stopServer,
  type CannonResult,
} from './support';

const bench = benchSettings('casebook_bench_memory', 3947);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const TESTS = 20_000;
const BATCH = 5_000;
const PAGE = 100;

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's RSS after it has sat idle for BENCH_IDLE_SECONDS. */
async function idleRss(server: ChildProcess): Promise<number> {
  await sleep(idleSeconds * 1000);
  return rssKb(server.pid!);
}

/** 20,000 tests in 20 sections, with 0–3 of 10 labels each, through the service that bulk-add uses. */
async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Memory bench', 'User');
  const { projectId, sections } = await seedProject(p, member, 'Memory bench');
  const labels = await p.label.createManyAndReturn({
    data: Array.from({ length: 10 }, (_, i) => ({ projectId, labelName: `label-${i}`, nameKey: `label-${i}` })),
  });
  const test = (i: number) => ({
    title: `Checkout flow ${i}: pay with a saved card and get a receipt`,
    steps: '1. Open the cart\n2. Choose the saved card\n3. Confirm the payment',
    expectedResult: 'The order is confirmed and a receipt is sent',
    sectionId: sections[i % sections.length],
    labels: Array.from({ length: i % 4 }, (_, k) => labels[(i + k * 3) % labels.length].labelId),
  });
  for (let from = 0; from < TESTS; from += BATCH) {
    await bulkAddTests(member.ctx, { projectId, tests: Array.from({ length: BATCH }, (_, k) => test(from + k)) });
  }
  return { token: member.token, projectId };
}

async function main() {
  console.log(
    `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}; server flags: ${serverNodeArgs().join(' ') || 'none'}; ` +
      `idle = ${idleSeconds} s after the last request`,
  );
  await recreateDatabase(bench.databaseName);
  let server: ChildProcess | undefined;
  try {
    // A first start on an empty database: `serve` applies every migration before it listens.
    server = await startServer(bench);
    console.log(`idle RSS after a start that applied the migrations: ${mb(await idleRss(server))}`);
    await stopServer(server);

    server = await startServer(bench);
    console.log(`idle RSS after a start on the migrated database: ${mb(await idleRss(server))}`);

    const db = await openSeedDatabase(bench.databaseUrl);
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      seeded = await seed(db);
    } finally {
      await db.close();
    }
    await admin('VACUUM ANALYZE', bench.databaseUrl);
    // A server that has not seen the seeding: its memory is the load's alone.
    await stopServer(server);
    server = await startServer(bench);
    const before = rssKb(server.pid!);

    const pid = server.pid!;
    const rss = rssSampler(pid);
    const list = `/api/v1/project/tests?projectId=${seeded.projectId}&limit=${PAGE}`;
    const requests = Array.from({ length: TESTS / 1000 }, (_, i) => ({ method: 'GET', path: `${list}&offset=${i * 1000}` }));
    let r: CannonResult;
    try {
      r = await autocannon({
        url: bench.base,
        connections: bench.connections,
        duration: bench.duration,
        headers: { Authorization: `Bearer ${seeded.token}` },
        requests,
      });
    } finally {
      rss.stop();
    }
    console.log(
      `under list load (GET /project/tests, offsets 0 … ${TESTS - 1000}, ${bench.connections} connections, ${bench.duration} s): ` +
        `RSS ${mb(before)} before, peak ${Math.round(rss.overall())} MB; ${r.requests.average.toFixed(0)} requests/s, ` +
        `p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
    console.log(`idle RSS after the load: ${mb(await idleRss(server))}`);

    // The MCP flood and the import flood, each on a server of its own: its peak is that load's alone.
    await stopServer(server);
    server = await startServer(bench);
    const mcp = await measureMcp({ base: bench.base, pid: server.pid!, databaseUrl: bench.databaseUrl, projectId: seeded.projectId });
    await stopServer(server);
    server = await startServer(bench);
    const junit = await measureJUnitImports({ base: bench.base, pid: server.pid!, token: seeded.token, projectId: seeded.projectId });
    if (mcp.failures > 0 || junit.statuses[0] || junit.statuses[500]) process.exitCode = 1;
  } finally {
    if (server) await stopServer(server);
    await dropDatabase(bench.databaseName);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
