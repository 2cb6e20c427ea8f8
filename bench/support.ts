/**
 * What the benchmarks share: their settings from BENCH_* variables, a bench
 * database on the local PostgreSQL, the real server started on it, autocannon,
 * the server's memory and CPU read from /proc, a seeded member with a token, and
 * the life cycle of every bench around its seed and measurement (runBench).
 *
 * Variables: BENCH_ADMIN_DATABASE_URL (the admin connection, default
 * postgresql://postgres@127.0.0.1:5432/postgres), BENCH_PORT, BENCH_POOL_SIZE
 * (default 20), BENCH_CONNECTIONS (default 50), BENCH_DURATION (seconds per
 * run, default 10), BENCH_NODE_ARGS (extra node arguments for the server).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { Client } from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { openBlobStore } from '../src/db/blobs';
import { defaultLookupRows } from '../src/domain/lookups/lookup-defaults';
import { issueToken } from '../src/domain/tokens/tokens.service';
import type { Role } from '../src/generated/prisma/client';
import type { RequestContext } from '../src/core/context';

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  duration: number;
}
// autocannon ships no type declarations; this is the part of its result used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rawAutocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<CannonResult>;

/** autocannon, asking for compressed responses as browsers and most HTTP clients do. */
export const autocannon = (opts: Record<string, unknown> & { headers?: Record<string, string> }) =>
  rawAutocannon({ ...opts, headers: { 'accept-encoding': 'gzip, deflate', ...opts.headers } });

const root = path.resolve(__dirname, '..');
const casebookBin = path.join(root, 'bin/casebook.js');
const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A bench's database and load settings; BENCH_* variables override the defaults. */
export function benchSettings(databaseName: string, defaultPort: number) {
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  return {
    databaseName,
    databaseUrl: benchDatabaseUrl(databaseName),
    serverDatabaseUrl: serverDatabaseUrl(databaseName),
    port,
    base: `http://127.0.0.1:${port}`,
    poolSize: process.env.BENCH_POOL_SIZE ?? '20',
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    duration: Number(process.env.BENCH_DURATION ?? 10),
  };
}
export type BenchSettings = ReturnType<typeof benchSettings>;

