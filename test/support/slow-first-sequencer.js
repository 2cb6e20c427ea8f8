// Orders test files for `npm test`. Jest runs the files it has timings for longest first, but CI
// starts from a clean clone with no cache, and then jest orders by file size: the slowest files
// (a PGlite database built in child processes, the compiled server built and started, every
// write route with its reads, Chromium driving the web app) are small and would start late,
// leaving one worker running them alone at the end. Without timings these go first, the slowest
// first; with timings (a local rerun) jest's own order stands.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = path.resolve(__dirname, '../..');
/** Longest first, as measured on CI (see the commit that added this file). */
const SLOW = [
  'test/db/embedded-snapshot.test.ts',
  'test/http/write-versions.test.ts',
  'test/packaging/compiled-server.test.ts',
  // Two `casebook serve` processes migrating an empty database: about 25 s.
  'test/http/several-instances.test.ts',
];
/** Each starts Chromium and the server: seconds to minutes each. */
const BROWSER_DIR = `${path.join(root, 'test/web')}${path.sep}`;
const BROWSER_UNIT_DIR = `${path.join(root, 'test/web/unit')}${path.sep}`;

function rank(testPath) {
  const known = SLOW.indexOf(path.relative(root, testPath).split(path.sep).join('/'));
  if (known >= 0) return known;
  if (testPath.startsWith(BROWSER_DIR) && !testPath.startsWith(BROWSER_UNIT_DIR)) return SLOW.length;
  return SLOW.length + 1;
}

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // Array.prototype.sort is stable: within a rank, jest's order (largest file first) stands.
    return [...sorted].sort((a, b) => rank(a.path) - rank(b.path));
  }
}

module.exports = SlowFirstSequencer;
