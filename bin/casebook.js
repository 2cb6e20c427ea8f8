#!/usr/bin/env node
// The `casebook` command. Runs the TypeScript sources through tsx, so a checkout
// works with no build step.
require('tsx/cjs');
const { runCli } = require('../src/cli/main.ts');

// The process ends with the command: timers left behind (Prisma's schema engine keeps one
// for about 10 s after migrating) must not hold it. Piped output drains first (pipes are
// asynchronous on some platforms).
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
