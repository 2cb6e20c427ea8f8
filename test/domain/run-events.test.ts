import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { notifyRunChange } from '../../src/domain/runs/data';
import { createLogger } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// GET /run/events over a real socket (supertest would wait for a stream that never ends):
// events come through PostgreSQL LISTEN/NOTIFY, so a second app on the same database
// (another instance) streams the writes the first one serves.

let t: TestApp;
let w: World;
let base: string;
let server: http.Server;

const listen = async (app: http.RequestListener) => {
  const s = http.createServer(app);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  return { server: s, base: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
};

beforeAll(async () => {
  t = await createTestApp({ EVENT_HEARTBEAT_MS: '200' });
  w = await createWorld(t.db);
  ({ server, base } = await listen(t.app));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Message {
  event?: string;
  data?: unknown;
  comment?: string;
}

/** An open event stream: its status and headers, the messages so far, and a wait for the next one that matches. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: Message[];
  ended: Promise<void>;
  next(match: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  close(): void;
}

function openStream(at: string, token: string, q: { runId: number; projectId: number }): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const url = `${at}/api/v1/run/events?runId=${q.runId}&projectId=${q.projectId}`;
    const req = http.get(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } }, (res) => {
      const messages: Message[] = [];
      // Messages are taken in order: a wait looks past those an earlier wait took.
      let taken = 0;
      const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
      let buffer = '';
      const offer = () => {
        while (waiters.length) {
          const i = messages.findIndex((m, at) => at >= taken && waiters[0].match(m));
          if (i < 0) return;
          taken = i + 1;
          waiters.shift()!.resolve(messages[i]);
        }
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) messages.push({ comment: line.slice(1).trim() });
          }
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data !== undefined) messages.push({ event, data: JSON.parse(data) });
        }
        offer();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        ended,
        next: (match, timeoutMs = 5000) =>
          new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(messages.slice(taken))}`)),
              timeoutMs,
            );
            waiters.push({ match, resolve: (m) => (clearTimeout(timer), ok(m)) });
            offer();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

async function newRun(count = 3) {
  const ids = await createTests(t.db, w.projectA.projectId, count);
  const run = await startRun(t, w.user.token, w.projectA.projectId, ids);
  return { ids, q: { runId: run.runId, projectId: w.projectA.projectId } };
}

const isData = (m: Message) => m.data !== undefined && m.event === undefined;
const eventually = async (check: () => boolean, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('GET /run/events', () => {
  it("streams another user's marks as they commit, with who made them, and heartbeats between", async () => {
    const { ids, q } = await newRun();
    const stream = await openStream(base, w.reader.token, q);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store, no-transform');
    expect(stream.headers['content-encoding']).toBeUndefined();
    await stream.next((m) => m.comment === 'live');
    const user = await t.db.user.findUniqueOrThrow({ where: { userId: w.user.userId } });

    const marked = stream.next(isData);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [
          { testId: ids[0], status: 'failed', comment: 'Crashes on submit', defects: ['SHOP-7'] },
          { testId: ids[2], status: 'passed', elapsedMs: 1200 },
        ],
      })
      .expect(200);
    expect((await marked).data).toEqual({
      runId: q.runId,
      projectId: q.projectId,
      kind: 'results',
      by: { userId: w.user.userId, name: user.name },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      count: 2,
      tests: [
        // No template in the project: the id has no link.
        { testId: ids[0], status: 'failed', comment: 'Crashes on submit', elapsedMs: null, defects: [{ id: 'SHOP-7', url: null }] },
        { testId: ids[2], status: 'passed', comment: null, elapsedMs: 1200, defects: [] },
      ],
    });
    // A quiet stream keeps talking (EVENT_HEARTBEAT_MS is 200 here).
    await stream.next((m) => m.comment === 'heartbeat', 2000);
    stream.close();
  });

  it("carries only its own run's events, a reset as kind reset and other changes as kind run", async () => {
    const mine = await newRun();
    const other = await newRun();
    const stream = await openStream(base, w.user.token, mine.q);
    await stream.next((m) => m.comment === 'live');
    const event = stream.next(isData);
    await t
      .as(w.admin.token)
      .put('/run/update-test-status', { ...other.q, testResults: [{ testId: other.ids[0], status: 'passed' }] })
      .expect(200);
    await t.as(w.admin.token).put('/run/reset', mine.q).expect(200);
    expect((await event).data).toMatchObject({ runId: mine.q.runId, kind: 'reset', count: 3, tests: null, by: { userId: w.admin.userId } });
    const locked = stream.next(isData);
    await t.as(w.user.token).put('/run/lock', mine.q).expect(200);
    expect((await locked).data).toMatchObject({ kind: 'run', by: { userId: w.user.userId } });
    stream.close();
  });

  it('sends nothing for a write that rolls back, and drops the results of a mark too large to carry', async () => {
    const { ids, q } = await newRun(60);
    const stream = await openStream(base, w.user.token, q);
    await stream.next((m) => m.comment === 'live');
    const first = stream.next(isData);
    // A notification inside a transaction that fails is never sent.
    await expect(
      t.db.$transaction(async (tx) => {
        await notifyRunChange(tx, { ...q, userId: w.user.userId, kind: 'run', count: 99 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A refused mark (a test not in the run) writes nothing and says nothing.
    await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        ...q,
        testResults: [
          { testId: ids[0], status: 'passed' },
          { testId: 999_999, status: 'passed' },
        ],
      })
      .expect(400);
    // 60 results with long comments are too many for one notification: the event says how many, and readers fetch them.
    const long = 'x'.repeat(200);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: ids.map((testId) => ({ testId, status: 'blocked', comment: long })) })
      .expect(200);
    expect((await first).data).toMatchObject({ kind: 'results', count: 60, tests: null });
    stream.close();
  });

  it('reaches a stream served by another instance on the same database, which ends it at shutdown', async () => {
    const { ids, q } = await newRun();
    const database: Database = await openDatabase(t.config);
    const second = await listen(await buildApp({ config: t.config, database, blobs: t.blobs, logger: createLogger('silent') }));
    try {
      const stream = await openStream(second.base, w.reader.token, q);
      await stream.next((m) => m.comment === 'live');
      const event = stream.next(isData);
      await t
        .as(w.user.token)
        .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[1], status: 'retest' }] })
        .expect(200);
      expect((await event).data).toMatchObject({
        runId: q.runId,
        by: { userId: w.user.userId },
        tests: [{ testId: ids[1], status: 'retest' }],
      });
      // Stopping to listen ends the streams, so the server can close (server.ts does this first).
      await database.notifications.close();
      await stream.ended;
      // A process no longer listening refuses new streams as it refuses work without its database.
      await expect(openStream(second.base, w.reader.token, q).then((s) => s.status)).resolves.toBe(503);
    } finally {
      second.server.closeAllConnections();
      await new Promise((resolve) => second.server.close(resolve));
      await database.close();
    }
  });

  it('tells the stream to read again when the listening connection was lost, and listens again', async () => {
    const { ids, q } = await newRun();
    const stream = await openStream(base, w.user.token, q);
    await stream.next((m) => m.comment === 'live');
    const resync = stream.next((m) => m.event === 'resync', 10_000);
    await t.db.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`;
    expect(await resync).toEqual({ event: 'resync', data: {} });
    const event = stream.next(isData);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[0], status: 'passed' }] })
      .expect(200);
    expect((await event).data).toMatchObject({ runId: q.runId, tests: [{ testId: ids[0], status: 'passed' }] });
    stream.close();
  });

  it('lets every role of the organization read it, unsubscribing when the client leaves', async () => {
    const { q } = await newRun();
    const before = t.notifications.subscriberCount();
    const streams = await Promise.all([w.reader, w.user, w.admin].map((u) => openStream(base, u.token, q)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    await Promise.all(streams.map((s) => s.next((m) => m.comment === 'live')));
    expect(t.notifications.subscriberCount()).toBe(before + 3);
    for (const s of streams) s.close();
    await eventually(() => t.notifications.subscriberCount() === before);
  });

  it("answers 404 for another organization's run or project, 400 for bad input and 401 without credentials", async () => {
    const { q } = await newRun();
    const other = await t.as(w.adminB.token).get('/run/events', q).expect(404);
    expect(other.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    const elsewhere = await t
      .as(w.adminB.token)
      .get('/run/events', { ...q, projectId: w.projectB.projectId })
      .expect(404);
    expect(elsewhere.body).toEqual({ error: 'Run not found', status: 404, code: 'run_not_found' });
    const bad = await t.as(w.reader.token).get('/run/events', { runId: 'x', projectId: q.projectId }).expect(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('runId') });
    const anonymous = await t.http.get(`/api/v1/run/events?runId=${q.runId}&projectId=${q.projectId}`).expect(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthorized' });
  });
});
