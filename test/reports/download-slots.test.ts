import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, createWorld, type TestUser, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';

// Downloads that hold a render slot without being read:
// three slots in all, two of them at most for one user, a 300 ms wait for one,
// and a download whose client reads nothing for 4 s is cut (long enough that a
// loaded CI machine starts all three held downloads and asks for a fourth
// before the first is cut). The export is
// ~20 MB, far more than the socket buffers of both ends hold (some 4 MB on
// loopback), so a client that does not read leaves bytes waiting on our side.

let t: TestApp;
let w: World;
let other: TestUser;
let third: TestUser;
let server: http.Server;
let base: string;
let projectId: number;
const TESTS = 2000;
const IDLE_MS = 4000;

/** The server with these slot settings, listening, on a project of TESTS long tests (~20 MB as CSV). */
async function start(idleMs: number) {
  t = await createTestApp({
    RENDER_CONCURRENCY: '3',
    RENDER_PER_USER: '2',
    RENDER_WAIT_MS: '300',
    DOWNLOAD_IDLE_TIMEOUT_MS: String(idleMs),
  });
  w = await createWorld(t.db);
  other = await createUser(t.db, 'Reader', [w.orgA.orgId]);
  third = await createUser(t.db, 'Reader', [w.orgA.orgId]);
  projectId = w.projectA.projectId;
  await createTests(t.db, projectId, TESTS, () => ({}), 'Long');
  await t.db.test.updateMany({ where: { projectId }, data: { steps: 's'.repeat(10_000) } });
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}
async function stop() {
  server.closeAllConnections();
  server.close();
  await t.close();
}

const exportPath = () => `/tests/download?projectId=${projectId}&format=csv`;

interface Download {
  req: http.ClientRequest;
  res: http.IncomingMessage;
  /** Settles when the response ends: whether the body came whole. */
  closed: Promise<{ complete: boolean }>;
}

/** Starts a download as `token` and reads nothing of its body (the socket stays paused). */
function stalled(token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    const req = http.get(`${base}${exportPath()}`, { headers, agent: false }, (res) => {
      res.pause();
      res.on('error', () => {}); // 'aborted': seen as an incomplete body
      const closed = new Promise<{ complete: boolean }>((done) => res.on('close', () => done({ complete: res.complete })));
      resolve({ req, res, closed });
    });
    req.on('error', reject);
  });
}

/** `p`, or 'timeout' after `ms`. */
async function within<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

describe('render slots per user', () => {
  // Downloads are never cut here: a held one must stay held however long a loaded machine takes.
  beforeAll(() => start(0), 60_000);
  afterAll(stop);

  it('gives one user at most two slots at once, while another user still gets the third', async () => {
    const held = [await stalled(w.reader.token), await stalled(w.reader.token)];
    try {
      for (const d of held) expect(d.res.statusCode).toBe(200);
      // A third of the same user's waits, then 503 with Retry-After: no global slot was taken from the others.
      const third = await t.as(w.reader.token).get('/tests/download', { projectId, format: 'csv' }).expect(503);
      expect(third.headers['retry-after']).toBe('1');
      expect(third.body).toEqual({ error: 'Service unavailable', status: 503, code: 'server_busy' });
      const another = await t.as(other.token).get('/tests/download', { projectId, format: 'csv' }).expect(200);
      expect(another.text.length).toBeGreaterThan(TESTS * 10_000);
    } finally {
      for (const d of held) d.req.destroy();
    }
  }, 60_000);
});

describe('downloads nobody reads', () => {
  beforeAll(() => start(IDLE_MS), 60_000);
  afterAll(stop);

  it('are cut after DOWNLOAD_IDLE_TIMEOUT_MS, freeing their slots for another user', async () => {
    const started = Date.now();
    // Every slot held by a client that reads nothing: two of one user, one of another.
    const held = [await stalled(w.reader.token), await stalled(w.reader.token), await stalled(other.token)];
    try {
      for (const d of held) expect(d.res.statusCode).toBe(200);
      await t.as(w.user.token).get('/tests/download', { projectId, format: 'csv' }).expect(503);
      // Other users' reports get slots once the idle ones are cut (a cut client sees nothing while it reads nothing).
      // Three at once, one per user, need every slot: only then have all three idle downloads been cut.
      const readers = [w.user, w.admin, third];
      let reports: { status: number; text: string }[] = [];
      while (Date.now() - started < 20_000) {
        reports = await Promise.all(readers.map((u) => t.as(u.token).get('/tests/download', { projectId, format: 'csv' })));
        if (reports.every((r) => r.status === 200)) break;
        for (const r of reports) expect([200, 503]).toContain(r.status);
      }
      for (const report of reports) {
        expect(report.status).toBe(200);
        expect(report.text.length).toBeGreaterThan(TESTS * 10_000);
      }
      // Not before the clients had been idle that long (the stall starts once the buffers are full).
      expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
      // Read on, each held download ends cut short: what was in the socket buffers, then the end of the connection.
      for (const d of held) d.res.resume();
      for (const end of await Promise.all(held.map((d) => d.closed))) expect(end.complete).toBe(false);
    } finally {
      for (const d of held) d.req.destroy();
    }
  }, 60_000);

  it('are not cut while the client reads, with pauses shorter than the timeout', async () => {
    const d = await stalled(w.reader.token);
    let bytes = 0;
    let burst = 0;
    // Read in bursts of 3 MB, each after a pause of half the timeout (the other half is margin for a loaded machine).
    d.res.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      burst += chunk.length;
      if (burst >= 3 * 2 ** 20) d.res.pause();
    });
    d.res.pause();
    const timer = setInterval(() => {
      burst = 0;
      d.res.resume();
    }, IDLE_MS / 2);
    try {
      const end = await within(d.closed, 50_000);
      expect(end).not.toBe('timeout');
      expect((end as { complete: boolean }).complete).toBe(true);
      expect(bytes).toBeGreaterThan(TESTS * 10_000);
    } finally {
      clearInterval(timer);
      d.req.destroy();
    }
  }, 60_000);
});
