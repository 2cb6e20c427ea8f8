/**
 * BENCH_PROFILE=1: where a bench server's CPU goes, per request, from V8's CPU profiler (not a
 * guess). The servers load bench/profile-hook.cjs; each measured round is profiled, and every
 * sample's time is given to the first frame of its stack that belongs to a part of the request's
 * road below (a sample in Node's own code counts for the library that called it when that
 * library is named, else for Node's HTTP and streams). The profiler costs some CPU itself, so
 * the parts add up to more than the bench's CPU ms/req; compare them between servers and commits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const profiling = process.env.BENCH_PROFILE === '1';

/** The parts of a request's road, tested in this order on a frame's script (its file or package). */
const PARTS: [string, RegExp][] = [
  ['gzip (zlib, compression)', /^(node:zlib|npm:(compression|on-headers|negotiator|accepts|vary))$/],
  ['Express routing', /^(npm:(router|express|parseurl|finalhandler|path-to-regexp)|src\/app\.ts|src\/http\/route-table\.ts)$/],
  ['security headers', /^src\/http\/security-headers\.ts$/],
  ['authentication', /^(src\/auth\/.*|src\/core\/secrets\.ts|src\/domain\/(tokens|users)\/.*|node:internal\/crypto\/.*)$/],
  ['rate limit', /^(src\/http\/rate-limit\/.*|npm:rate-limiter-flexible)$/],
  ['validation (zod)', /^(npm:zod|src\/http\/nul-characters\.ts)$/],
  ['API router, ETag, envelope', /^src\/http\/.*$/],
  ['SQL text (Prisma.sql, statement names)', /^(npm:@prisma\/.*|src\/generated\/.*|src\/db\/.*)$/],
  ['pg driver', /^npm:pg(-pool|-protocol|-types)?$/],
  ['route handler (services, data)', /^src\/(domain|core)\/.*$/],
  ['hand-written server', /^bench\/.*$/],
  ['garbage collector', /^\(garbage collector\)$/],
  ['Node HTTP, sockets, streams', /^node:.*$/],
];
const OTHER = 'other';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's script: `npm:<package>`, a path under the repository (dist/ read as src/, .js as .ts), `node:…`, or a V8 pseudo-frame. */
function scriptOf(node: ProfileNode): string | undefined {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName === '(garbage collector)' || functionName === '(idle)' ? functionName : undefined;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm:${pkg[1]}`;
  const own = /\/(dist|src|bench)\/(.*)$/.exec(url);
  if (own) return own[1] === 'dist' ? `src/${own[2].replace(/\.js$/, '.ts')}` : `${own[1]}/${own[2]}`;
  return url.startsWith('node:') ? url : undefined;
}

/** Microseconds of CPU by part in one profile (idle left out). */
function partsOf(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const parts = new Map<string, number>();
  for (const [id, us] of selfUs) {
    // Native frames (no script) count for the first frame above them that has one.
    let node = byId.get(id);
    let script: string | undefined;
    while (node && !(script = scriptOf(node))) node = byId.get(parent.get(node.id) ?? -1);
    if (script === '(idle)') continue;
    const part = (script && PARTS.find(([, re]) => re.test(script))?.[0]) ?? OTHER;
    parts.set(part, (parts.get(part) ?? 0) + us);
  }
  return parts;
}

/** The profiles of one server's measured rounds of one bench row. */
export class RequestProfile {
  private readonly parts = new Map<string, number>();
  private requests = 0;

  constructor(
    readonly label: string,
    private readonly dir: string,
  ) {}

  start(pid: number): void {
    process.kill(pid, 'SIGUSR2');
  }

  /** Stops the profiler and adds what it sampled, over `requests` requests. */
  async stop(pid: number, requests: number): Promise<void> {
    const before = new Set(fs.readdirSync(this.dir));
    process.kill(pid, 'SIGUSR2');
    const file = await waitForNewFile(this.dir, before, `cpu-${pid}-`);
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
    fs.rmSync(file);
    for (const [part, us] of partsOf(profile)) this.parts.set(part, (this.parts.get(part) ?? 0) + us);
    this.requests += requests;
  }

  /** µs of CPU per request by part. */
  perRequest(): Map<string, number> {
    return new Map([...this.parts].map(([part, us]) => [part, us / Math.max(1, this.requests)]));
  }
}

async function waitForNewFile(dir: string, before: Set<string>, prefix: string): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const found = fs.readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith('.cpuprofile') && !before.has(f));
    if (found) return path.join(dir, found);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server wrote no profile');
}

/** A folder for the servers' profiles, named to them by BENCH_PROFILE_DIR (bench/support.ts's serverNodeArgs loads the hook). */
export function profileSetup(): { dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-bench-profile-'));
  process.env.BENCH_PROFILE_DIR = dir;
  return { dir };
}

/** The parts side by side, a column per profile: µs per request, and the total. */
export function printProfiles(profiles: RequestProfile[]): void {
  if (profiles.length === 0) return;
  const columns = profiles.map((p) => p.perRequest());
  const names = [...PARTS.map(([name]) => name), OTHER].filter((name) => columns.some((c) => (c.get(name) ?? 0) >= 0.5));
  const rows = [
    ['part (µs of CPU per request)', ...profiles.map((p) => p.label)],
    ...names.map((name) => [name, ...columns.map((c) => (c.get(name) ?? 0).toFixed(0))]),
    ['total', ...columns.map((c) => [...c.values()].reduce((a, b) => a + b, 0).toFixed(0))],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('\nCPU per request by part of its road (BENCH_PROFILE=1: V8 profiles of the measured rounds, the profiler included)');
  for (const [k, r] of rows.entries()) {
    console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
    if (k === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
