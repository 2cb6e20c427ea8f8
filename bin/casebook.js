#!/usr/bin/env node
// The `casebook` command. Runs the compiled server (dist/, built at install by
// scripts/build-server.js) when it is up to date with src/; else, as in a checkout being
// edited, the TypeScript sources through tsx. CASEBOOK_FROM_SOURCE=1 asks for the sources
// (`npm run dev`, which restarts on a change).
const path = require('node:path');
const { MAIN, distState } = require('../scripts/build-state');

// A command that is over in a second or two: V8's optimizing WebAssembly compiler (for PGlite,
// Prisma's query compiler and schema engine, some 20 MB) costs it more CPU than it saves,
// about half of an admin command's. The servers (serve, mcp) run long and keep it. Set before
// any WebAssembly is compiled.
if (!['serve', 'mcp'].includes(process.argv[2])) require('node:v8').setFlagsFromString('--liftoff-only');

const root = path.join(__dirname, '..');
function load() {
  const state = process.env.CASEBOOK_FROM_SOURCE === '1' ? 'source' : distState(root);
  if (state === 'fresh') return require(path.join(root, 'dist', MAIN));
  try {
    require.resolve('tsx/cjs');
  } catch {
    // A production-only install without tsx: an older build beats none.
    if (state === 'stale') return require(path.join(root, 'dist', MAIN));
    process.stderr.write('casebook: the server is not built (dist/) and tsx is not installed: run `npm run build`\n');
    process.exit(1);
  }
  require('tsx/cjs');
  return require('../src/cli/main.ts');
}
const { runCli } = load();

// The process ends with the command: timers left behind (Prisma's schema engine keeps one
// for about 10 s after migrating) must not hold it. Piped output drains first (pipes are
// asynchronous on some platforms).
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
