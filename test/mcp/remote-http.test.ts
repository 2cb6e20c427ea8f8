import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { openBlobStore } from '../../src/db/blobs';
import { issueToken } from '../../src/domain/tokens/tokens.service';
import { createHttpServer } from '../../src/http/http-server';
import { createLogger } from '../../src/logger';
import { createMcpEndpoint, type McpEndpoint } from '../../src/mcp/http-endpoint';
import { tools } from '../../src/mcp/tools';
import { selectTools } from '../../src/mcp/toolsets';
import { createTestDatabase } from '../support/postgres';
import { startServe } from '../support/cli';
import { createUser, createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs } from './support';

// Remote MCP at /mcp: the real app with the endpoint the `serve` command mounts, on a
// database of its own, driven by the SDK's Streamable HTTP client. The endpoint is
// stateless: every POST stands alone, on its own token, and nothing stays after it.

type Rec = Record<string, unknown>;

let publicUrl: string;
let database: Database;
let url: string;
let mcpUrl: URL;
let endpoint: McpEndpoint;
let stop: () => Promise<void>;
let w: World;
let rest: ReturnType<typeof restAs>;
const clients: { client: Client; transport: StreamableHTTPClientTransport }[] = [];

beforeAll(async () => {
  const pg = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: pg.url, DATABASE_POOL_SIZE: '5', LOG_LEVEL: 'silent' });
  publicUrl = config.publicUrl;
  const logger = createLogger('silent');
  database = await openDatabase(config, logger);
  endpoint = await createMcpEndpoint({ config, database, logger });
  const server = createHttpServer(await buildApp({ config, database, blobs: openBlobStore(config), logger, mounts: [endpoint] }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mcpUrl = new URL(`${url}/mcp`);
  stop = async () => {
    await endpoint.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    await pg.drop();
  };
  w = await createWorld(database.prisma);
  rest = restAs(url, w.admin.token);
});
afterAll(async () => {
  await endAll();
  await stop?.();
});

/** An SDK client on /mcp with `token` (none: no Authorization header). */
async function connect(token: string | undefined, target: URL = mcpUrl, headers: Record<string, string> = {}) {
  const transport = new StreamableHTTPClientTransport(target, {
    requestInit: { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } },
  });
  const client = new Client({ name: 'casebook-remote-tests', version: '1.0.0' });
  await client.connect(transport);
  clients.push({ client, transport });
  return {
    client,
    transport,
    call: async (name: string, args: Rec = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
  };
}

/** Closes every client the tests opened. */
async function endAll(): Promise<void> {
  await Promise.allSettled(clients.splice(0).map((c) => c.client.close()));
}

/** A bare request to /mcp, to see the HTTP answer itself. */
function post(headers: Record<string, string>, body: unknown = initialize) {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

/** The JSON-RPC messages of an answer: its event stream's data lines, or its JSON body. */
async function messages(res: Response): Promise<Rec[]> {
  const text = await res.text();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return [JSON.parse(text) as Rec];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Rec);
}

/** Waits until `count` requests are in flight at the endpoint (the server reads headers and token first). */
async function inFlightBecomes(count: number, withinMs = 5000): Promise<void> {
  const until = Date.now() + withinMs;
  while (endpoint.inFlight() !== count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(endpoint.inFlight()).toBe(count);
}

/** A POST to /mcp whose body never finishes: it stays in flight until destroyed. */
function stalled(token: string, target: URL = mcpUrl): http.ClientRequest {
  const req = http.request(target, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Content-Length': '10000',
    },
  });
  req.on('error', () => {}); // destroyed on purpose
  req.write('{"jsonrpc":"2.0",');
  return req;
}

