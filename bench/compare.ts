/**
 * Casebook against the same work hand-written: `npm run bench` (tsx bench/compare.ts).
 *
 * Seeds one bench database through Casebook's services (20,000 tests with sections and
 * 0–3 labels each, a 10,000-test run with mixed statuses), starts the real server and
 * bench/baseline-server.ts (minimal Express + pg, the best known SQL, Casebook's JSON
 * shape) on it, each a process of its own, checks that both answer the same data, then
 * loads them with autocannon on loopback (gzip, BENCH_CONNECTIONS connections) in
 * alternating rounds (BENCH_ROUNDS each, BENCH_DURATION seconds per round; BENCH_ROWS=word,…
 * measures only the rows whose label holds one of the words):
 *   - GET /project/tests, pages of 100 at offsets 0 … 19,000, and GET /run/tests at
 *     offsets 0 … 9,900: Casebook and the hand-written server, and their ratio
 *   - GET /run/state-detail against GET /orgs (authentication + one small query: the floor)
 *   - the same reads with If-None-Match, where Casebook sends an ETag (304s)
 *   - walking a whole list by `cursor` / `nextCursor`, where Casebook's pages offer it
 * Each row gives requests/s, p99, the server's CPU per request (utime + stime from
 * /proc/<pid>/stat around each round) and its peak RSS. Nothing is asserted. BENCH_PROFILE=1 also
 * profiles both servers in the measured rounds and prints their CPU per request by part of the
 * request's road (bench/request-profile.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../src/db/client';
import { updateTestStatuses } from '../src/domain/runs/run-results.service';
import { createRun } from '../src/domain/runs/runs.service';
import { bulkAddTests } from '../src/domain/test-cases/bulk.service';
import {
  autocannon,
  benchSettings,
  cpuMs,
  rssSampler,
  runBench,
  seedMember,
  seedProject,
  serverNodeArgs,
  stopServer,
  type BenchServer,
  type CannonResult,
  type RssSampler,
} from './support';
import { printProfiles, profileSetup, profiling, RequestProfile } from './request-profile';

const bench = benchSettings('casebook_bench_compare', 3937);
const { connections, duration, base, poolSize } = bench;
const baselinePort = bench.port + 1;
const baselineBase = `http://127.0.0.1:${baselinePort}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TESTS = 20_000;
const RUN_SIZE = 10_000;
const BATCH = 5_000; // the most one bulk call takes
const PAGE = 100;
const STATUSES = ['passed', 'failed', 'blocked', 'retest'] as const;
// BENCH_PROFILE=1: both servers are profiled in their measured rounds (bench/request-profile.ts).
const profileDir = profiling ? profileSetup().dir : '';
const profiles: RequestProfile[] = [];

// ---- seed: through the services, so whatever they keep beside the rows (run counters, totals, change counters) is right

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Compare bench', 'User');
  const { ctx } = member;
  const { projectId, sections } = await seedProject(p, member, 'Compare bench');
  const lookups = await p.lookupEntry.findMany({ where: { projectId }, orderBy: { position: 'asc' } });
  const ofKind = (kind: string) => lookups.filter((l) => l.kind === kind).map((l) => l.id);
  const [priority, type, automation, platform] = ['priority', 'type', 'automation_status', 'platform'].map(ofKind);
  const labels = (
    await p.label.createManyAndReturn({
      data: Array.from({ length: 10 }, (_, i) => ({ projectId, labelName: `label-${i}`, nameKey: `label-${i}` })),
    })
  ).map((l) => l.labelId);
  const squads = (
    await p.squad.createManyAndReturn({
      data: Array.from({ length: 5 }, (_, i) => ({ projectId, squadName: `Squad ${i}`, nameKey: `squad ${i}` })),
    })
  ).map((s) => s.squadId);
  const test = (i: number) => ({
    title: `Checkout flow ${i}: pay with a saved card and get a receipt`,
    steps: '1. Open the cart\n2. Choose the saved card\n3. Confirm the payment',
    expectedResult: 'The order is confirmed and a receipt is sent',
    sectionId: sections[i % sections.length],
    priorityId: priority[i % priority.length],
    typeId: type[i % type.length],
    automationStatusId: automation[i % automation.length],
    platformId: platform[i % platform.length],
    squadId: squads[i % squads.length],
    automationKey: i % 2 === 0 ? `checkout.Flow${i}` : undefined,
    labels: Array.from({ length: i % 4 }, (_, k) => labels[(i + k * 3) % labels.length]),
  });
  const testIds: number[] = [];
  for (let from = 0; from < TESTS; from += BATCH) {
    const added = await bulkAddTests(ctx, { projectId, tests: Array.from({ length: BATCH }, (_, k) => test(from + k)) });
    testIds.push(...added.testIds);
  }
  testIds.sort((a, b) => a - b);
  const { runId } = await createRun(ctx, { projectId, runName: 'Regression 10k', testIds: testIds.slice(0, RUN_SIZE) });
  // Four tests in five get a result (a tenth of them with a comment); the fifth stays untested.
  for (let from = 0; from < RUN_SIZE; from += BATCH) {
    const testResults = testIds.slice(from, from + BATCH).flatMap((testId, k) => {
      const i = from + k;
      if (i % 5 === 4) return [];
      return [
        {
          testId,
          status: STATUSES[i % 4],
          comment: i % 10 === 0 ? `seen in build ${i}` : undefined,
          elapsedMs: i % 7 === 0 ? i : undefined,
        },
      ];
    });
    await updateTestStatuses(ctx, { runId, projectId, testResults });
  }
  return { token: member.token, projectId, runId };
}
type Seed = Awaited<ReturnType<typeof seed>>;

// ---- the hand-written server

function startBaseline(): Promise<ChildProcess> {
  const root = path.resolve(__dirname, '..');
  const child = spawn(process.execPath, [...serverNodeArgs(), '--require', 'tsx/cjs', path.join(__dirname, 'baseline-server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: bench.serverDatabaseUrl,
      DATABASE_POOL_SIZE: poolSize,
      PORT: String(baselinePort),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`${baselineBase}/readyz`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() - started > 30_000) return reject(new Error('the hand-written server did not start'));
      setTimeout(() => void poll(), 200);
    };
    void poll();
  });
}

// ---- measuring

interface Side {
  name: string;
  base: string;
  pid: () => number;
  rss: RssSampler;
}

/** An autocannon request; setupRequest/onResponse carry a cursor from one page to the next. */
interface CannonRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (req: CannonRequest, context: Record<string, unknown>) => CannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

