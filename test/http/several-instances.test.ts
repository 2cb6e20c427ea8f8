import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Client as PgClient } from 'pg';
import { urlFor, withAdminClient } from '../support/postgres';
import { cookieValue } from '../support/oauth-login';
import { startOAuthProvider, type OAuthProvider } from '../support/oauth-provider';
import { freePort, refused, startInstance, type Instance } from '../support/serve-instances';
import { untilDeliveriesSettled } from '../support/job-queue';
import { startReceiver } from '../webhooks/receiver';

// Two `casebook serve` processes on one PostgreSQL database, as behind a load balancer: any
// request may reach either, so what one did the other must know. They start together on an
// empty database; a login begun on one ends on the other and its session works on both; MCP
// calls alternate; a write on one is seen by the other's conditional reads and kept answers;
// one stops gracefully under a request in flight, and a third under an MCP call in flight.
// Both run the webhook delivery workers on the one job queue: each event is posted once.

const migrations = fs
  .readdirSync(path.resolve(__dirname, '../../prisma/migrations'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

let provider: OAuthProvider;
let dbName: string;
let a: Instance;
let b: Instance;
let token: string;
let orgId: number;

type Answer = { status: number; headers: Headers; body: { data?: unknown; code?: string } & Record<string, unknown> };
async function call(
  on: Instance,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

/**
 * A POST in flight: its headers and the first half of `body` are sent (the server has the
 * request: 100 Continue), the rest when `finish` is called; `answered` resolves with the answer.
 */
async function halfSent(url: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { Authorization: `Bearer ${token}`, ...headers, 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
  });
  await new Promise<void>((resolve) => req.once('continue', resolve));
  req.write(body.slice(0, half));
  return { answered, finish: () => req.end(body.slice(half)) };
}

/** SIGTERM, then waits until the port refuses new connections (the load balancer tries another instance). */
async function terminate(instance: Instance): Promise<void> {
  instance.child.kill('SIGTERM');
  for (let i = 0; i < 200 && !(await refused(instance.port)); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await refused(instance.port)).toBe(true);
}

beforeAll(async () => {
  provider = await startOAuthProvider();
  // An empty database: no template, no migration applied.
  dbName = `casebook_t_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${dbName}"`));
  // The login's callback comes back to the public address: A's here (B answers it all the same).
  const portA = await freePort();
  const env = {
    ...provider.env,
    DATABASE_URL: urlFor(dbName),
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    ADMIN_EMAILS: 'lead@example.test',
    OAUTH_ALLOWED_DOMAINS: 'example.test',
    OAUTH_DEFAULT_ORG: 'Default',
    SHUTDOWN_GRACE_MS: '20000',
    // The receiver below listens on loopback.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  // Started at the same time: both find migrations pending.
  const started = await Promise.allSettled([startInstance({ ...env, PORT: String(portA) }), startInstance(env)]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // The one that started must not outlive the test.
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGKILL');
    throw failed.reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<Instance>).value);
  const printed = [a, b].map((i) => /Try: curl -H "Authorization: Bearer (\S+)"/.exec(i.output())?.[1]).filter(Boolean);
  expect(printed).toHaveLength(1);
  token = printed[0]!;
  orgId = ((await call(a, 'GET', '/api/v1/orgs')).body.data as { orgId: number }[])[0].orgId;
}, 180_000);

afterAll(async () => {
  for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill('SIGKILL');
  await provider?.stop();
  if (dbName) await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
});

