#!/usr/bin/env node
// Compiles the server (src/ → dist/) for `npm start`, the Docker image and the `casebook`
// command, which then start without compiling TypeScript on every run. esbuild turns each file
// into CommonJS on its own, as tsx does in development (the sources are isolatedModules), so
// the two run the same code; `npm run typecheck` checks the types. esbuild is a production
// dependency (tsx's too), so a production-only install builds as well. Files other than TypeScript
// that the server reads beside its modules (src/auth/rbac-*.*) are copied.
// Then it makes the embedded database's snapshot (dist/embedded-db, see embeddedSnapshot below).
// Runs at `npm install` (postinstall) and, with --if-stale, before `npm start`.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { STAMP, MAIN, distState } = require('./build-state');

const root = path.resolve(__dirname, '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
const say = (line) => process.stdout.write(`${line}\n`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
// The snapshot's folder in a build: src/db/embedded-snapshot.ts's defaultSnapshotDir.
const SNAPSHOT = 'embedded-db';

/**
 * The embedded database's snapshot (src/db/embedded-snapshot.ts), made with the build in `out`: a
 * new data directory starts as a copy of it instead of PGlite creating the database and every
 * migration being applied (~3 s of CPU). The previous build's is kept while it holds the current
 * migrations and PGlite. Without one the server works the same, only a first command on a new data
 * directory is slower: a failure is a warning. In a process of its own: PGlite and the schema
 * engine are WebAssembly the build has no use for; compiled at V8's baseline tier only, as for an
 * admin command (bin/casebook.js), which halves the CPU this takes.
 */
function embeddedSnapshot(out) {
  const started = Date.now();
  const script = `require(process.argv[1]).prepareSnapshot(process.argv[2], process.argv[3]).then(
    (how) => process.stdout.write(how, () => process.exit(0)),
    (err) => process.stderr.write(String((err && err.message) || err), () => process.exit(1)))`;
  const args = [path.join(out, 'db/embedded-snapshot-build.js'), path.join(out, SNAPSHOT), path.join(dist, SNAPSHOT)];
  const res = spawnSync(process.execPath, ['--liftoff-only', '-e', script, ...args], { cwd: root, encoding: 'utf8' });
  if (res.status === 0)
    return res.stdout === 'kept' ? 'embedded database snapshot kept' : `embedded database snapshot made in ${seconds(started)}`;
  return `embedded database snapshot not made (a new data directory will take seconds longer to create): ${res.stderr || res.error}`;
}

if (!fs.existsSync(src)) {
  // The Docker image's dependency stage installs before the sources are copied; its build stage compiles.
  say('server not built: no src/ here');
  process.exit(0);
}
if (process.argv.includes('--if-stale') && distState(root) === 'fresh') process.exit(0);

let esbuild;
try {
  esbuild = require(require.resolve('esbuild', { paths: [root] }));
} catch {
  say('server not built: esbuild is not installed; `casebook` runs the sources through tsx');
  process.exit(0);
}

const started = Date.now();
const files = fs.readdirSync(src, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
const rel = (f) => path.relative(src, path.join(f.parentPath ?? f.path, f.name));
const isSource = (f) => f.name.endsWith('.ts') && !f.name.endsWith('.d.ts');

// Built beside dist/ and swapped in whole: a `casebook` starting meanwhile sees the old build or none.
const out = `${dist}.tmp-${process.pid}`;
fs.rmSync(out, { recursive: true, force: true });
let compiled;
let snapshot;
try {
  esbuild.buildSync({
    entryPoints: files.filter(isSource).map((f) => path.join(src, rel(f))),
    outdir: out,
    outbase: src,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const f of files.filter((f) => !isSource(f) && !f.name.endsWith('.d.ts'))) {
    fs.mkdirSync(path.dirname(path.join(out, rel(f))), { recursive: true });
    fs.copyFileSync(path.join(src, rel(f)), path.join(out, rel(f)));
  }
  if (!fs.existsSync(path.join(out, MAIN))) throw new Error(`the build has no ${MAIN}`);
  compiled = seconds(started);
  snapshot = embeddedSnapshot(out);
  // Sources changed after the build started are newer than this: the next check finds dist/ stale.
  fs.writeFileSync(path.join(out, STAMP), '');
  fs.utimesSync(path.join(out, STAMP), new Date(started), new Date(started));
  const old = `${dist}.old-${process.pid}`;
  if (fs.existsSync(dist)) fs.renameSync(dist, old);
  fs.renameSync(out, dist);
  fs.rmSync(old, { recursive: true, force: true });
} catch (err) {
  fs.rmSync(out, { recursive: true, force: true });
  throw err;
}
say(`server built: ${files.filter(isSource).length} modules into dist/ in ${compiled}`);
say(snapshot);
