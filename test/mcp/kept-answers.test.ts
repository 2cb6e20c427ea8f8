import type http from 'node:http';
import { createHttpClient } from '../../src/mcp/http-client';
import { KeptAnswers } from '../../src/mcp/kept-answers';
import { startStub, type StubServer } from './stub-server';

// The tagged GET answers the tool server keeps for revalidation: one store for
// the process, bounded by bytes however many clients (one per /mcp request, one
// token each) fill it, and keyed by token, so no token is answered from another's.

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(() => stub.close());

const MiB = 1024 * 1024;

/** A 200 of `bytes` bytes tagged "v1", or a 304 to a request that names that tag. */
const tagged =
  (bytes: number) =>
  (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304, { ETag: '"v1"' });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"v1"' });
    const envelope = JSON.stringify({ data: '', status: 200 }).length;
    res.end(JSON.stringify({ data: 'x'.repeat(bytes - envelope), status: 200 }));
  };

const client = (token: string, kept: KeptAnswers | null) =>
  createHttpClient({ baseUrl: stub.url, token, maxRetries: 0, timeoutMs: 5000, kept });

it('100 clients of 100 tokens reading 1 MiB pages keep at most the store bound, the most recent answers', async () => {
  stub.script(tagged(MiB));
  const kept = new KeptAnswers(8 * MiB);
  for (let i = 0; i < 100; i++) {
    const res = await client(`cb_token_${i}`, kept).request({ method: 'GET', path: '/project/tests', query: { page: i % 5 } });
    expect(res.status).toBe(200);
    expect(kept.bytes).toBeLessThanOrEqual(8 * MiB);
  }
  expect(kept.size).toBe(7); // 7 answers of 1 MiB and their headers fit in 8 MiB
  // The most recent token's answer is kept and revalidated; the first one's went long ago.
  const last = await client('cb_token_99', kept).request({ method: 'GET', path: '/project/tests', query: { page: 4 } });
  expect(last).toMatchObject({ status: 200, revalidated: true });
  expect(last.body.length).toBe(MiB);
  const first = await client('cb_token_0', kept).request({ method: 'GET', path: '/project/tests', query: { page: 0 } });
  expect(first.revalidated).toBeUndefined();
});

it("one token's kept answer never answers another token: the other asks without If-None-Match", async () => {
  stub.script(tagged(1000));
  const kept = new KeptAnswers(MiB);
  const req = { method: 'GET' as const, path: '/orgs' };
  await client('cb_alice', kept).request(req);
  expect((await client('cb_alice', kept).request(req)).revalidated).toBe(true);
  const bob = await client('cb_bob', kept).request(req);
  expect(bob.revalidated).toBeUndefined();
  expect(stub.seen.map((r) => r.headers['if-none-match'] ?? null)).toEqual([null, '"v1"', null]);
  // The store holds hashes of the tokens, never a token.
  expect(JSON.stringify([...(kept as unknown as { kept: Map<string, unknown> }).kept.keys()])).not.toContain('cb_alice');
});

it('an answer over 2 MiB, or over the whole store, is not kept; a store of 0 bytes keeps nothing', async () => {
  stub.script(tagged(3 * MiB));
  const kept = new KeptAnswers(16 * MiB);
  await client('cb_big', kept).request({ method: 'GET', path: '/big' });
  expect(kept.size).toBe(0);
  stub.script(tagged(1000));
  const none = new KeptAnswers(0);
  await client('cb_none', none).request({ method: 'GET', path: '/small' });
  expect(none.size).toBe(0);
  // Without a store, requests carry no If-None-Match either.
  await client('cb_none', null).request({ method: 'GET', path: '/small' });
  await client('cb_none', null).request({ method: 'GET', path: '/small' });
  expect(stub.seen.every((r) => r.headers['if-none-match'] === undefined)).toBe(true);
});