describe('two instances on one database', () => {
  it('started together on an empty database: migrations applied once, one first Admin, both serve', async () => {
    const pg = new PgClient({ connectionString: urlFor(dbName) });
    await pg.connect();
    try {
      const rows = await pg.query<{ migration_name: string; n: number; finished: number }>(
        `SELECT migration_name, count(*)::int AS n, count(finished_at)::int AS finished FROM _prisma_migrations GROUP BY 1 ORDER BY 1`,
      );
      expect(rows.rows).toEqual(migrations.sort().map((name) => ({ migration_name: name, n: 1, finished: 1 })));
      const users = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
      expect(users.rows[0].n).toBe(1);
      const orgs = await pg.query<{ name: string }>(`SELECT name FROM organizations`);
      expect(orgs.rows).toEqual([{ name: 'Default' }]);
    } finally {
      await pg.end();
    }
    // Exactly one of them applied them (the other found them done once it held the lock).
    const applied = [a, b].map((i) => i.output().includes('"msg":"migrations applied"'));
    expect(applied.filter(Boolean)).toHaveLength(1);
    for (const i of [a, b]) {
      const ready = await fetch(`${i.url}/readyz`);
      expect(ready.status).toBe(200);
    }
  });

  it('a login begun on one ends on the other, and its session works on both until signed out on either', async () => {
    await provider.setIdentity({ email: 'lead@example.test', name: 'Lead' });
    const start = await fetch(`${a.url}/auth/login`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const stateCookie = cookieValue(start.headers.getSetCookie(), 'oauth_state')!;
    expect(stateCookie).toBeTruthy();
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    // The provider sends the browser back to A; the load balancer hands the callback to B.
    const callback = new URL(atProvider.headers.get('location')!);
    expect(callback.origin).toBe(a.url);
    const done = await fetch(`${b.url}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
      headers: { Cookie: `oauth_state=${stateCookie}` },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    const cookie = `user_session=${cookieValue(done.headers.getSetCookie(), 'user_session')}`;

    for (const on of [a, b, a]) {
      const me = await fetch(`${on.url}/api/v1/user/details`, { headers: { Cookie: cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { email: string; role: string } }).data).toMatchObject({
        email: 'lead@example.test',
        role: 'Admin',
      });
    }
    const out = await fetch(`${b.url}/logout`, { method: 'POST', headers: { Cookie: cookie, Accept: 'application/json' } });
    expect(out.status).toBe(200);
    const after = await fetch(`${a.url}/api/v1/user/details`, { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('unauthorized');
  });

  it('a write on one is seen at once by the other: its ETags, 304s and kept answers are never stale', async () => {
    // A retry with the same Idempotency-Key that reaches the other instance gets the first answer again.
    const once = { body: { orgId, projectName: 'Shared' }, headers: { 'Idempotency-Key': 'shared-project-1' } };
    const project = await call(a, 'POST', '/api/v1/project/create', once);
    expect(project.status).toBe(201);
    const projectId = (project.body.data as { projectId: number }).projectId;
    const retried = await call(b, 'POST', '/api/v1/project/create', once);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotency-replayed')).toBe('true');
    expect(retried.body).toEqual(project.body);
    expect((await call(b, 'POST', '/api/v1/test/create', { body: { projectId, title: 'first' } })).status).toBe(201);
    const list = `/api/v1/project/tests?projectId=${projectId}`;
    const titles = (r: Answer) => (r.body.data as { tests: { title: string }[] }).tests.map((t) => t.title);

    const first = await call(a, 'GET', list);
    expect(first.status).toBe(200);
    expect(titles(first)).toEqual(['first']);
    const e1 = first.headers.get('etag')!;
    // The same code gives the same ETag: B confirms A's copy, and keeps its own answer (its answer cache).
    expect((await call(b, 'GET', list, { headers: { 'If-None-Match': e1 } })).status).toBe(304);
    const atB = await call(b, 'GET', list);
    expect(atB.headers.get('etag')).toBe(e1);
    expect(titles(atB)).toEqual(['first']);

    // Written on B: A's 304 for the old copy is gone, and so is B's kept answer.
    expect((await call(b, 'POST', '/api/v1/test/create', { body: { projectId, title: 'second' } })).status).toBe(201);
    const fresh = await call(a, 'GET', list, { headers: { 'If-None-Match': e1 } });
    expect(fresh.status).toBe(200);
    expect(titles(fresh)).toEqual(['first', 'second']);
    const e2 = fresh.headers.get('etag')!;
    expect(e2).not.toBe(e1);
    const againB = await call(b, 'GET', list);
    expect(titles(againB)).toEqual(['first', 'second']);
    expect(againB.headers.get('etag')).toBe(e2);
    // And the other way round: written on A, read on B with B's last ETag.
    expect((await call(a, 'POST', '/api/v1/test/create', { body: { projectId, title: 'third' } })).status).toBe(201);
    const third = await call(b, 'GET', list, { headers: { 'If-None-Match': e2 } });
    expect(third.status).toBe(200);
    expect(titles(third)).toEqual(['first', 'second', 'third']);
    expect((await call(a, 'GET', list, { headers: { 'If-None-Match': third.headers.get('etag')! } })).status).toBe(304);
  });

  it('MCP over HTTP: calls alternate between the two, and one sees what the other wrote (kept answers revalidated)', async () => {
    const clients: McpClient[] = [];
    const connect = async (on: Instance) => {
      const client = new McpClient({ name: 'several-instances', version: '1.0.0' });
      await client.connect(
        // create-project is not a core tool: every set is asked for.
        new StreamableHTTPClientTransport(new URL(`${on.url}/mcp?toolsets=all`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    };
    try {
      const [mcpA, mcpB] = [await connect(a), await connect(b)];
      const json = (answer: unknown) => {
        const r = answer as CallToolResult;
        expect(r.isError).toBeFalsy();
        return JSON.parse((r.content[0] as { text: string }).text) as Record<string, unknown>;
      };
      const created = json(await mcpA.callTool({ name: 'create-project', arguments: { orgId, projectName: 'Over MCP' } }));
      const projectId = created.projectId as number;
      const names = async (client: McpClient) =>
        (json(await client.callTool({ name: 'get-tests', arguments: { projectId } })).tests as { title: string }[]).map((t) => t.title);
      expect(await names(mcpB)).toEqual([]);
      for (const [i, writer, reader] of [
        [1, mcpB, mcpA],
        [2, mcpA, mcpB],
        [3, mcpB, mcpA],
        [4, mcpA, mcpB],
      ] as const) {
        json(await writer.callTool({ name: 'create-test', arguments: { projectId, testName: `mcp ${i}` } }));
        // The reader asked before (its answer kept by ETag): it must see the write of the other instance.
        expect(await names(reader)).toEqual(Array.from({ length: i }, (_, k) => `mcp ${k + 1}`));
        expect(await names(writer)).toEqual(Array.from({ length: i }, (_, k) => `mcp ${k + 1}`));
      }
    } finally {
      await Promise.allSettled(clients.map((c) => c.close()));
    }
  });

  it('webhook events written on either are posted once each, whichever instance delivers them', async () => {
    const receiver = await startReceiver();
    try {
      const project = await call(a, 'POST', '/api/v1/project/create', { body: { orgId, projectName: 'Hooked' } });
      const projectId = (project.body.data as { projectId: number }).projectId;
      const hook = await call(b, 'POST', '/api/v1/webhook/create', {
        body: { orgId, projectId, url: receiver.url, events: ['tests.changed'] },
      });
      expect(hook.status).toBe(201);
      const created: number[] = [];
      for (let i = 0; i < 20; i++) {
        const made = await call(i % 2 ? b : a, 'POST', '/api/v1/test/create', { body: { projectId, title: `hooked ${i}` } });
        expect(made.status).toBe(201);
        created.push((made.body.data as { testId: number }).testId);
      }
      await receiver.waitFor(20, 60_000);
      // Every job done, by either worker: a second delivery of any of them, were one made, has arrived.
      await untilDeliveriesSettled(urlFor(dbName));
      expect(receiver.received).toHaveLength(20);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(20);
      const posted = receiver.received.map((r) => (JSON.parse(r.body) as { data: { created: number[] } }).data.created).flat();
      expect(posted.sort((x, y) => x - y)).toEqual(created.sort((x, y) => x - y));
    } finally {
      await receiver.close();
    }
  });

  it('an MCP call in flight at SIGTERM is answered, its tool calling the API on the own address, then the process exits 0', async () => {
    // A third instance on the same database (migrated already), stopped here.
    const c = await startInstance({ DATABASE_URL: urlFor(dbName), PUBLIC_URL: 'http://127.0.0.1:1', SHUTDOWN_GRACE_MS: '20000' });
    try {
      // A tools/call whose body arrives in two parts, the second after the signal: the call is in flight all along.
      const message = JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'create-project', arguments: { orgId, projectName: 'Made during shutdown' } },
      });
      const post = await halfSent(
        `${c.url}/mcp?toolsets=all`,
        { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        message,
      );
      // Draining: the public port takes no new connection; the tool's own calls go to the loopback address.
      await terminate(c);
      expect(c.child.exitCode).toBeNull();

      post.finish();
      const answer = await post.answered;
      expect(answer.status).toBe(200);
      // One JSON-RPC answer (as an event of the stream, or as JSON), the tool's result and not an error.
      const json = answer.body.startsWith('{') ? answer.body : /^data: (.*)$/m.exec(answer.body)![1];
      const reply = JSON.parse(json) as { id: number; result: CallToolResult };
      expect(reply.id).toBe(7);
      expect(reply.result.isError).toBeFalsy();
      const project = JSON.parse((reply.result.content[0] as { text: string }).text) as { projectId: number; projectName: string };
      expect(project).toMatchObject({ projectId: expect.any(Number), projectName: 'Made during shutdown' });
      expect(await c.exited).toBe(0);
      expect(c.output()).not.toContain('were cut');
      // It was written: A reads it.
      const read = await call(a, 'GET', `/api/v1/project/detail?projectId=${project.projectId}`);
      expect(read.status).toBe(200);
    } finally {
      if (c.child.exitCode === null) c.child.kill('SIGKILL');
    }
  });

  it('stops gracefully on SIGTERM: readiness says no at once, no new connection is taken, the request in flight finishes, exit 0', async () => {
    const created = await call(a, 'POST', '/api/v1/project/create', { body: { orgId, projectName: 'Imported' } });
    const projectId = (created.body.data as { projectId: number }).projectId;
    // A run, and a browser following its live events on B: an event stream never finishes by itself.
    const first = await fetch(`${a.url}/api/v1/run/import-junit?projectId=${projectId}&runName=first&createMissing=true`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/xml' },
      body: '<testsuite name="s"><testcase classname="c" name="t0"/></testsuite>',
    });
    expect(first.status).toBeLessThan(300);
    const runId = ((await first.json()) as { data: { runId: number } }).data.runId;
    // In an object: a promise resolved with a promise would wait for it.
    const stream = await new Promise<{ ended: Promise<void> }>((resolve, reject) => {
      http
        .get(
          `${b.url}/api/v1/run/events?runId=${runId}&projectId=${projectId}`,
          { agent: false, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`event stream: ${res.statusCode}`));
            res.resume();
            resolve({ ended: new Promise<void>((ended) => res.once('end', () => ended())) });
          },
        )
        .on('error', reject);
    });
    // A connection kept open to B, idle, as a load balancer keeps one.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.get(`${b.url}${path}`, { agent }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on('error', reject);
      });
    expect((await get('/readyz')).status).toBe(200);

    // A slow upload in flight on B: the report's first half now, the rest after SIGTERM.
    const xml = `<testsuite name="s">${Array.from({ length: 50 }, (_, i) => `<testcase classname="c" name="t${i}"/>`).join('')}</testsuite>`;
    const upload = await halfSent(
      `${b.url}/api/v1/run/import-junit?projectId=${projectId}&runName=slow&createMissing=true`,
      { 'Content-Type': 'application/xml' },
      xml,
    );

    // The port closes: a new connection is refused.
    await terminate(b);
    // On the connection it already had, readiness says 503, and the connection is closed after it.
    const notReady = await get('/readyz');
    expect(notReady.status).toBe(503);
    expect(JSON.parse(notReady.body)).toMatchObject({ status: 503, code: 'server_shutting_down' });
    expect(notReady.headers.connection).toBe('close');

    // The event stream ended at once, not after the request in flight (the browser reconnects to A).
    await stream.ended;

    // The request in flight completes, then B exits cleanly.
    upload.finish();
    const answer = await upload.answered;
    expect(answer.status).toBeLessThan(300);
    expect(JSON.parse(answer.body).data).toMatchObject({ runId: expect.any(Number) });
    expect(await b.exited).toBe(0);
    agent.destroy();

    // What it wrote is there for A.
    const runs = await call(a, 'GET', `/api/v1/runs?projectId=${projectId}`);
    expect(runs.status).toBe(200);
    expect(JSON.stringify(runs.body.data)).toContain('"slow"');
    expect(b.output()).toContain('"msg":"shutting down"');
    expect(b.output()).not.toContain('were cut');
  });
});
