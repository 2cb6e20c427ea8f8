import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { urlFor, withAdminClient } from '../support/postgres';

// Once migrate() has resolved, nothing keeps the schema engine's WebAssembly reachable (its
// instance, compiled module and memory are collected) and it has left no timer behind. Run in
// a plain node process with --expose-gc: WeakRefs to what WebAssembly.instantiate made for the
// engine are read after a few collections, and the engine's memory must leave
// process.memoryUsage().external.
const root = path.resolve(__dirname, '../..');
const database = `casebook_engine_release_${process.pid}`;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-engine-release-'));
  await withAdminClient((c) => c.query(`CREATE DATABASE "${database}"`));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
});

interface Outcome {
  applied: string[];
  engines: { instance: boolean; module: boolean; memory: boolean; memoryBytes: number }[];
  externalWithEngine: number;
  externalAfter: number;
  timersAfterClose: number;
}

const child = `
const { loadConfig } = require(${JSON.stringify(path.join(root, 'src/config.ts'))});
const { openDatabase } = require(${JSON.stringify(path.join(root, 'src/db/client.ts'))});
const made = [];
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const result = await instantiate.apply(this, args);
  if (result.instance && '__wbg_schemaengine_free' in result.instance.exports) {
    made.push({ instance: new WeakRef(result.instance), module: new WeakRef(result.module), memory: new WeakRef(result.instance.exports.memory) });
  }
  return result;
};
const turn = () => new Promise((resolve) => setImmediate(resolve));
(async () => {
  // Not from the build's snapshot, whose database would have no migration left to apply.
  const db = await openDatabase(loadConfig(JSON.parse(process.argv[1])), undefined, { embeddedSnapshot: null });
  const applied = await db.migrate();
  const memoryBytes = made.map((m) => m.memory.deref().buffer.byteLength);
  const externalWithEngine = process.memoryUsage().external;
  for (let i = 0; i < 5; i++) {
    global.gc();
    await turn();
  }
  const externalAfter = process.memoryUsage().external;
  const engines = made.map((m, i) => ({
    instance: m.instance.deref() !== undefined,
    module: m.module.deref() !== undefined,
    memory: m.memory.deref() !== undefined,
    memoryBytes: memoryBytes[i],
  }));
  await db.close();
  const timersAfterClose = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  process.stdout.write(JSON.stringify({ applied, engines, externalWithEngine, externalAfter, timersAfterClose }));
})().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err));
  process.exit(1);
});
`;

function migrateInChild(env: Record<string, string>): Outcome {
  const res = spawnSync(
    process.execPath,
    ['--expose-gc', '--require', 'tsx/cjs', '-e', child, JSON.stringify({ LOG_LEVEL: 'warn', ...env })],
    {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 120_000,
    },
  );
  if (res.status !== 0) throw new Error(`the child failed (${res.status}): ${res.stderr}`);
  return JSON.parse(res.stdout) as Outcome;
}

function expectReleased(out: Outcome) {
  // The engine ran: a fresh database had every migration to apply.
  expect(out.applied.length).toBeGreaterThan(0);
  expect(out.engines).toHaveLength(1);
  const [engine] = out.engines;
  expect(engine).toEqual({ instance: false, module: false, memory: false, memoryBytes: engine.memoryBytes });
  // Its memory (megabytes) was freed, not only its wrapper objects.
  expect(engine.memoryBytes).toBeGreaterThan(1 << 20);
  expect(out.externalWithEngine - out.externalAfter).toBeGreaterThanOrEqual(engine.memoryBytes);
  // The engine's timer (it sets one of 10 s) does not outlive the migration.
  expect(out.timersAfterClose).toBe(0);
}

it('on PostgreSQL, releases the schema engine once migrate() has resolved', () => {
  expectReleased(migrateInChild({ DATABASE_URL: urlFor(database) }));
});

it('on the embedded database, the same', () => {
  expectReleased(migrateInChild({ CASEBOOK_DATA_DIR: path.join(tmp, 'embedded') }));
});