interface Load {
  side: Side;
  requests: CannonRequest[];
}

type Result = CannonResult & { statusCodeStats?: Record<string, { count: number }> };

interface Tally {
  server: string;
  requests: number;
  seconds: number;
  p99: number;
  cpuMs: number;
  rssMb: number;
  errors: number;
  codes: Record<string, number>;
}

let auth: Record<string, string> = {};

async function once(load: Load, seconds: number, tally?: Tally, profile?: RequestProfile) {
  const { side } = load;
  side.rss.peak(); // starts the round's peak afresh
  const cpuBefore = cpuMs(side.pid());
  profile?.start(side.pid());
  const r = (await autocannon({ url: side.base, connections, duration: seconds, headers: auth, requests: load.requests })) as Result;
  await profile?.stop(side.pid(), r.requests.total);
  if (!tally) return;
  tally.cpuMs += cpuMs(side.pid()) - cpuBefore;
  tally.rssMb = Math.max(tally.rssMb, side.rss.peak());
  tally.requests += r.requests.total;
  tally.seconds += r.duration;
  tally.p99 = Math.max(tally.p99, r.latency.p99);
  tally.errors += r.errors;
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) tally.codes[code] = (tally.codes[code] ?? 0) + Number(count);
}

/**
 * The loads in alternating rounds (A B, B A, …) after a short warm-up of each, so
 * that drifts of a shared machine fall on all of them alike. p99 is the worst round's.
 */
/** BENCH_ROWS: measure only the rows whose label holds one of these comma-separated words (for tuning one endpoint). */
const only = (process.env.BENCH_ROWS ?? '').split(',').filter(Boolean);
const skipped = (label: string) => only.length > 0 && !only.some((word) => label.includes(word));

