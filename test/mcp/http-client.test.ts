import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { backoffDelay, createHttpClient, parseRetryAfter, RestUnreachableError, type HttpClientOptions } from '../../src/mcp/http-client';
import { envelope, failWith, firstCodeOf, hangUp, reply, slow, startStub, type StubServer } from './stub-server';

// The REST client of the tool server against a loopback stub: what is retried,
// how long it waits, and that an answer that is not retried arrives untouched.

let stub: StubServer;
let sleeps: number[];

beforeAll(async () => {
  stub = await startStub();
});
afterAll(() => stub.close());
beforeEach(() => {
  sleeps = [];
});

const client = (options: Partial<HttpClientOptions> = {}) =>
  createHttpClient({
    baseUrl: stub.url,
    token: 'cb_test',
    maxRetries: 3,
    timeoutMs: 2000,
    // Waits are recorded, not slept: the delays themselves are checked below.
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  });

const json = (body: Buffer) => JSON.parse(body.toString());

it('retries a 503 twice and returns the 200 that follows', async () => {
  stub.script(failWith(503, 'Service unavailable'), failWith(503, 'Service unavailable'), envelope({ ok: 1 }));
  const res = await client().request({ method: 'GET', path: '/orgs' });
  expect(res.status).toBe(200);
  expect(json(res.body)).toEqual({ data: { ok: 1 }, status: 200 });
  expect(res.attempts).toBe(3);
  expect(stub.seen).toHaveLength(3);
  // Exponential with jitter: the n-th wait is between half and all of 500·2ⁿ ms.
  expect(sleeps).toHaveLength(2);
  expect(sleeps[0]).toBeGreaterThanOrEqual(250);
  expect(sleeps[0]).toBeLessThanOrEqual(500);
  expect(sleeps[1]).toBeGreaterThanOrEqual(500);
  expect(sleeps[1]).toBeLessThanOrEqual(1000);
});

it.each([429, 502, 504])('retries %i', async (status) => {
  stub.script(failWith(status, 'busy'), envelope([]));
  const res = await client().request({ method: 'GET', path: '/orgs' });
  expect([res.status, res.attempts, stub.seen.length]).toEqual([200, 2, 2]);
});

it.each([400, 401, 403, 404, 409, 413, 423, 500])('makes exactly one request for %i and keeps its text', async (status) => {
  stub.script(failWith(status, `Invalid request: title: Required (${status})`));
  const res = await client().request({ method: 'POST', path: '/test/create', body: { projectId: 1 } });
  expect(stub.seen).toHaveLength(1);
  expect(res.status).toBe(status);
  expect(res.attempts).toBe(1);
  expect(json(res.body)).toEqual({ error: `Invalid request: title: Required (${status})`, status, code: firstCodeOf(status) });
  expect(sleeps).toEqual([]);
});

it('gives up after CASEBOOK_MAX_RETRIES retries and returns the last answer', async () => {
  stub.script(failWith(503, 'Service unavailable'));
  const res = await client({ maxRetries: 2 }).request({ method: 'GET', path: '/orgs' });
  expect([res.status, res.attempts, stub.seen.length]).toEqual([503, 3, 3]);
  expect(json(res.body).error).toBe('Service unavailable');
  stub.script(failWith(503, 'Service unavailable'));
  const none = await client({ maxRetries: 0 }).request({ method: 'GET', path: '/orgs' });
  expect([none.attempts, stub.seen.length]).toEqual([1, 1]);
});

it('honours Retry-After in seconds and as an HTTP date, capped', async () => {
  stub.script(failWith(429, 'slow down', { 'Retry-After': '2' }), envelope(1));
  await client().request({ method: 'GET', path: '/orgs' });
  const now = Date.parse('2030-01-01T00:00:00Z');
  stub.script(failWith(503, 'later', { 'Retry-After': new Date(now + 5000).toUTCString() }), envelope(1));
  await client({ now: () => now }).request({ method: 'GET', path: '/orgs' });
  stub.script(failWith(503, 'much later', { 'Retry-After': '3600' }), envelope(1));
  await client({ retryAfterCapMs: 30_000 }).request({ method: 'GET', path: '/orgs' });
  expect(sleeps).toEqual([2000, 5000, 30_000]);
});

