/**
 * The CPU a request spends in the rate limit (src/http/rate-limit/), measured alone: the router's
 * call (limitCredential: the verdict and the RateLimit headers on a real http.ServerResponse) run
 * in a loop against the real PostgreSQL store on a bench database, with process.cpuUsage() around
 * it, and the calls decided from memory (no round trip: nearly all of them) timed alone. Two cases:
 *
 * - 1,000 keys at the default 1200 a minute, taken in turn: a lease of 12 points, so one request
 *   in 12 pays a round trip (its pg client's CPU counted here, PostgreSQL's not);
 * - one key at 10,000,000 a minute (the bench servers' setting): a lease of 100,000.
 *
 * For scale, the CPU of a bare round trip (SELECT 1 on the same pool) is printed too.
 *
 * `npm run bench:rate-limit`; BENCH_REQUESTS (default 200,000) per case.
 */
import http from 'node:http';
import net from 'node:net';
import type { Response } from 'express';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { limitCredential, rateLimits } from '../src/http/rate-limit';
import { benchSettings, dropDatabase, migrate, recreateDatabase } from './support';

const requests = Number(process.env.BENCH_REQUESTS ?? 200_000);
const bench = benchSettings('casebook_bench_rate_limit', 0);

// A real response object: the limit sets its headers (setHeader is all it calls).
const response = () => new http.ServerResponse(new http.IncomingMessage(new net.Socket())) as unknown as Response;

/** The cost of a clock read pair, subtracted from each timed call decided from memory. */
function clockPairNs(): number {
  const n = 200_000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const a = process.hrtime.bigint();
    if (process.hrtime.bigint() < a) throw new Error('clock went back');
  }
  return Number(process.hrtime.bigint() - t0) / n;
}

/**
 * CPU µs per call of limitCredential over `n` calls (keys by `keyOf`), and the time of the calls
 * decided from memory alone (synchronous, so their elapsed time is CPU time), less the clock's own.
 */
async function measure(limits: ReturnType<typeof rateLimits>, n: number, keyOf: (i: number) => string, clockNs: number) {
  const res = response();
  let leases = 0;
  let memoryNs = 0;
  const started = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const waiting = limitCredential(limits, keyOf(i), res);
    if (waiting) {
      leases++;
      await waiting;
    } else {
      memoryNs += Number(process.hrtime.bigint() - t0) - clockNs;
    }
  }
  const cpu = process.cpuUsage(started);
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  return { cpuUsPerRequest: (cpu.user + cpu.system) / n, memoryUs: memoryNs / (n - leases) / 1000, leases, wallMs };
}

async function main() {
  await recreateDatabase(bench.databaseName);
  migrate(bench.databaseUrl);
  const config = loadConfig({ DATABASE_URL: bench.serverDatabaseUrl, DATABASE_POOL_SIZE: '4', LOG_LEVEL: 'warn' });
  const database = await openDatabase(config);
  try {
    const line = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
      console.log(
        `${name.padEnd(40)} ${r.cpuUsPerRequest.toFixed(2).padStart(6)} µs CPU/request (${r.memoryUs.toFixed(2)} µs from memory)  ` +
          `${r.leases} round trips in ${(r.wallMs / 1000).toFixed(1)} s`,
      );
    const clockNs = clockPairNs();
    // Warm up (JIT, the pool's connections, the named statement), then measure.
    const warm = rateLimits({ ...config.rateLimit, perCredential: 1200 }, database.sql);
    await measure(warm, 20_000, (i) => `w${i % 100}`, clockNs);

    const standard = rateLimits(config.rateLimit, database.sql); // the default: 1200 a minute
    const keys = 1000;
    line(
      `${keys} keys in turn, 1200/min (lease 12)`,
      await measure(standard, Math.min(requests, keys * 1100), (i) => `k${i % keys}`, clockNs),
    );
    const high = rateLimits({ ...config.rateLimit, perCredential: 10_000_000 }, database.sql);
    line('one key, 10,000,000/min (lease 100,000)', await measure(high, requests, () => 'one', clockNs));

    const trips = 2000;
    const before = process.cpuUsage();
    for (let i = 0; i < trips; i++) await database.sql.query({ name: 'bench-select-1', text: 'SELECT 1' });
    const cpu = process.cpuUsage(before);
    console.log(`a bare round trip (SELECT 1): ${((cpu.user + cpu.system) / trips).toFixed(0)} µs CPU`);
  } finally {
    await database.close();
    if (!process.env.BENCH_KEEP_DB) await dropDatabase(bench.databaseName);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
