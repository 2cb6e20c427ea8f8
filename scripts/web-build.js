#!/usr/bin/env node
// Builds the web app (web/ → web/dist): types from openapi.yaml, then Vite. Runs at
// `npm install` (postinstall) and before `npm start` with --if-missing. Vite is a dev
// dependency: a production-only install (the Docker runtime's) has none and skips the build,
// and gets web/dist from the image's build stage instead.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'web/dist/index.html');

function resolveBin(pkg, bin) {
  try {
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`, { paths: [root] })), bin);
  } catch {
    return null;
  }
}

if (process.argv.includes('--if-missing') && fs.existsSync(dist)) process.exit(0);
const vite = resolveBin('vite', 'bin/vite.js');
const openapiTs = resolveBin('openapi-typescript', 'bin/cli.js');
if (!vite || !openapiTs) {
  process.stdout.write(
    `web app not built: vite is not installed (production-only install)${fs.existsSync(dist) ? '' : '; the server will answer /login only'}\n`,
  );
  process.exit(0);
}
const run = (file, args) => execFileSync(process.execPath, [file, ...args], { cwd: root, stdio: 'inherit' });
run(openapiTs, ['openapi.yaml', '-o', 'web/src/lib/api-types.ts']);
run(vite, ['build', 'web', '--logLevel', 'warn']);