/** The URL of database `databaseName` on the server of the admin connection. */
export function benchDatabaseUrl(databaseName: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${databaseName}`;
  return u.toString();
}

/**
 * The server reaches PostgreSQL through its Unix socket when there is one, as a
 * co-located deployment would: on this machine a loopback TCP round trip costs
 * the server ~100 µs of system time per query. BENCH_SERVER_DATABASE_URL overrides.
 */
const socketDir = '/var/run/postgresql';
export function serverDatabaseUrl(databaseName: string): string {
  if (process.env.BENCH_SERVER_DATABASE_URL) return process.env.BENCH_SERVER_DATABASE_URL;
  if (!fs.existsSync(path.join(socketDir, '.s.PGSQL.5432'))) return benchDatabaseUrl(databaseName);
  const u = new URL(adminUrl);
  u.hostname = 'localhost';
  u.port = '';
  u.pathname = `/${databaseName}`;
  u.searchParams.set('host', socketDir);
  return u.toString();
}

/** Runs one statement on a connection of its own: to the admin database unless `url` says otherwise. */
export async function admin(sql: string, url = adminUrl) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Drops the database if a previous bench left it behind, and creates it empty. */
export async function recreateDatabase(databaseName: string) {
  await dropDatabase(databaseName);
  await admin(`CREATE DATABASE "${databaseName}"`);
}

export async function dropDatabase(databaseName: string) {
  await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
}

/** Applies the migrations with `casebook migrate`. */
export function migrate(databaseUrl: string) {
  execFileSync(process.execPath, [casebookBin, 'migrate'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A small connection for seeding through Prisma; the caller closes it. */
export function openSeedDatabase(databaseUrl: string): Promise<Database> {
  return openDatabase(loadConfig({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '2', LOG_LEVEL: 'warn' }));
}

/**
 * The node flags a bench server runs with: `npm start`'s (its heap bound), then
 * BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
 */
export function serverNodeArgs(): string[] {
  const startFlags = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string)
    .split(' ')
    .filter((arg) => arg.startsWith('--'));
  // BENCH_PROFILE=1 (bench/request-profile.ts): the hook that profiles a measured round when told.
  const profile = process.env.BENCH_PROFILE === '1' ? ['--require', path.join(__dirname, 'profile-hook.cjs')] : [];
  return [...startFlags, ...profile, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
}

/** Starts `casebook serve` on the bench database and resolves once /readyz answers (30 s at most). */
export function startServer(settings: Pick<BenchSettings, 'serverDatabaseUrl' | 'poolSize' | 'port'>): Promise<ChildProcess> {
  const { serverDatabaseUrl: databaseUrl, poolSize, port } = settings;
  console.log(`server database: ${databaseUrl.replace(/\?host=.*/, ' via the Unix socket')}`);
  const nodeArgs = serverNodeArgs();
  const child = spawn(process.execPath, [...nodeArgs, casebookBin, 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: poolSize,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // A bench sends far more than 1200 requests a minute with one token: the limit stays on (its cost is
      // measured with the rest, a lease of 50 points per round trip) but high enough never to refuse one.
      // BENCH_RATE_LIMIT_PER_MINUTE=0 measures without it.
      RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT_PER_MINUTE ?? '10000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() - started > 30_000) return reject(new Error('server did not start'));
      setTimeout(poll, 200);
    };
    // poll settles the promise itself and catches what fetch throws: nothing is left to await.
    void poll();
  });
}

/** Sends SIGTERM and resolves once the server has exited. */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The process's resident memory now, in kB. */
export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/**
 * Samples the server's resident memory every 20 ms; `peak()` reads and resets the phase maximum, in MB.
 * `pid` may be a function, to follow a server that is restarted.
 */
export function rssSampler(pid: number | (() => number | undefined)) {
  let phase = 0;
  let overall = 0;
  const read = () => {
    try {
      const current = typeof pid === 'number' ? pid : pid();
      if (current === undefined) return;
      const kb = rssKb(current);
      phase = Math.max(phase, kb);
      overall = Math.max(overall, kb);
    } catch {
      // the process has exited
    }
  };
  const timer = setInterval(read, 20);
  read();
  return {
    peak() {
      read();
      const mb = phase / 1024;
      phase = 0;
      return mb;
    },
    overall: () => overall / 1024,
    stop: () => clearInterval(timer),
  };
}
export type RssSampler = ReturnType<typeof rssSampler>;

/** CPU time (user + system) the process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks of 1/100 s
}

/**
 * An organization with one member of `role` and an API token of theirs. `ctx`
 * calls services directly as that member, for seeding that would take many API
 * calls (RBAC is not what the benches measure).
 */
export async function seedMember(p: Db, orgName: string, role: Role) {
  const org = await p.organization.create({ data: { orgName } });
  const user = await p.user.create({
    data: {
      email: `${orgName.toLowerCase().replaceAll(' ', '-')}@example.test`,
      name: `Bench ${role}`,
      memberships: { create: { orgId: org.orgId, role } },
    },
  });
  const { token } = await issueToken(p, user.userId, 'bench');
  const ctx: RequestContext = {
    userId: user.userId,
    memberships: [{ orgId: org.orgId, role }],
    orgIds: [org.orgId],
    via: 'token',
    tokenId: null,
    db: p,
    // Benchmarks of other features store no attachments.
    attachments: { blobs: openBlobStore({ dataDir: os.tmpdir() }), maxFileBytes: 0, quotaBytes: 0 },
    webhookTargets: { allowPrivate: false },
    can: () => true,
    answer: {},
  };
  return { orgId: org.orgId, userId: user.userId, token, ctx };
}

/**
 * A project of the member's organization with its default lookups and a section
 * tree: `areas` top sections of `features` subsections each. `sections` holds
 * them all in creation order, each area before its features.
 */
export async function seedProject(p: Db, member: { orgId: number; userId: number }, projectName: string, tree = { areas: 5, features: 4 }) {
  const project = await p.project.create({ data: { orgId: member.orgId, projectName, createdBy: member.userId } });
  const projectId = project.projectId;
  await p.lookupEntry.createMany({ data: defaultLookupRows(projectId) });
  const areas: number[] = [];
  const features: number[] = [];
  const sections: number[] = [];
  for (let top = 0; top < tree.areas; top++) {
    const area = (await p.section.create({ data: { projectId, sectionName: `Area ${top}` } })).sectionId;
    areas.push(area);
    sections.push(area);
    for (let child = 0; child < tree.features; child++) {
      const feature = (await p.section.create({ data: { projectId, sectionName: `Feature ${top}.${child}`, parentSectionId: area } }))
        .sectionId;
      features.push(feature);
      sections.push(feature);
    }
  }
  return { projectId, areas, features, sections };
}

/** The running server as a bench's `measure` sees it. */
export interface BenchServer {
  /** The server's process id; a restart changes it. */
  readonly pid: number;
  /** Its memory, sampled every 20 ms; only with `sampleRss`. */
  readonly rss: RssSampler;
  /** Stops the server and starts a fresh one on the same database. */
  restart(): Promise<void>;
}

export interface BenchPlan<S> {
  settings: BenchSettings;
  /** Seeds the migrated database through a small connection, closed afterwards. */
  seed(db: Database): Promise<S>;
  /** VACUUM ANALYZE after seeding, for the statistics a long-lived database would have (not for a bench of a fresh import). */
  vacuumAnalyze?: boolean;
  /** Samples the server's RSS, printing it at start and its peak over the whole bench at the end. */
  sampleRss?: boolean;
  /** Waits this long after measuring before stopping the server: requests a load tool gave up on may still be running. */
  settleMs?: number;
  measure(seeded: S, server: BenchServer): Promise<void>;
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

/**
 * A bench's whole life: a fresh migrated database, seeded; the real server on
 * it; the measurement; then the server stopped and the database dropped,
 * whatever happened. A failure is printed and exits with 1.
 */
export function runBench<S>(plan: BenchPlan<S>): void {
  lifeCycle(plan).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

async function lifeCycle<S>(plan: BenchPlan<S>) {
  const { settings } = plan;
  await recreateDatabase(settings.databaseName);
  let child: ChildProcess | undefined;
  let sampler: RssSampler | undefined;
  try {
    migrate(settings.databaseUrl);
    const db = await openSeedDatabase(settings.databaseUrl);
    let seeded: S;
    try {
      seeded = await plan.seed(db);
    } finally {
      await db.close();
    }
    if (plan.vacuumAnalyze) await admin('VACUUM ANALYZE', settings.databaseUrl);
    child = await startServer(settings);
    if (plan.sampleRss) {
      sampler = rssSampler(() => child?.pid);
      console.log(`server pid ${child.pid}, RSS at start ${mb(sampler.peak())}`);
    }
    const server: BenchServer = {
      get pid() {
        return child!.pid!;
      },
      get rss() {
        if (!sampler) throw new Error('the bench does not sample RSS: set sampleRss');
        return sampler;
      },
      async restart() {
        const old = child!;
        child = undefined;
        await stopServer(old);
        child = await startServer(settings);
      },
    };
    await plan.measure(seeded, server);
    if (sampler) console.log(`\nserver RSS peak over the whole bench: ${mb(sampler.overall())}`);
    if (plan.settleMs) await new Promise((resolve) => setTimeout(resolve, plan.settleMs));
  } finally {
    sampler?.stop();
    if (child) await stopServer(child);
    // BENCH_KEEP_DB=1 leaves the seeded database for a look at its plans (EXPLAIN) after the run.
    if (!process.env.BENCH_KEEP_DB) await dropDatabase(settings.databaseName);
  }
}

/** Milliseconds as the single-request benches print them. */
export const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * One timed API call of a single-request bench (bench/run-size.ts, bench/plan.ts): prints its
 * label, time and the size of what it made (a run's or plan's test count), and returns `data`.
 */
export async function timedCall(base: string, label: string, method: string, path: string, token: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`${label}: HTTP ${res.status} ${text.slice(0, 300)}`);
  const json = JSON.parse(text) as { data: { runId?: number; planId?: number; total?: number; statusCounts?: { total: number } } };
  const size = json.data?.statusCounts?.total ?? json.data?.total ?? '';
  console.log(`${label.padEnd(58)} ${ms(elapsed).padStart(9)}   ${size}`);
  return json.data;
}