describe('authentication', () => {
  it('401 in the REST envelope, with the REST text, without a token or with a bad one', async () => {
    const restAnswer = await fetch(`${url}/api/v1/orgs`);
    const restBody = (await restAnswer.json()) as { error: string };
    const refused: Record<string, string>[] = [{}, { Authorization: 'Bearer cb_not_a_token' }, { Authorization: `Basic ${w.admin.token}` }];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ error: restBody.error, status: 401, code: 'unauthorized' });
    }
    expect(restBody.error).toBe('Unauthorized - Please login');
    expect(endpoint.inFlight()).toBe(0);
  });

  it('the SDK client without a token cannot connect', async () => {
    await expect(connect(undefined)).rejects.toThrow(/401/);
    expect(endpoint.inFlight()).toBe(0);
  });

  it('every request stands on its own token: a client whose token is revoked is refused at its next call', async () => {
    const { token, tokenId } = await issueToken(database.prisma, w.user.userId, 'revoked mid-conversation');
    const client = await connect(token);
    expect((await client.call('get-orgs-list')).isError).toBeFalsy();
    await restAs(url, token).call('DELETE', '/token/delete', { tokenId });
    await expect(client.call('get-orgs-list')).rejects.toThrow(/401/);
    // A session id is no key either way: the token alone decides, and a live one is served whatever id comes with it.
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const madeUp = { 'Mcp-Session-Id': '0b7e5a4c-5b55-4c55-9a52-3c1f3a1e2d10' };
    expect((await post({ Authorization: `Bearer ${token}`, ...madeUp }, list)).status).toBe(401);
    const live = await post({ Authorization: `Bearer ${w.user.token}`, ...madeUp }, list);
    expect(live.status).toBe(200);
    expect(((await messages(live))[0].result as { tools: unknown[] }).tools).toHaveLength(selectTools().length);
  });

  it('refuses a page of another site (Origin), serves its own', async () => {
    const foreign = await post({ Authorization: `Bearer ${w.admin.token}`, Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Forbidden - Origin not allowed', status: 403, code: 'forbidden_origin' });
    const own = await post({ Authorization: `Bearer ${w.admin.token}`, Origin: 'http://localhost:3000' });
    expect(own.status).toBe(200);
    expect((await messages(own))[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'casebook' } } });
    await inFlightBecomes(0);
  });
});

describe('the same tools and story as over stdio', () => {
  let admin: Awaited<ReturnType<typeof connect>>;
  const s = {} as { projectId: number; testIds: number[]; runId: number };
  const tool = async <T = Rec>(name: string, args: Rec = {}) => dataOf<T>(await admin.call(name, args));

  beforeAll(async () => {
    admin = await connect(w.admin.token, new URL(`${mcpUrl.href}?toolsets=all`));
  });

  it('lists the tools `casebook mcp` lists, byte for byte', async () => {
    const stdio = await connectMcp({ CASEBOOK_URL: url, CASEBOOK_TOKEN: w.admin.token }, ALL_TOOLS);
    try {
      const overStdio = await stdio.client.listTools();
      const overHttp = await admin.client.listTools();
      expect(JSON.stringify(overHttp)).toBe(JSON.stringify(overStdio));
      expect(overHttp.tools.map((t) => t.name)).toEqual(selectTools({ toolsets: ['all'] }).map((t) => t.name));
    } finally {
      await stdio.close();
    }
  });

  it('creates a project, tests and a run, records results and reads them back as REST has them', async () => {
    // Lists may be shaped to fit a context window; the organization is there either way.
    expect(JSON.stringify(await tool('get-orgs-list'))).toContain(`"orgId":${w.orgA.orgId},`);
    const project = await tool<{ projectId: number }>('create-project', { orgId: w.orgA.orgId, projectName: 'Remote' });
    expect(project).toMatchObject({ orgId: w.orgA.orgId, projectName: 'Remote', isActive: true });
    s.projectId = project.projectId;

    const added = await tool<{ testIds: number[]; count: number }>('bulk-add-tests', {
      projectId: s.projectId,
      tests: [{ testName: 'Sign in' }, { testName: 'Sign out' }],
    });
    expect(added.count).toBe(2);
    s.testIds = added.testIds;
    const created = await tool<{ testId: number; title: string }>('create-test', { projectId: s.projectId, testName: 'Reset password' });
    expect(created.title).toBe('Reset password');
    s.testIds.push(created.testId);

    const run = await tool<{ runId: number }>('create-run', { projectId: s.projectId, runName: 'Nightly', testIds: s.testIds });
    expect(run).toMatchObject({ runName: 'Nightly', locked: false });
    s.runId = run.runId;
    const inRun = { runId: s.runId, projectId: s.projectId };
    const [signIn, signOut] = s.testIds;
    expect(
      await tool('run-update-test-status', {
        ...inRun,
        testResults: [
          { testId: signIn, status: 'passed' },
          { testId: signOut, status: 'failed', comment: 'button missing' },
        ],
      }),
    ).toEqual({ updated: 2 });

    const state = await tool('get-run-state-detail', inRun);
    expect(state).toEqual(await rest.data('/run/state-detail', inRun));
    expect(state).toMatchObject({ total: 3, passed: 1, failed: 1, untested: 1 });
    const failed = await tool<{ tests: { testId: number; comment: string }[] }>('get-run-test-status', { ...inRun, status: 'failed' });
    expect(failed.tests.map((t) => [t.testId, t.comment])).toEqual([[signOut, 'button missing']]);
    const details = await tool('get-test-details', { testId: signIn, projectId: s.projectId });
    expect(details).toEqual(await rest.data('/test/details', { testId: signIn, projectId: s.projectId }));
  });

  it('a download summary points at the public address, not the loopback one the tools use', async () => {
    const summary = await tool<{ fetch: { url: string } }>('download-tests', { projectId: s.projectId, format: 'csv' });
    expect(publicUrl).not.toBe(url);
    expect(summary.fetch.url).toBe(`${publicUrl}/api/v1/tests/download?projectId=${s.projectId}&format=csv`);
  });

  it("refuses a Reader's write with the REST text, and writes nothing", async () => {
    const reader = await connect(w.reader.token, new URL(`${mcpUrl.href}?toolsets=tests,runs`));
    const before = await rest.data<{ count: number }>('/project/tests-count', { projectId: s.projectId });
    const { message, tip } = errorOf(await reader.call('create-test', { projectId: s.projectId, testName: 'Reader was here' }));
    const viaRest = await restAs(url, w.reader.token).raw('POST', '/test/create', { projectId: s.projectId, title: 'Reader was here' });
    expect(viaRest.status).toBe(403);
    expect(message).toBe((JSON.parse(viaRest.body.toString()) as { error: string }).error);
    expect(message).toBe('Forbidden - User does not have access');
    expect(tip).toContain('create-test needs the User role or higher');
    expect(await rest.data('/project/tests-count', { projectId: s.projectId })).toEqual(before);
    // Reading is a Reader's right, on the same session.
    expect(await reader.call('get-run-state-detail', { runId: s.runId, projectId: s.projectId })).not.toHaveProperty('isError', true);
    await reader.client.close();
  });

  afterAll(async () => {
    await admin.client.close();
  });
});

