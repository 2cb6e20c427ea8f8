import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase } from '../support/postgres';

// A closed server stops the timers of its rate limits: rate-limiter-flexible's own cleanup
// timer (a store's, never stopped) is off, and the server's cleanup worker stops at close
// (src/http/rate-limit/cleanup.ts). startServer runs in a plain node process (its migration
// engine is ESM, which CommonJS jest cannot load); async_hooks see every timer it makes, and
// which of them are still pending once close() has resolved.
const root = path.resolve(__dirname, '../..');

interface Timer {
  ms: number;
  /** Where it was set: the frames below node's own. */
  stack: string;
}
interface Outcome {
  made: Timer[];
  pending: Timer[];
}

const child = `
const asyncHooks = require('node:async_hooks');
const { loadConfig } = require(${JSON.stringify(path.join(root, 'src/config.ts'))});
const { startServer } = require(${JSON.stringify(path.join(root, 'src/server.ts'))});
const { createLogger } = require(${JSON.stringify(path.join(root, 'src/logger.ts'))});
const made = new Map();
const pending = new Map();
const hook = asyncHooks.createHook({
  init(id, type, _trigger, resource) {
    if (type !== 'Timeout') return;
    const stack = new Error().stack.split('\\n').filter((l) => l.includes('/') && !l.includes('node:')).join('\\n');
    made.set(id, { ms: resource._idleTimeout, stack });
    pending.set(id, made.get(id));
  },
  destroy(id) {
    pending.delete(id);
  },
});
(async () => {
  hook.enable();
  const server = await startServer(loadConfig(JSON.parse(process.argv[1])), createLogger('silent'));
  await server.close();
  // Destroy hooks run after the tick that cleared the timer.
  await new Promise((resolve) => setImmediate(resolve));
  hook.disable();
  process.stdout.write(JSON.stringify({ made: [...made.values()], pending: [...pending.values()] }));
  process.exit(0);
})().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err));
  process.exit(1);
});
`;

const fromRateLimits = (t: Timer) => /rate-limit|rate-limiter-flexible/.test(t.stack);

it('leaves no rate-limit timer pending once the server is closed', async () => {
  const database = await createTestDatabase();
  try {
    const env = { DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100' };
    const res = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', child, JSON.stringify(env)], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 120_000,
    });
    if (res.status !== 0) throw new Error(`the child failed (${res.status}): ${res.stderr}`);
    const out = JSON.parse(res.stdout) as Outcome;
    // The hook saw the server's cleanup timer being made (so an empty list below means something)...
    expect(out.made.filter((t) => t.stack.includes('src/http/rate-limit/cleanup.ts'))).toHaveLength(1);
    // ...and none of the rate limits' timers outlives close().
    expect(out.pending.filter(fromRateLimits)).toEqual([]);
  } finally {
    await database.drop();
  }
});
