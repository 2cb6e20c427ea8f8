#!/usr/bin/env node
// The `casebook` command. Runs the TypeScript sources through tsx, so a checkout
// works with no build step.
require('tsx/cjs');
const { runCli } = require('../src/cli/main.ts');

// A failure ends the process at once; after success it ends when nothing is left
// to do, so `serve` and `mcp` keep running.
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
  if (code !== 0) process.exit(code);
});
