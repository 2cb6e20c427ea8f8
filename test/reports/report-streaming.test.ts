import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// Reports are written as their rows are read, and wait for the client: a client
// that stops reading holds its report, and the report's render slot. Here the
// process has one slot, and a download waits 1.5 s for it.

let t: TestApp;
let w: World;
let server: http.Server;
let reportUrl: string;
let q: { runId: number; projectId: number };
let ids: number[];
let bySection: number[];
const TESTS = 3000;

// ~30 MB of JSON: far more than the socket buffers between a stalled client and the server hold.
beforeAll(async () => {
  t = await createTestApp({ RENDER_CONCURRENCY: '1', RENDER_WAIT_MS: '1500' });
  w = await createWorld(t.db);
  const p = w.projectA.projectId;
  const alpha = await createSection(t.db, p, 'Alpha');
  const beta = await createSection(t.db, p, 'Beta');
  // Sections interleaved by id: the report's order is not the ids', and each section spans many batches.
  ids = await createTests(
    t.db,
    p,
    TESTS,
    (i) => (i % 3 === 0 ? {} : { sectionId: i % 3 === 1 ? alpha.sectionId : beta.sectionId }),
    'Long',
  );
  bySection = [0, 1, 2].flatMap((k) => ids.filter((_, i) => i % 3 === k));
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
    const req = http.get(reportUrl, { headers: { authorization: `Bearer ${w.reader.token}`, 'accept-encoding': 'identity' } }, (res) =>
      resolve({ req, res }),
    );
    req.on('error', reject);
  });
}

async function readAll(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

interface ReportRow {
  testId: number;
  status: string;
  comment: string | null;
  sectionPath: string | null;
}

describe('run reports as streams', () => {
  it('answers 503 with Retry-After while the only slot is held, and renders again once it is free', async () => {
    const slow = await stalledReport();
    expect(slow.res.statusCode).toBe(200);

    const busy = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'html' })
      .expect(503);
    expect(busy.body).toEqual({ error: 'Service unavailable', status: 503, code: 'server_busy' });
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.headers['content-disposition']).toBeUndefined();
    // The export shares the slots; other routes do not use them.
    const exportBusy = await t.as(w.reader.token).get('/tests/download', { projectId: q.projectId }).expect(503);
    expect(exportBusy.headers['retry-after']).toBe('2');
    await t.as(w.reader.token).get('/run/state-detail', q).expect(200);

    // While the client stalls, a result near the end changes: the report has not read that row yet.
    const last = bySection[TESTS - 1];
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: last, status: 'failed', comment: 'changed meanwhile' }] })
      .expect(200);

    // The slow client reads on: the report arrives whole, in the documented shape, rows in section order.
    const report = JSON.parse(await readAll(slow.res));
    expect(Object.keys(report)).toEqual(['run', 'project', 'summary', 'tests']);
    expect(report.summary).toMatchObject({ total: TESTS, untested: TESTS }); // as the run stood when the report began
    expect(report.tests.map((r: ReportRow) => r.testId)).toEqual(bySection);
    expect(report.tests[0]).toMatchObject({ sectionPath: null, comment: 'c'.repeat(10_000), status: 'untested' });
    expect(report.tests[TESTS - 1]).toMatchObject({ testId: last, sectionPath: 'Beta', status: 'failed', comment: 'changed meanwhile' });

    const again = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'html' })
      .expect(200);
    const html = again.text;
    expect([...html.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual(['No section', 'Alpha', 'Beta']);
    expect([...html.matchAll(/<tr><td>(\d+)<\/td>/g)].map((m) => Number(m[1]))).toEqual(bySection);
    expect(html).toMatch(/<\/table><\/section><\/body><\/html>$/);
    await t.as(w.reader.token).get('/tests/download', { projectId: q.projectId }).expect(200);
  }, 60_000);

  it('frees the slot of a client that goes away mid-download, for a request waiting on it', async () => {
    const slow = await stalledReport();
    expect(slow.res.statusCode).toBe(200);
    // Sent now (a supertest request starts when awaited), so it queues for the slot.
    const waiting = t
      .as(w.reader.token)
      .get('/run/report', q)
      .then((res) => res);
    await new Promise((resolve) => setTimeout(resolve, 200));
    slow.req.destroy();
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.body.tests).toHaveLength(TESTS);
  }, 60_000);
});