async function rounds(label: string, loads: Load[]): Promise<Tally[]> {
  const empty = () => ({ server: '', requests: 0, seconds: 0, p99: 0, cpuMs: 0, rssMb: 0, errors: 0, codes: {} });
  if (skipped(label)) return loads.map(empty);
  console.log(`measuring ${label} …`);
  for (const load of loads) await once(load, 2);
  const tallies = loads.map((l) => ({ server: l.side.name, requests: 0, seconds: 0, p99: 0, cpuMs: 0, rssMb: 0, errors: 0, codes: {} }));
  const profiled = profiling ? loads.map((l) => new RequestProfile(`${label.split(',')[0]}: ${l.side.name}`, profileDir)) : [];
  profiles.push(...profiled);
  for (let round = 0; round < ROUNDS; round++) {
    const order = loads.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) await once(loads[i], duration, tallies[i], profiled[i]);
  }
  return tallies;
}

const get = (paths: string[], headers?: (path: string) => Record<string, string>): CannonRequest[] =>
  paths.map((p) => ({ method: 'GET', path: p, headers: headers?.(p) }));

/**
 * Each connection walks the whole list a page at a time by its nextCursor, then starts
 * again. Uncompressed: autocannon hands onResponse the body as text, which gzip is not.
 */
function walk(first: string): CannonRequest[] {
  return [
    {
      method: 'GET',
      path: first,
      headers: { ...auth, 'accept-encoding': 'identity' },
      setupRequest: (req, context) => ({
        ...req,
        path: typeof context.cursor === 'string' ? `${first}&cursor=${encodeURIComponent(context.cursor)}` : first,
      }),
      onResponse: (_status, body, context) => {
        const m = /"nextCursor":(?:"([^"]*)"|(\d+))/.exec(body);
        context.cursor = m ? (m[1] ?? m[2]) : undefined;
      },
    },
  ];
}

// ---- checks before measuring

type Envelope = { data?: Record<string, unknown> & { tests?: Record<string, unknown>[] } };

async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { ...auth, ...headers } });
  const text = await res.text();
  let body: Envelope = {};
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    // reported as a difference below
  }
  return { status: res.status, etag: res.headers.get('etag'), body, text };
}

/** The page without its cursor (opaque: each server writes its own). */
const comparable = (body: Envelope) => {
  const data = { ...body.data };
  delete data.nextCursor;
  return { ...body, data };
};

/** Where two pages differ, in a few words; undefined when they do not. */
function difference(a: Envelope, b: Envelope): string | undefined {
  const [x, y] = [comparable(a), comparable(b)];
  if (isDeepStrictEqual(x, y)) return undefined;
  const keys = (o: object) => Object.keys(o).sort().join(',');
  if (keys(x.data) !== keys(y.data)) return `page fields differ: Casebook {${keys(x.data)}}, hand-written {${keys(y.data)}}`;
  const [tx, ty] = [x.data.tests ?? [], y.data.tests ?? []];
  for (const field of Object.keys(x.data)) {
    if (field !== 'tests' && !isDeepStrictEqual(x.data[field], y.data[field])) {
      return `${field}: Casebook ${JSON.stringify(x.data[field])}, hand-written ${JSON.stringify(y.data[field])}`;
    }
  }
  if (tx.length !== ty.length) return `Casebook has ${tx.length} tests, hand-written ${ty.length}`;
  const i = tx.findIndex((t, k) => !isDeepStrictEqual(t, ty[k]));
  if (i >= 0) {
    const fields = [...new Set([...Object.keys(tx[i]), ...Object.keys(ty[i])])].filter((f) => !isDeepStrictEqual(tx[i][f], ty[i][f]));
    const show = (t: Record<string, unknown>) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, t[f]])));
    return `test ${i} of the page differs in ${fields.join(', ')}: Casebook ${show(tx[i])}, hand-written ${show(ty[i])}`;
  }
  return 'the envelopes differ';
}

async function checkSame(label: string, paths: string[]) {
  for (const p of paths) {
    const [a, b] = await Promise.all([getJson(base + p), getJson(baselineBase + p)]);
    const diff = a.status !== b.status ? `HTTP ${a.status} and ${b.status}` : difference(a.body, b.body);
    console.log(`same data, ${label} ${p.replace(/.*\?/, '')}: ${diff ? `NO: ${diff}` : 'yes'}`);
  }
}

