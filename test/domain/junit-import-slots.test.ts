import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, createWorld, type TestUser, type World } from '../support/factories';
import { importJUnit, suite, tableCounts } from '../support/junit-import';

// JUnit imports take a slot before their body is read: two
// at once in all, one of them at most for one user, a 300 ms wait for one, then
// 503 with Retry-After, having read none of the body and written nothing.
// An import holds its slot while its body arrives: one whose client has sent
// only the start of its report holds it as long as the client likes.

let t: TestApp;
let w: World;
let second: TestUser;
let server: http.Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ IMPORT_CONCURRENCY: '2', IMPORT_PER_USER: '1', IMPORT_WAIT_MS: '300' });
  w = await createWorld(t.db);
  second = await createUser(t.db, 'User', [w.orgA.orgId]);
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

const report = (name: string) => Buffer.from(suite('s', `<testcase classname="c" name="${name}"/>`));

interface Upload {
  req: http.ClientRequest;
  /** The answer, once the server sends one. */
  answer: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

/**
 * Starts an import as `token` of a body of `length` bytes and sends `first` of
 * it; the rest only through `req`.
 */
function upload(token: string, query: string, length: number, first: Buffer): Upload {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/run/import-junit?${query}`,
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml', 'content-length': String(length) },
  });
  req.on('error', () => {}); // a cut connection: seen as no answer
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
  });
  req.write(first);
  return { req, answer };
}

/** An import in progress: its report sent but for its last byte, so it holds its slot until `finish`. */
async function holding(token: string, projectId: number, name: string) {
  const body = report(name);
  const up = upload(token, `projectId=${projectId}&createMissing=true`, body.length, body.subarray(0, -1));
  // Held once the same user is refused: a user holds one slot (IMPORT_PER_USER 1), so a dry run of
  // theirs that is answered 503 proves this import has it. One answered 201 came first: ask again.
  for (let i = 0; i < 100; i++) {
    const probe = await importJUnit(t, token, { projectId, dryRun: true }, report('probe'));
    if (probe.status === 503) return { ...up, finish: () => up.req.end(body.subarray(-1)) };
    expect(probe.status).toBe(201);
  }
  throw new Error('the import never took its slot');
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

describe('import slots', () => {
  it('refuses a second import of one user while their first runs, and lets another user import', async () => {
    const projectId = w.projectA.projectId;
    const first = await holding(w.user.token, projectId, 'first');
    try {
      const before = await tableCounts(t.db);
      const refused = await importJUnit(t, w.user.token, { projectId, createMissing: true }, report('again')).expect(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toEqual({ error: 'Service unavailable', status: 503, code: 'server_busy' });
      expect(await tableCounts(t.db)).toEqual(before);
      // Another user takes the other slot.
      const other = await importJUnit(t, second.token, { projectId, createMissing: true }, report('other')).expect(201);
      expect(other.body.data).toMatchObject({ created: 1 });
    } finally {
      first.finish();
    }
    const done = await first.answer;
    expect(done.status).toBe(201);
    expect(JSON.parse(done.body).data).toMatchObject({ created: 1 });
    // Its slot is free again: the same user imports.
    await importJUnit(t, w.user.token, { projectId, createMissing: true }, report('later')).expect(201);
  });

  it('refuses any import while every slot is taken, and takes one again once a slot is free', async () => {
    const projectId = w.projectA.projectId;
    const held = [await holding(w.user.token, projectId, 'a'), await holding(second.token, projectId, 'b')];
    try {
      const before = await tableCounts(t.db);
      const refused = await importJUnit(t, w.admin.token, { projectId, createMissing: true, dryRun: true }, report('c')).expect(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(await tableCounts(t.db)).toEqual(before);
    } finally {
      for (const h of held) h.finish();
    }
    for (const h of held) expect((await h.answer).status).toBe(201);
    await importJUnit(t, w.admin.token, { projectId, createMissing: true }, report('c')).expect(201);
  });

  it('answers a refused import before its body is sent, having read none of it', async () => {
    const projectId = w.projectA.projectId;
    const first = await holding(w.user.token, projectId, 'held');
    const length = 10 * 2 ** 20;
    const start = report('big').subarray(0, 64);
    const refused = upload(w.user.token, `projectId=${projectId}&createMissing=true`, length, start);
    try {
      // Only 64 of its 10 MiB are sent, and the answer comes.
      const answer = await within(refused.answer, 5000);
      expect(answer).not.toBe('timeout');
      const { status, headers, body } = answer as Awaited<Upload['answer']>;
      expect(status).toBe(503);
      expect(headers['retry-after']).toBe('1');
      expect(JSON.parse(body)).toEqual({ error: 'Service unavailable', status: 503, code: 'server_busy' });
    } finally {
      refused.req.destroy();
      first.finish();
    }
    expect((await first.answer).status).toBe(201);
  });
});
