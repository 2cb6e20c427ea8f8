// Which code the `casebook` command runs: the compiled server in dist/ (scripts/build-server.js)
// when it was built from the sources as they are now, else the TypeScript sources through tsx,
// as in a checkout being edited. An install builds dist/; the Docker image has no src/ at all.
const fs = require('node:fs');
const path = require('node:path');

/** Written last by a build, with the build's start as its mtime. */
const STAMP = '.built';
const MAIN = 'cli/main.js';

/** The latest mtime under dir; directories count too, so a deleted or renamed file shows. */
function newestMtime(dir) {
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

/** 'fresh' (dist/ holds the sources as they are, or there are no sources), 'stale' or 'missing'. */
function distState(root) {
  const dist = path.join(root, 'dist');
  if (!fs.existsSync(path.join(dist, MAIN)) || !fs.existsSync(path.join(dist, STAMP))) return 'missing';
  const src = path.join(root, 'src');
  if (!fs.existsSync(src)) return 'fresh';
  // The compiler reads tsconfig.json too (its target, for one).
  const tsconfig = fs.statSync(path.join(root, 'tsconfig.json'), { throwIfNoEntry: false });
  const sources = Math.max(newestMtime(src), tsconfig ? tsconfig.mtimeMs : 0);
  return sources > fs.statSync(path.join(dist, STAMP)).mtimeMs ? 'stale' : 'fresh';
}

module.exports = { STAMP, MAIN, distState };