/** Follows nextCursor from the first page to the end; the tests seen, the pages and whether ids only ever grew. */
async function walkOnce(origin: string, first: string) {
  let cursor: string | undefined;
  let pages = 0;
  let tests = 0;
  let last = 0;
  let ascending = true;
  do {
    const { body } = await getJson(origin + (cursor ? `${first}&cursor=${encodeURIComponent(cursor)}` : first));
    const page = body.data?.tests ?? [];
    for (const t of page) {
      ascending &&= Number(t.testId) > last;
      last = Number(t.testId);
    }
    tests += page.length;
    pages++;
    const next = body.data?.nextCursor;
    cursor = typeof next === 'string' || typeof next === 'number' ? String(next) : undefined;
  } while (cursor && pages < 10_000);
  return `${tests} tests in ${pages} pages${ascending ? '' : ', ids NOT ascending'}`;
}

// ---- the table

interface Row {
  endpoint: string;
  tally: Tally;
  ratio?: string;
  note?: string;
}

const rate = (t: Tally) => t.requests / Math.max(t.seconds, 1e-9);

function problems(t: Tally, expected: string) {
  const other = Object.entries(t.codes).filter(([code]) => code !== expected);
  const bad = other.map(([code, n]) => `${n}× HTTP ${code}`);
  if (t.errors) bad.push(`${t.errors} errors`);
  return bad.length ? bad.join(', ') : undefined;
}

