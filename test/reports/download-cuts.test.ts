import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// Downloads past their first byte: the catalog export and the run report are
// written as the client reads. One that goes away frees its render slot for the
// next; a failure after the headers cuts the connection, so the client sees a
// broken file and never a complete-looking one. One slot, a 1.5 s wait for it.
// A client leaving is no error of ours: only the failures are logged.

let t: TestApp;
let w: World;
let server: http.Server;
let base: string;
let projectId: number;
let runId: number;
const TESTS = 4000;
const errors: string[] = [];
const cutsLogged = () => errors.filter((msg) => msg === 'error after response started').length;

// 10 KB of steps and of comments a test: ~40 MB, far more than the socket buffers hold.
beforeAll(async () => {
  const logger = createLogger('error', { write: (line: string) => errors.push(JSON.parse(line).msg) });
  t = await createTestApp({ RENDER_CONCURRENCY: '1', RENDER_WAIT_MS: '1500' }, { logger });
  w = await createWorld(t.db);
  projectId = w.projectA.projectId;
  const ids = await createTests(t.db, projectId, TESTS, () => ({}), 'Long');
  await t.db.test.updateMany({ where: { projectId }, data: { steps: 's'.repeat(10_000) } });
  const run = await startRun(t, w.user.token, projectId, ids, 'Long comments');
  runId = run.runId;
  await t.db.runTest.updateMany({ where: { runId }, data: { comment: 'c'.repeat(10_000) } });
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}, 60_000);
afterAll(async () => {
  server.close();
  await t.close();
});

/** Starts a download and reads nothing after its headers. */
function stalled(path: string): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${w.reader.token}`, 'accept-encoding': 'identity' };
    const req = http.get(`${base}${path}`, { headers }, (res) => resolve({ req, res }));
    req.on('error', reject);
  });
}

/** Reads on to the end of the connection: whether the body arrived whole, and its text. */
function readOn(res: http.IncomingMessage): Promise<{ complete: boolean; text: string }> {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', () => {}); // 'aborted': seen below as an incomplete body
  return new Promise((resolve) => res.on('close', () => resolve({ complete: res.complete, text: Buffer.concat(chunks).toString() })));
}

const rename = (from: string, to: string) => t.db.$executeRawUnsafe(`ALTER TABLE "${from}" RENAME TO "${to}"`);

describe('downloads after their first byte', () => {
  it.each(['csv', 'json'])(
    'frees the slot of a client that leaves mid-export (%s), for a request waiting on it',
    async (format) => {
      const slow = await stalled(`/tests/download?projectId=${projectId}&format=${format}`);
      expect(slow.res.statusCode).toBe(200);
      expect(slow.res.headers['content-disposition']).toBe(`attachment; filename="project-${projectId}-tests.${format}"`);
      const waiting = t
        .as(w.reader.token)
        .get('/tests/download', { projectId })
        .then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 200));
      slow.req.destroy();
      const res = await waiting;
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(TESTS);
      expect(errors).toEqual([]);
    },
    60_000,
  );

  it('cuts the connection when the export fails after its first byte, then serves the next one', async () => {
    const slow = await stalled(`/tests/download?projectId=${projectId}&format=csv`);
    expect(slow.res.statusCode).toBe(200);
    // The batches not read yet now fail.
    await rename('tests', 'tests_away');
    try {
      const { complete, text } = await readOn(slow.res);
      expect(complete).toBe(false);
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThan(TESTS * 10_000);
    } finally {
      await rename('tests_away', 'tests');
    }
    expect(cutsLogged()).toBe(1);
    const again = await t.as(w.reader.token).get('/tests/download', { projectId, format: 'csv' }).expect(200);
    expect(again.text.length).toBeGreaterThan(TESTS * 10_000);
  }, 60_000);

  it('cuts the connection when the run report fails after its first byte, then serves the next one', async () => {
    const slow = await stalled(`/run/report?runId=${runId}&projectId=${projectId}&format=html`);
    expect(slow.res.statusCode).toBe(200);
    await rename('run_tests', 'run_tests_away');
    try {
      const { complete, text } = await readOn(slow.res);
      expect(complete).toBe(false);
      expect(text).toMatch(/^<!DOCTYPE html>/);
      expect(text).not.toMatch(/<\/html>$/);
    } finally {
      await rename('run_tests_away', 'run_tests');
    }
    expect(cutsLogged()).toBe(2);
    const again = await t.as(w.reader.token).get('/run/report', { runId, projectId, format: 'html' }).expect(200);
    expect(again.text).toMatch(/<\/body><\/html>$/);
  }, 60_000);
});
