import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { createSession } from '../../src/auth/sessions';
import { createHttpServer } from '../../src/http/http-server';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { runSnapshot, startRun } from '../support/run-factories';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('caching and transport headers', () => {
  it('marks API answers, success and error alike, no-store', async () => {
    const responses = [
      // (Reads that revalidate by ETag are private, no-cache instead: test/http/etag.test.ts, org-etags.test.ts.)
      await t.as(w.reader.token).get('/tests/download', { projectId: w.projectA.projectId }).expect(200),
      await t.as(w.reader.token).get('/project/detail', { projectId: w.projectB.projectId }).expect(404),
      await t.http.get('/api/v1/orgs').expect(401),
      await t.as(w.reader.token).get('/no/such/route').expect(404),
      await t.http.get('/api/v1/openapi.json').expect(200),
    ];
    for (const res of responses) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the token a session generates no-store', async () => {
    const session = await createSession(t.db, w.reader.userId, 60_000);
    const res = await t.http
      .post('/api/v1/token/generate')
      .set('Cookie', `user_session=${session.secret}`)
      .send({ userId: w.reader.userId, name: 'cache' })
      .expect(201);
    expect(res.body.data.token).toMatch(/^cb_/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the routes that start and end sessions no-store', async () => {
    for (const path of ['/auth/login', '/auth/callback']) {
      expect((await t.http.get(path)).headers['cache-control']).toBe('no-store');
    }
    const out = await t.http.post('/logout').set('Accept', 'application/json').expect(200);
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('sends no HSTS when the public URL is http', async () => {
    for (const res of [await t.http.get('/healthz'), await t.as(w.reader.token).get('/orgs')]) {
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://casebook.example' });
    try {
      const res = await secure.http.get('/healthz').expect(200);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('NUL characters', () => {
  // PostgreSQL text cannot hold U+0000: such a value must be a 400 naming its field, never a 500.
  const nul = (field: string) => `Invalid request: ${field}: Must not contain NUL characters`;

  it('answers 400 to a NUL in a query string, for a Reader too', async () => {
    const projectId = w.projectA.projectId;
    const res = await t.as(w.reader.token).get('/project/tests', { projectId, search: 'a\u0000b' }).expect(400);
    expect(res.body).toEqual({ error: nul('search'), status: 400, code: 'validation_failed' });
    const count = await t.as(w.reader.token).get('/project/tests-count', { projectId, search: '\u0000' }).expect(400);
    expect(count.body.error).toBe(nul('search'));
    // Credentials and role are still checked first.
    await t.http.get('/api/v1/project/tests').query({ projectId, search: '\u0000' }).expect(401);
    await t.as(w.reader.token).post('/test/create', { projectId, title: '\u0000' }).expect(403);
  });

  it('answers 400 to a NUL in a body string, naming its path, and writes nothing', async () => {
    const projectId = w.projectA.projectId;
    const user = t.as(w.user.token);
    const [tests, labels, projects] = await Promise.all([t.db.test.count(), t.db.label.count(), t.db.project.count()]);

    expect((await user.post('/test/create', { projectId, title: 'ok', steps: 'one\u0000two' }).expect(400)).body).toEqual({
      error: nul('steps'),
      status: 400,
      code: 'validation_failed',
    });
    await user
      .post('/test/create', { projectId, title: 't\u0000' })
      .expect(400, { error: nul('title'), status: 400, code: 'validation_failed' });
    const bulk = await user
      .post('/test/bulk-add', { projectId, tests: [{ title: 'fine' }, { title: 'x', preconditions: '\u0000' }] })
      .expect(400);
    expect(bulk.body.error).toBe(nul('tests.1.preconditions'));
    const labelRes = await user.post('/project/add-labels', { projectId, labels: ['good', 'b\u0000d'] }).expect(400);
    expect(labelRes.body.error).toBe(nul('labels.1'));
    const projectRes = await user
      .post('/project/create', { orgId: w.orgA.orgId, projectName: 'p\u0000', projectDescription: '\u0000' })
      .expect(400);
    expect(projectRes.body.error).toBe(
      'Invalid request: projectDescription: Must not contain NUL characters; projectName: Must not contain NUL characters',
    );

    expect(await Promise.all([t.db.test.count(), t.db.label.count(), t.db.project.count()])).toEqual([tests, labels, projects]);
  });

  it('answers 400 to a NUL in run names and result comments, leaving the run as it was', async () => {
    const projectId = w.projectA.projectId;
    const testIds = await createTests(t.db, projectId, 2);
    const runs = await t.db.run.count();
    const created = await t.as(w.user.token).post('/run/create', { projectId, runName: 'r\u0000', testIds }).expect(400);
    expect(created.body.error).toBe(nul('runName'));
    expect(await t.db.run.count()).toBe(runs);

    const run = await startRun(t, w.user.token, projectId, testIds);
    const before = await runSnapshot(t.db, run.runId);
    const res = await t
      .as(w.user.token)
      .put('/run/update-test-status', {
        runId: run.runId,
        projectId,
        testResults: [
          { testId: testIds[0], status: 'passed', comment: 'fine' },
          { testId: testIds[1], status: 'failed', comment: 'bad\u0000' },
        ],
      })
      .expect(400);
    expect(res.body.error).toBe(nul('testResults.1.comment'));
    await t
      .as(w.user.token)
      .put('/run/edit', { runId: run.runId, projectId, runName: '\u0000' })
      .expect(400, { error: nul('runName'), status: 400, code: 'validation_failed' });
    expect(await runSnapshot(t.db, run.runId)).toEqual(before);
  });
});

describe('requests that cannot be read', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = createHttpServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** POSTs raw bytes as JSON with the given Content-Encoding to the listening server. */
  function postEncoded(path: string, encoding: string, body: Buffer, token?: string) {
    const headers = {
      'content-type': 'application/json',
      'content-encoding': encoding,
      'content-length': body.length,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Sends bytes over a bare TCP socket; resolves with everything the server wrote before closing. */
  function rawExchange(bytes: string) {
    return new Promise<{ status: number; headers: string; body: unknown }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body: body.startsWith('{') ? JSON.parse(body) : body });
      });
    });
  }

  it('answers 400 to a body that does not decode as its Content-Encoding, with or without credentials', async () => {
    const projects = await t.db.project.count();
    const undecodable = { error: 'Invalid request: body does not decode as its Content-Encoding', status: 400, code: 'malformed_request' };
    const good = Buffer.from(JSON.stringify({ orgId: w.orgA.orgId, projectName: 'gzipped' }));
    const cases: [string, Buffer][] = [
      ['gzip', Buffer.from('not gzip at all')],
      ['gzip', zlib.gzipSync(good).subarray(0, 12)],
      ['deflate', Buffer.from('not deflate')],
      ['br', Buffer.from('not brotli')],
    ];
    for (const [encoding, bytes] of cases) {
      expect(await postEncoded('/api/v1/project/create', encoding, bytes)).toEqual({ status: 400, body: undecodable });
      expect(await postEncoded('/api/v1/project/create', encoding, bytes, w.user.token)).toEqual({ status: 400, body: undecodable });
    }
    expect(await t.db.project.count()).toBe(projects);
    // An encoding body-parser does not know stays 415; one it decodes is read as usual.
    expect(await postEncoded('/api/v1/project/create', 'compress', good, w.user.token)).toEqual({
      status: 415,
      body: { error: 'Content-Type must be application/json', status: 415, code: 'unsupported_media_type' },
    });
    expect((await postEncoded('/api/v1/project/create', 'gzip', zlib.gzipSync(good), w.user.token)).status).toBe(201);
  });

  it("answers what Node's HTTP parser refuses in the envelope: 400, and 431 for headers too large", async () => {
    const garbage = await rawExchange('NOT A REQUEST LINE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.headers).toMatch(/content-type: application\/json/i);
    expect(garbage.body).toEqual({ error: 'Invalid request: malformed HTTP request', status: 400, code: 'malformed_request' });

    const badHeader = await rawExchange('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n');
    expect(badHeader.body).toEqual({ error: 'Invalid request: malformed HTTP request', status: 400, code: 'malformed_request' });

    const huge = await rawExchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ error: 'Request header fields too large', status: 431, code: 'header_too_large' });

    // The server is still there for well-formed requests.
    expect((await rawExchange('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).body).toEqual({
      data: { ok: true },
      status: 200,
    });
  });
});
