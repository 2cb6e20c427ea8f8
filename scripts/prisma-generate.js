#!/usr/bin/env node
// Generates the Prisma Client at install time. The Prisma CLI wants to download
// its native schema engine, which this project never uses (migrations run on the
// WebAssembly engine, see src/db/schema-engine.ts); pointing the variable at any
// existing file stops that download.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
execFileSync(
  process.execPath,
  [require.resolve('prisma/build/index.js', { paths: [root] }), 'generate', '--schema', path.join(root, 'prisma/schema.prisma')],
  { cwd: root, env, stdio: 'inherit' },
);
