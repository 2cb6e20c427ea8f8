#!/usr/bin/env node
// The `casebook` command. Runs the TypeScript sources through tsx, so a checkout
// works with no build step.
require('tsx/cjs');
require('../src/cli/main.ts');