function printTable(rows: Row[]) {
  const head = ['endpoint', 'server', 'req/s', 'p99 ms', 'CPU ms/req', 'RSS MB', 'ratio', 'note'];
  const body = rows.map((r) => [
    r.endpoint,
    r.tally.server,
    rate(r.tally).toFixed(0),
    String(r.tally.p99),
    (r.tally.cpuMs / Math.max(1, r.tally.requests)).toFixed(2),
    r.tally.rssMb.toFixed(0),
    r.ratio ?? '',
    r.note ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const b of body) console.log(line(b));
}

const times = (a: Tally, b: Tally) => `${(rate(a) / rate(b)).toFixed(2)}×`;
// Express answers with a weak ETag of the body's hash when the route sets none of its own: the page is still built.
const expressEtag = /^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/;

async function measure(s: Seed, casebook: BenchServer) {
  auth = { authorization: `Bearer ${s.token}` };
  const baseline = await startBaseline();
  const cb: Side = { name: 'Casebook', base, pid: () => casebook.pid, rss: rssSampler(() => casebook.pid) };
  const hand: Side = { name: 'hand-written', base: baselineBase, pid: () => baseline.pid!, rss: rssSampler(baseline.pid!) };
  try {
    const load = loadavg().map((n) => n.toFixed(2));
    console.log(
      `\n${cpus().length} CPUs, load average ${load.join(' ')}; ${connections} connections, gzip, pool ${poolSize}, ` +
        `${ROUNDS} rounds of ${duration} s per server and row, alternating`,
    );
    console.log(`idle RSS: Casebook ${cb.rss.peak().toFixed(0)} MB, hand-written ${hand.rss.peak().toFixed(0)} MB`);
    const catalog = `/api/v1/project/tests?projectId=${s.projectId}&limit=${PAGE}`;
    const runTests = `/api/v1/run/tests?runId=${s.runId}&projectId=${s.projectId}&limit=${PAGE}`;
    const catalogPaths = Array.from({ length: 20 }, (_, i) => `${catalog}&offset=${i * 1000}`);
    const runPaths = Array.from({ length: 12 }, (_, i) => `${runTests}&offset=${i * 900}`);
    const stateDetail = `/api/v1/run/state-detail?runId=${s.runId}&projectId=${s.projectId}`;

    await checkSame('GET /project/tests', [catalogPaths[0], catalogPaths[10], catalogPaths[19]]);
    await checkSame('GET /run/tests', [runPaths[0], runPaths[6], runPaths[11]]);

    const rows: Row[] = [];
    const pair = async (endpoint: string, paths: string[]) => {
      const [a, b] = await rounds(endpoint, [
        { side: cb, requests: get(paths) },
        { side: hand, requests: get(paths) },
      ]);
      rows.push({ endpoint, tally: a, ratio: times(a, b), note: problems(a, '200') }, { endpoint: '', tally: b, note: problems(b, '200') });
    };
    await pair('GET /project/tests, offsets 0…19,000', catalogPaths);
    await pair('GET /run/tests, offsets 0…9,900', runPaths);
    const [state, orgs] = await rounds('GET /run/state-detail and GET /orgs', [
      { side: cb, requests: get([stateDetail]) },
      { side: cb, requests: get(['/api/v1/orgs']) },
    ]);
    rows.push(
      { endpoint: 'GET /run/state-detail', tally: state, ratio: `${times(state, orgs)} /orgs`, note: problems(state, '200') },
      { endpoint: 'GET /orgs (floor)', tally: orgs, note: problems(orgs, '200') },
    );

    // Conditional reads, where Casebook sends ETags: each page asked for with its own.
    for (const [endpoint, paths] of [
      ['GET /project/tests, If-None-Match', catalogPaths],
      ['GET /run/tests, If-None-Match', runPaths],
      ['GET /run/state-detail, If-None-Match', [stateDetail]],
    ] as const) {
      const etags = new Map<string, string>();
      for (const p of paths) {
        const etag = (await fetch(base + p, { headers: { ...auth, 'accept-encoding': 'gzip, deflate' } })).headers.get('etag');
        if (etag) etags.set(p, etag);
      }
      if (etags.size < paths.length) {
        console.log(`${endpoint}: skipped, Casebook sends no ETag`);
        continue;
      }
      const byBody = [...etags.values()].every((e) => expressEtag.test(e));
      const [t] = await rounds(endpoint, [
        { side: cb, requests: get([...paths], (p) => ({ ...auth, 'accept-encoding': 'gzip, deflate', 'if-none-match': etags.get(p)! })) },
      ]);
      const hits = t.codes['304'] ?? 0;
      rows.push({
        endpoint,
        tally: t,
        note: [
          `${((100 * hits) / Math.max(1, t.requests)).toFixed(1)}% 304`,
          byBody ? "Express's body-hash ETag: page still built" : '',
          problems(t, '304'),
        ]
          .filter(Boolean)
          .join('; '),
      });
    }

    // Walking a whole list, where Casebook's pages carry a nextCursor.
    for (const [endpoint, first] of [
      ['walk /project/tests by cursor (no gzip)', catalog],
      ['walk /run/tests by cursor (no gzip)', runTests],
    ] as const) {
      const probe = await getJson(base + first);
      if (!probe.body.data || !('nextCursor' in probe.body.data)) {
        console.log(`${endpoint}: skipped, Casebook's page has no nextCursor`);
        continue;
      }
      console.log(`${endpoint}: Casebook ${await walkOnce(base, first)}; hand-written ${await walkOnce(baselineBase, first)}`);
      const [a, b] = await rounds(endpoint, [
        { side: cb, requests: walk(first) },
        { side: hand, requests: walk(first) },
      ]);
      rows.push({ endpoint, tally: a, ratio: times(a, b), note: problems(a, '200') }, { endpoint: '', tally: b, note: problems(b, '200') });
    }

    printTable(rows.filter((r) => r.tally.server !== ''));
    printProfiles(profiles);
    console.log(
      `\nratio: Casebook's req/s over the hand-written server's (state-detail: over /orgs). RSS: peak during the row. ` +
        `Load average now ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}.`,
    );
    console.log(
      'targets (for information): lists >= 0.9x the hand-written, >= 1,000 req/s, p99 < 100 ms; If-None-Match >= 3,000 req/s; state-detail >= 0.9x /orgs',
    );
  } finally {
    cb.rss.stop();
    hand.rss.stop();
    await stopServer(baseline);
  }
}

// Requests autocannon gave up on at the end of its last round may still be running: 2 s for them.
runBench({ settings: bench, seed, measure, vacuumAnalyze: true, settleMs: 2000 });