it('really waits between attempts', async () => {
  stub.script(failWith(503, 'x', { 'Retry-After': '1' }), envelope(1));
  const started = Date.now();
  const res = await createHttpClient({ baseUrl: stub.url, token: 't', maxRetries: 1, timeoutMs: 2000 }).request({
    method: 'GET',
    path: '/orgs',
  });
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});

describe('network errors', () => {
  it('retries a connection that is refused, for reads and writes alike', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    for (const method of ['GET', 'POST'] as const) {
      sleeps = [];
      const err = await client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2 })
        .request({ method, path: '/orgs', body: method === 'POST' ? {} : undefined })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RestUnreachableError);
      expect((err as RestUnreachableError).attempts).toBe(3);
      expect((err as RestUnreachableError).message).toContain('ECONNREFUSED');
      expect(sleeps).toHaveLength(2);
    }
  });

  it('retries a read whose connection is cut, but not a write that may have been applied', async () => {
    stub.script(hangUp, envelope('second time'));
    const read = await client().request({ method: 'GET', path: '/orgs' });
    expect([read.status, read.attempts, stub.seen.length]).toEqual([200, 2, 2]);

    stub.script(hangUp, envelope('never reached'));
    const write = await client()
      .request({ method: 'POST', path: '/run/create', body: { runName: 'x' } })
      .catch((e: unknown) => e);
    expect(write).toBeInstanceOf(RestUnreachableError);
    expect((write as RestUnreachableError).attempts).toBe(1);
    expect(stub.seen).toHaveLength(1);
  });

  it('times out each attempt after CASEBOOK_TIMEOUT_MS', async () => {
    stub.script(slow(1500, envelope('late')));
    const started = Date.now();
    const err = await client({ timeoutMs: 150, maxRetries: 1 })
      .request({ method: 'GET', path: '/orgs' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestUnreachableError);
    expect(err).toMatchObject({ timedOut: true, attempts: 2 });
    expect((err as Error).message).toContain('No answer within 150 ms');
    expect(Date.now() - started).toBeLessThan(1200);

    stub.script(slow(1500, envelope('late')));
    const write = await client({ timeoutMs: 150 })
      .request({ method: 'PUT', path: '/run/lock', body: {} })
      .catch((e: unknown) => e);
    expect(write).toMatchObject({ timedOut: true, attempts: 1 });
  });
});

it('sends the Bearer token, JSON bodies and query strings', async () => {
  stub.script(reply(201, { data: {}, status: 201 }));
  await client({ baseUrl: `${stub.url}/api/v1/` }).request({ method: 'POST', path: '/test/create', body: { projectId: 3, title: 'Ä' } });
  await client().request({
    method: 'GET',
    path: '/project/tests',
    query: { projectId: 3, sectionId: undefined, search: 'a b', isActive: false },
  });
  const [post, get] = stub.seen;
  expect(post).toMatchObject({ method: 'POST', url: '/api/v1/test/create', body: JSON.stringify({ projectId: 3, title: 'Ä' }) });
  expect(post.headers).toMatchObject({ authorization: 'Bearer cb_test', 'content-type': 'application/json' });
  expect(get).toMatchObject({ method: 'GET', url: '/api/v1/project/tests?projectId=3&search=a+b&isActive=false', body: '' });
  expect(get.headers['content-type']).toBeUndefined();
});

it('computes backoff and Retry-After', () => {
  const steps = { base: 500, max: 8000 };
  expect(backoffDelay(0, steps, () => 0)).toBe(250);
  expect(backoffDelay(0, steps, () => 1)).toBe(500);
  expect(backoffDelay(3, steps, () => 1)).toBe(4000);
  expect(backoffDelay(10, steps, () => 1)).toBe(8000);
  expect(parseRetryAfter(null, 0)).toBeUndefined();
  expect(parseRetryAfter('soon', 0)).toBeUndefined();
  expect(parseRetryAfter(' 7 ', 0)).toBe(7000);
  expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-21T07:28:10Z'))).toBe(0);
});
