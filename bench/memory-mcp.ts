/**
 * Remote MCP under a Reader's flood: measureMcp() runs
 * MCP_BENCH_INITIALIZATIONS (2,000) initializations on /mcp from MCP_BENCH_TOKENS (100)
 * tokens of one Reader, MCP_BENCH_CLIENTS (16) at once, with large reads among them
 * (every 10th initialization is followed by get-tests with limit 1000, every 100th
 * (MCP_BENCH_DOWNLOAD_EVERY) by download-tests of the whole project instead), and samples the server's RSS every 20 ms
 * (target: peak < 350 MB). A client refused with 429 waits briefly and asks again,
 * so every initialization is served in the end; the refusals are counted.
 *
 * bench/memory.ts calls it on its seeded project; `tsx bench/memory-mcp.ts` runs it
 * alone on a bench database of its own (20,000 tests, like bench/memory.ts).
 */
import { cpus, loadavg } from 'node:os';
import type { Database } from '../src/db/client';
import { bulkAddTests } from '../src/domain/test-cases/bulk.service';
import { issueToken } from '../src/domain/tokens/tokens.service';
import { benchSettings, openSeedDatabase, rssKb, rssSampler, runBench, seedMember, seedProject, serverNodeArgs } from './support';

export interface McpLoad {
  /** Root of the running server, e.g. http://127.0.0.1:3947. */
  base: string;
  /** Its process id, for RSS. */
  pid: number;
  /** The bench database (the Reader and its tokens are added there). */
  databaseUrl: string;
  /** A project with many tests: the large reads page and export it. */
  projectId: number;
  initializations?: number;
  tokens?: number;
  clients?: number;
}

export interface McpFigures {
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  initializations: number;
  largeReads: number;
  /** Every POST made, refused ones included. */
  requests: number;
  refused429: number;
  /** Answers neither 200 nor 429, and requests with no answer at all. */
  failures: number;
  seconds: number;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memory-bench', version: '1' } },
};

/** A Reader of the project's organization with `count` tokens (at most 100 are allowed a user). */
async function seedReader(databaseUrl: string, projectId: number, count: number): Promise<string[]> {
  const db = await openSeedDatabase(databaseUrl);
  try {
    const p = db.prisma;
    const { orgId } = await p.project.findUniqueOrThrow({ where: { projectId } });
    const user = await p.user.create({
      data: {
        email: `mcp-reader-${Date.now()}@example.test`,
        name: 'MCP bench Reader',
        memberships: { create: { orgId, role: 'Reader' } },
      },
    });
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) tokens.push((await issueToken(p, user.userId, `mcp bench ${i}`)).token);
    return tokens;
  } finally {
    await db.close();
  }
}

export async function measureMcp(load: McpLoad): Promise<McpFigures> {
  const initializations = load.initializations ?? env('MCP_BENCH_INITIALIZATIONS', 2000);
  const clients = load.clients ?? env('MCP_BENCH_CLIENTS', 16);
  const tokens = await seedReader(load.databaseUrl, load.projectId, load.tokens ?? env('MCP_BENCH_TOKENS', 100));
  // download-tests is not a core tool: every set is asked for.
  const url = `${load.base}/mcp?toolsets=all`;
  const downloadEvery = env('MCP_BENCH_DOWNLOAD_EVERY', 100);
  const largeRead = (i: number) => {
    if (i % downloadEvery === 0) return { name: 'download-tests', arguments: { projectId: load.projectId, format: 'json' } };
    if (i % 10 === 0) return { name: 'get-tests', arguments: { projectId: load.projectId, limit: 1000, offset: (i * 100) % 10_000 } };
    return undefined;
  };

  let requests = 0;
  let refused429 = 0;
  let failures = 0;
  let largeReads = 0;
  /** POSTs `message` until it is not refused with 429; whether it was served (200). */
  const send = async (token: string, message: unknown): Promise<boolean> => {
    for (;;) {
      requests++;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          body: JSON.stringify(message),
        });
        await res.arrayBuffer();
        if (res.status === 200) return true;
        if (res.status !== 429) {
          failures++;
          return false;
        }
        refused429++;
      } catch {
        failures++;
        return false;
      }
      // A short pause, not Retry-After's second: the bench is after memory under pressure, not patience.
      await sleep(20);
    }
  };

  const rssBeforeMb = rssKb(load.pid) / 1024;
  const rss = rssSampler(load.pid);
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < initializations; i = next++) {
      const token = tokens[i % tokens.length];
      if (!(await send(token, initialize))) continue;
      const call = largeRead(i);
      if (call && (await send(token, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: call }))) largeReads++;
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, worker));
  } finally {
    rss.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  // Still alive and answering: an initialize after the load.
  const alive = await send(tokens[0], initialize);
  const figures: McpFigures = {
    rssBeforeMb,
    rssPeakMb: rss.overall(),
    rssAfterMb: rssKb(load.pid) / 1024,
    initializations,
    largeReads,
    requests,
    refused429,
    failures,
    seconds,
  };
  const mb = (n: number) => `${Math.round(n)} MB`;
  console.log(
    `MCP flood (${initializations} initializations from ${tokens.length} tokens of one Reader, ${clients} clients, ` +
      `${largeReads} large reads): RSS ${mb(rssBeforeMb)} before, peak ${mb(figures.rssPeakMb)} (target < 350 MB), ` +
      `${mb(figures.rssAfterMb)} after; ${requests} requests in ${seconds.toFixed(1)} s, ${refused429} refused with 429, ` +
      `${failures} failed; answering after: ${alive ? 'yes' : 'NO'}; load average ${loadavg()[0].toFixed(1)}`,
  );
  return figures;
}

/** Alone: a bench database with one project of 20,000 tests, the real server, and the flood. */
function main() {
  const bench = benchSettings('casebook_bench_memory_mcp', 3948);
  const TESTS = 20_000;
  const BATCH = 5_000;
  console.log(
    `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}; server flags: ${serverNodeArgs().join(' ') || 'none'}`,
  );
  runBench({
    settings: bench,
    vacuumAnalyze: true,
    async seed(db: Database) {
      const member = await seedMember(db.prisma, 'MCP memory bench', 'User');
      const { projectId, sections } = await seedProject(db.prisma, member, 'MCP memory bench');
      const test = (i: number) => ({
        title: `Checkout flow ${i}: pay with a saved card and get a receipt`,
        steps: '1. Open the cart\n2. Choose the saved card\n3. Confirm the payment',
        expectedResult: 'The order is confirmed and a receipt is sent',
        sectionId: sections[i % sections.length],
      });
      for (let from = 0; from < TESTS; from += BATCH) {
        await bulkAddTests(member.ctx, { projectId, tests: Array.from({ length: BATCH }, (_, k) => test(from + k)) });
      }
      return { projectId };
    },
    async measure({ projectId }, server) {
      const figures = await measureMcp({ base: bench.base, pid: server.pid, databaseUrl: bench.databaseUrl, projectId });
      if (figures.failures > 0) process.exitCode = 1;
    },
  });
}

if (require.main === module) main();
