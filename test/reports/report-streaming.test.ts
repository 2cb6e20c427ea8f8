import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// Reports and exports share the process's render slots: here one slot, and a
// wait of 1.5 s for it. A client that stops reading holds its report's slot,
// because the report waits for the client rather than buffering the rest.

let t: TestApp;
let w: World;
let server: http.Server;
let reportUrl: string;
let q: { runId: number; projectId: number };
const TESTS = 3000;

// ~30 MB of JSON: far more than the socket buffers between a stalled client and the server hold.
beforeAll(async () => {
  t = await createTestApp({ RENDER_CONCURRENCY: '1', RENDER_WAIT_MS: '1500' });
  w = await createWorld(t.db);
  const p = w.projectA.projectId;
  const ids = await createTests(t.db, p, TESTS, () => ({}), 'Long');
  const run = await startRun(t, w.user.token, p, ids, 'Long comments');
  await t.db.runTest.updateMany({ where: { runId: run.runId }, data: { comment: 'c'.repeat(10_000) } });
  q = { runId: run.runId, projectId: p };
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  reportUrl = `http://127.0.0.1:${port}/api/v1/run/report?runId=${q.runId}&projectId=${p}`;
}, 60_000);
afterAll(async () => {
  server.close();
  await t.close();
});

/** Starts a JSON report download and reads nothing after its headers. */
function stalledReport(): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = http.get(reportUrl, { headers: { authorization: `Bearer ${w.reader.token}`, 'accept-encoding': 'identity' } }, (res) => resolve({ req, res }));
    req.on('error', reject);
  });
}

async function readAll(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('render slots (RENDER_CONCURRENCY=1)', () => {
  it('answers 503 with Retry-After while the slot is held, and renders again once it is free', async () => {
    const slow = await stalledReport();
    expect(slow.res.statusCode).toBe(200);

    const busy = await t.as(w.reader.token).get('/run/report', { ...q, format: 'html' }).expect(503);
    expect(busy.body).toEqual({ error: 'Service unavailable', status: 503 });
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.headers['content-disposition']).toBeUndefined();
    // The export shares the slots.
    const exportBusy = await t.as(w.reader.token).get('/tests/download', { projectId: q.projectId }).expect(503);
    expect(exportBusy.headers['retry-after']).toBe('2');
    // Other routes do not wait for slots.
    await t.as(w.reader.token).get('/run/state-detail', q).expect(200);

    // The slow client reads on: its report arrives whole, in the documented shape.
    const report = JSON.parse(await readAll(slow.res));
    expect(Object.keys(report)).toEqual(['run', 'project', 'summary', 'tests']);
    expect(report.summary).toMatchObject({ total: TESTS, untested: TESTS });
    expect(report.tests).toHaveLength(TESTS);
    expect(report.tests[TESTS - 1].comment).toHaveLength(10_000);

    const again = await t.as(w.reader.token).get('/run/report', { ...q, format: 'html' }).expect(200);
    expect(again.text).toMatch(/<\/html>$/);
    await t.as(w.reader.token).get('/tests/download', { projectId: q.projectId }).expect(200);
  }, 60_000);

  it('frees the slot of a client that goes away mid-download, for a request waiting on it', async () => {
    const slow = await stalledReport();
    expect(slow.res.statusCode).toBe(200);
    // Sent now (a supertest request starts when awaited), so it queues for the slot.
    const waiting = t.as(w.reader.token).get('/run/report', q).then((res) => res);
    await new Promise((resolve) => setTimeout(resolve, 200));
    slow.req.destroy();
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.body.tests).toHaveLength(TESTS);
  }, 60_000);
});
