import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentSnapshot } from '../../src/db/embedded-snapshot';

// The compiled server (scripts/build-server.js → dist/), started through bin/casebook.js as
// `npm start`, the Docker image and the `casebook` command start it. Each case builds in a copy
// of the checkout of its own, so that the shared dist/ is never touched.

const root = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the build, not a module of the app
const { distState } = require('../../scripts/build-state.js') as { distState: (root: string) => 'fresh' | 'stale' | 'missing' };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A copy of what an install has (sources, build scripts, schema, node_modules by link), built. */
function builtCheckout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-build-'));
  dirs.push(dir);
  for (const p of ['bin', 'src', 'prisma', 'package.json', 'tsconfig.json', 'scripts/build-server.js', 'scripts/build-state.js'])
    fs.cpSync(path.join(root, p), path.join(dir, p), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  // The checkout's embedded database snapshot, which the build keeps while it is current: making
  // one costs each build seconds of CPU (test/db/embedded-snapshot.test.ts makes them).
  const snapshot = path.join(root, 'dist/embedded-db');
  if (fs.existsSync(snapshot)) fs.cpSync(snapshot, path.join(dir, 'dist/embedded-db'), { recursive: true });
  expect(distState(dir)).toBe('missing');
  expect(build(dir)).toMatch(/server built: \d+ modules into dist\/ in [\d.]+ s\nembedded database snapshot (kept|made in [\d.]+ s)\n$/);
  return dir;
}

function run(dir: string, args: string[], env: Record<string, string> = {}) {
  const { status, stdout, stderr } = spawnSync(process.execPath, ['bin/casebook.js', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'warn', ...env },
  });
  return { code: status, stdout, stderr };
}

const build = (dir: string, ...args: string[]) =>
  execFileSync(process.execPath, ['scripts/build-server.js', ...args], { cwd: dir, encoding: 'utf8' });

describe('the compiled server', () => {
  it('copies the files the server reads beside its modules', () => {
    const dir = builtCheckout();
    for (const asset of ['auth/rbac-model.conf', 'auth/rbac-policy.csv'])
      expect(fs.readFileSync(path.join(dir, 'dist', asset), 'utf8')).toBe(fs.readFileSync(path.join(root, 'src', asset), 'utf8'));
    expect(fs.existsSync(path.join(dir, 'dist/generated/prisma/client.js'))).toBe(true);
    // The embedded database's snapshot, of the current migrations (test/db/embedded-snapshot.test.ts).
    expect(currentSnapshot(path.join(dir, 'dist/embedded-db'))).toBe(true);
  });

  it('is what bin/casebook.js runs while it is up to date with src/; a changed, added or deleted source runs the sources until the next build', async () => {
    const dir = builtCheckout();
    // A mark only the compiled entry prints: which code ran is then plain from the output.
    const mark = () => fs.appendFileSync(path.join(dir, 'dist/cli/main.js'), '\nprocess.stdout.write("(compiled)\\n");\n');
    const fromDist = () => run(dir, ['help']).stdout.includes('(compiled)');
    mark();
    expect(fromDist()).toBe(true);
    expect(run(dir, ['help'], { CASEBOOK_FROM_SOURCE: '1' }).stdout).not.toContain('(compiled)');

    const changes: Array<() => void> = [
      () => fs.utimesSync(path.join(dir, 'src/config.ts'), new Date(), new Date()),
      () => fs.writeFileSync(path.join(dir, 'src/db/new-module.ts'), 'export {};\n'),
      () => fs.rmSync(path.join(dir, 'src/db/new-module.ts')),
    ];
    for (const [i, change] of changes.entries()) {
      // Built after each change (the first time it is up to date), keeping the previous build's
      // snapshot: it holds the current migrations.
      expect(build(dir, '--if-stale')).toEqual(i === 0 ? '' : expect.stringContaining('embedded database snapshot kept\n'));
      mark();
      expect(distState(dir)).toBe('fresh');
      // After the build's start (the stamp), on any file system clock.
      await new Promise((resolve) => setTimeout(resolve, 20));
      change();
      expect(distState(dir)).toBe('stale');
      expect(fromDist()).toBe(false);
      expect(run(dir, ['help']).stdout).toContain('Usage: casebook');
    }
    // Up to date: `npm start`'s --if-stale leaves the build alone.
    build(dir);
    const stamp = fs.statSync(path.join(dir, 'dist/.built')).mtimeMs;
    expect(build(dir, '--if-stale')).toBe('');
    expect(fs.statSync(path.join(dir, 'dist/.built')).mtimeMs).toBe(stamp);
  }, 120_000);

  it('runs without the TypeScript sources, as in the image: migrates, runs admin commands and serves with RBAC', async () => {
    const dir = builtCheckout();
    fs.rmSync(path.join(dir, 'src'), { recursive: true });
    const env = { CASEBOOK_DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' };

    const migrate = run(dir, ['migrate'], env);
    expect(migrate.code).toBe(0);
    expect(migrate.stderr).toMatch(/^applied: \d+_init, /);
    const org = run(dir, ['org', 'create', '--name', 'Compiled'], env);
    expect(org.code).toBe(0);
    expect(JSON.parse(org.stdout)).toMatchObject({ orgName: 'Compiled' });

    const child = spawn(process.execPath, ['bin/casebook.js', 'serve'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    try {
      const [, token, url] = await new Promise<RegExpExecArray>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 60_000);
        const onData = (d: Buffer) => {
          output += d.toString();
          const started = /Try: curl -H "Authorization: Bearer (\S+)" (\S+)\/api\/v1\/orgs/.exec(output);
          if (started) {
            clearTimeout(timer);
            resolve(started);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
      });
      const orgs = await fetch(`${url}/api/v1/orgs`, { headers: { Authorization: `Bearer ${token}` } });
      expect(orgs.status).toBe(200);
      expect(JSON.stringify(await orgs.json())).toContain('"orgName":"Default"');
      expect((await fetch(`${url}/api/v1/orgs`)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 180_000);
});