describe('tool selection, as `casebook mcp --tools/--toolsets`', () => {
  const names = (list: { name: string }[]) => list.map((t) => t.name);

  it('?tools=read offers only the tools that change nothing, and knows no other', async () => {
    const read = await connect(w.admin.token, new URL(`${mcpUrl.href}?tools=read`));
    const listed = (await read.client.listTools()).tools;
    expect(names(listed)).toEqual(names(selectTools({ tools: 'read' })));
    expect(listed.length).toBeLessThan(tools.length);
    expect(listed.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const { message } = errorOf(await read.call('create-project', { orgId: w.orgA.orgId, projectName: 'Not here' }));
    expect(message).toBe('Unknown tool: create-project');
    await read.client.close();
  });

  it('the X-Casebook-Toolsets header keeps the tools of the sets named', async () => {
    const runsAndTests = await connect(w.admin.token, mcpUrl, { 'X-Casebook-Toolsets': 'runs,tests', 'X-Casebook-Tools': 'write' });
    const listed = names((await runsAndTests.client.listTools()).tools);
    expect(listed).toEqual(names(selectTools({ tools: 'write', toolsets: ['runs', 'tests'] })));
    expect(listed).toContain('create-run');
    expect(listed).not.toContain('delete-run');
    expect(listed).not.toContain('get-orgs-list');
    await runsAndTests.client.close();
  });

  it('an unknown level or set is refused before a tool server is made, naming the valid ones', async () => {
    const auth = { Authorization: `Bearer ${w.user.token}` };
    const level = await post({ ...auth, 'X-Casebook-Tools': 'everything' });
    expect(level.status).toBe(400);
    expect(await level.json()).toEqual({
      error: 'Invalid request: Unknown tools level "everything"; use one of read, write, all',
      status: 400,
      code: 'validation_failed',
    });
    const set = await fetch(`${mcpUrl.href}?toolsets=runs,bogus`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(set.status).toBe(400);
    expect(((await set.json()) as { error: string }).error).toMatch(
      /^Invalid request: Unknown toolset "bogus"; use any of core, projects, tests, runs/,
    );
    expect(endpoint.inFlight()).toBe(0);
  });
});

describe('stateless: nothing stays between requests', () => {
  beforeAll(endAll);
  const auth = () => ({ Authorization: `Bearer ${w.user.token}` });

  it('an initialize opens no session: no Mcp-Session-Id, and nothing is left once it is answered', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await post(auth());
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      expect((await messages(res))[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'casebook' } } });
    }
    const sdk = await connect(w.user.token);
    expect(sdk.transport.sessionId).toBeUndefined();
    expect((await sdk.call('get-orgs-list')).isError).toBeFalsy();
    await sdk.client.close();
    await inFlightBecomes(0);
  });

  it('any request stands alone: tools/list and tools/call need no initialize before them', async () => {
    const list = await post(auth(), { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    expect(list.status).toBe(200);
    const [listed] = await messages(list);
    expect((listed.result as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(selectTools().map((t) => t.name));
    const call = await post(auth(), { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get-orgs-list', arguments: {} } });
    const [called] = await messages(call);
    const result = called.result as CallToolResult;
    expect(JSON.stringify(dataOf(result))).toContain(`"orgId":${w.orgA.orgId},`);
  });

  it('GET (an event stream) and DELETE (a session) answer 405, Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, { method, headers: { ...auth(), Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({
        error: 'Method not allowed: this server is stateless; send each JSON-RPC message as a POST',
        status: 405,
        code: 'method_not_allowed',
      });
    }
  });

  it('event streams are not held back by compression (the SDK marks them no-transform)', async () => {
    const res = await post({ ...auth(), 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-transform');
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.text();
  });
});

describe('requests in flight at once: per token, per user, in all', () => {
  const held: http.ClientRequest[] = [];
  afterEach(async () => {
    for (const req of held.splice(0)) req.destroy();
    await inFlightBecomes(0);
  });

  it('a token with 4 requests in flight gets 429 and Retry-After for a fifth, and is served again once one ends', async () => {
    const user = await createUser(database.prisma, 'Reader', [w.orgA.orgId]);
    for (let i = 0; i < 4; i++) held.push(stalled(user.token));
    await inFlightBecomes(4);
    const refused = await post({ Authorization: `Bearer ${user.token}` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: 'Too many requests: at most 4 MCP requests at once for this token; retry when one has been answered',
      status: 429,
      code: 'too_many_requests',
    });
    // Another user is not held back by it.
    expect((await post({ Authorization: `Bearer ${w.admin.token}` })).status).toBe(200);
    held.shift()!.destroy();
    await inFlightBecomes(3);
    expect((await post({ Authorization: `Bearer ${user.token}` })).status).toBe(200);
  });

  it('one user gets 429 beyond 8 in flight, whichever of their tokens they come with', async () => {
    const user = await createUser(database.prisma, 'Reader', [w.orgA.orgId]);
    const [second, third] = await Promise.all([
      issueToken(database.prisma, user.userId, 'second'),
      issueToken(database.prisma, user.userId, 'third'),
    ]);
    for (let i = 0; i < 4; i++) held.push(stalled(user.token), stalled(second.token));
    await inFlightBecomes(8);
    const refused = await post({ Authorization: `Bearer ${third.token}` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: 'Too many requests: at most 8 MCP requests at once for one user; retry when one has been answered',
      status: 429,
      code: 'too_many_requests',
    });
    held.pop()!.destroy();
    await inFlightBecomes(7);
    expect((await post({ Authorization: `Bearer ${third.token}` })).status).toBe(200);
  });

  it('beyond MCP_MAX_CONCURRENT in all, 503 with Retry-After: the process is busy, not the caller at fault', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://unused/none', MCP_MAX_CONCURRENT: '2', LOG_LEVEL: 'silent' });
    expect(config.mcp.concurrency).toEqual({ perToken: 4, perUser: 8, total: 2 });
    const small = await createMcpEndpoint({ config, database, logger: createLogger('silent') });
    const server = createHttpServer(
      await buildApp({ config, database, blobs: openBlobStore(config), logger: createLogger('silent'), mounts: [small] }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const smallUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    const holding = [stalled(w.reader.token, smallUrl), stalled(w.user.token, smallUrl)];
    try {
      const until = Date.now() + 5000;
      while (small.inFlight() < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(small.inFlight()).toBe(2);
      const busy = await fetch(smallUrl, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${w.admin.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(initialize),
      });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toEqual({ error: 'Service unavailable', status: 503, code: 'server_busy' });
    } finally {
      for (const req of holding) req.destroy();
      await small.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });

  it('closing the endpoint refuses what comes after with 503 and drops the kept answers', async () => {
    const client = await connect(w.user.token);
    expect((await client.call('get-tests', { projectId: w.projectA.projectId })).isError).toBeFalsy();
    expect(endpoint.kept.size).toBeGreaterThan(0);
    await endpoint.close();
    expect(endpoint.kept.size).toBe(0);
    const after = await post({ Authorization: `Bearer ${w.user.token}` });
    expect(after.status).toBe(503);
    await client.client.close();
  });
});

describe('`casebook serve`', () => {
  it('serves /mcp, and stops while a client is connected', async () => {
    const pg = await createTestDatabase();
    const serve = await startServe({ DATABASE_URL: pg.url });
    try {
      const transport = new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${serve.token}` } },
      });
      const client = new Client({ name: 'casebook-remote-tests', version: '1.0.0' });
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(selectTools().map((t) => t.name));
      const orgs = (await client.callTool({ name: 'get-orgs-list', arguments: {} })) as CallToolResult;
      expect(JSON.stringify(dataOf(orgs))).toContain('"orgName":"Default"');
      // The client stays connected: SIGTERM must still end the server.
      expect(await serve.stop()).toBe(0);
      await client.close();
    } finally {
      serve.child.kill('SIGKILL');
      await pg.drop();
    }
  });
});
