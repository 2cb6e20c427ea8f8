/**
 * The embedded database's first command: `npx tsx bench/cli-first-command.ts` (npm run bench:cli).
 *
 * Times the `casebook` command as the image runs it (bin/casebook.js on the compiled dist/, no
 * sources) on the embedded database, in two copies of the build: with the build's snapshot
 * (dist/embedded-db, src/db/embedded-snapshot.ts) and without it (PGlite creates the database, then
 * every migration is applied). For each, BENCH_RUNS times (default 5): `org create` on a new data
 * directory, then `user create` and `token create` on that one, migrated; and `serve` on a new data
 * directory until it says it is serving. Prints the median wall time and CPU (user + system) of
 * each. Target: a first command under 3 s, aiming at ~1 s. Needs a built dist/ with its
 * snapshot (npm run build:server); nothing is asserted, every directory made is deleted.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-bench-cli-'));
// Written by each command as it exits: its own CPU time, which the wall time of a loaded machine hides.
const cpuProbe = path.join(tmp, 'cpu-probe.js');
fs.writeFileSync(
  cpuProbe,
  "process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeFileSync(process.env.BENCH_CPU_FILE, String((u.user + u.system) / 1e6)); });\n",
);

/** A copy of the build as the image has it: bin/, dist/, prisma/, the build-state script, node_modules by link. */
function checkout(name: string, withSnapshot: boolean): string {
  const dir = path.join(tmp, name);
  for (const p of ['bin', 'prisma', 'package.json', 'scripts/build-state.js'])
    fs.cpSync(path.join(root, p), path.join(dir, p), { recursive: true });
  fs.cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), {
    recursive: true,
    filter: (source) => withSnapshot || !source.startsWith(path.join(root, 'dist', 'embedded-db')),
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

interface Timing {
  wall: number;
  cpu: number;
}

function command(dir: string, dataDir: string, args: string[]): Timing {
  const cpuFile = path.join(tmp, 'cpu');
  const started = performance.now();
  const res = spawnSync(process.execPath, ['-r', cpuProbe, 'bin/casebook.js', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', CASEBOOK_DATA_DIR: dataDir, BENCH_CPU_FILE: cpuFile },
  });
  const wall = (performance.now() - started) / 1000;
  if (res.status !== 0) throw new Error(`casebook ${args.join(' ')} failed: ${res.stderr}`);
  return { wall, cpu: Number(fs.readFileSync(cpuFile, 'utf8')) };
}

/** `serve` on dataDir, from its start until it says it is serving (then stopped). */
async function serve(dir: string, dataDir: string): Promise<Timing> {
  const cpuFile = path.join(tmp, 'cpu');
  const started = performance.now();
  const child = spawn(process.execPath, ['-r', cpuProbe, 'bin/casebook.js', 'serve'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', PORT: '0', CASEBOOK_DATA_DIR: dataDir, BENCH_CPU_FILE: cpuFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const wall = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Casebook is serving')) resolve((performance.now() - started) / 1000);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  child.kill('SIGTERM');
  await exited;
  // The CPU until it stopped, a little over that until it served.
  return { wall, cpu: Number(fs.readFileSync(cpuFile, 'utf8')) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (label: string, ts: Timing[]) =>
  console.log(
    `  ${label.padEnd(40)} wall ${median(ts.map((t) => t.wall)).toFixed(2)} s (${ts.map((t) => t.wall.toFixed(2)).join(', ')}), ` +
      `CPU ${median(ts.map((t) => t.cpu)).toFixed(2)} s`,
  );

async function measure(withSnapshot: boolean) {
  const name = withSnapshot ? 'with-snapshot' : 'without-snapshot';
  const dir = checkout(name, withSnapshot);
  const first: Timing[] = [];
  const user: Timing[] = [];
  const token: Timing[] = [];
  const served: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = path.join(tmp, `${name}-data-${i}`);
    first.push(command(dir, dataDir, ['org', 'create', '--name', 'Bench']));
    user.push(command(dir, dataDir, ['user', 'create', '--email', `b${i}@x.test`, '--name', 'B', '--role', 'Admin', '--org', 'Bench']));
    token.push(command(dir, dataDir, ['token', 'create', '--email', `b${i}@x.test`]));
    fs.rmSync(dataDir, { recursive: true, force: true });
    served.push(await serve(dir, path.join(tmp, `${name}-serve-${i}`)));
    fs.rmSync(path.join(tmp, `${name}-serve-${i}`), { recursive: true, force: true });
  }
  console.log(withSnapshot ? 'with the snapshot:' : 'without it:');
  show('org create (new data directory)', first);
  show('user create (migrated)', user);
  show('token create (migrated)', token);
  show('serve until serving (new data directory)', served);
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/embedded-db/snapshot.json')))
    throw new Error('no snapshot in dist/embedded-db: run npm run build:server first');
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, ${runs} runs each`);
  await measure(true);
  await measure(false);
  console.log(`load average ${os.loadavg()[0].toFixed(1)}`);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(tmp, { recursive: true, force: true }));
