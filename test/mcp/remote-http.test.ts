import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { createHttpServer } from '../../src/http/http-server';
import { createLogger } from '../../src/logger';
import { createMcpEndpoint, type McpEndpoint } from '../../src/mcp/http-endpoint';
import { tools } from '../../src/mcp/tools';
import { selectTools } from '../../src/mcp/toolsets';
import { createTestDatabase } from '../support/postgres';
import { startServe } from '../support/cli';
import { createWorld, type World } from '../support/factories';
import { connectMcp, dataOf, errorOf, restAs } from './support';

// Remote MCP at /mcp: the real app with the endpoint the `serve` command mounts, on a
// database of its own, driven by the SDK's Streamable HTTP client.

type Rec = Record<string, unknown>;

const IDLE_MS = 1500;
let publicUrl: string;
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
  const database: Database = await openDatabase(config, logger);
  endpoint = await createMcpEndpoint({ config, database, logger }, { idleMs: IDLE_MS });
  const server = createHttpServer(await buildApp({ config, database, logger, mounts: [endpoint] }));
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

/** Ends every session the tests opened (DELETE), so a failed test leaves none to the next. */
async function endAll(): Promise<void> {
  await Promise.allSettled(clients.splice(0).map(async (c) => c.transport.terminateSession().finally(() => c.client.close())));
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

/** Waits until the endpoint holds `count` sessions (the idle clock runs on timers). */
async function sessionsBecome(count: number, withinMs = IDLE_MS + 5000): Promise<void> {
  const until = Date.now() + withinMs;
  while (endpoint.liveSessions() !== count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(endpoint.liveSessions()).toBe(count);
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
      expect(await res.json()).toEqual({ error: restBody.error, status: 401 });
    }
    expect(restBody.error).toBe('Unauthorized - Please login');
    expect(endpoint.liveSessions()).toBe(0);
  });

  it('the SDK client without a token cannot connect', async () => {
    await expect(connect(undefined)).rejects.toThrow(/401/);
    expect(endpoint.liveSessions()).toBe(0);
  });

  it('a session answers only the token that opened it', async () => {
    const admin = await connect(w.admin.token);
    const id = admin.transport.sessionId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const asReader = await post(
      { Authorization: `Bearer ${w.reader.token}`, 'Mcp-Session-Id': id, 'Mcp-Protocol-Version': '2025-06-18' },
      list,
    );
    expect(asReader.status).toBe(404);
    expect(await asReader.json()).toEqual({ error: 'Session not found', status: 404 });
    const anonymous = await post({ 'Mcp-Session-Id': id }, list);
    expect(anonymous.status).toBe(401);
    // The owner still can.
    expect((await admin.client.listTools()).tools.length).toBe(tools.length);
    await admin.transport.terminateSession();
    await admin.client.close();
  });

  it('refuses a page of another site (Origin), serves its own', async () => {
    const foreign = await post({ Authorization: `Bearer ${w.admin.token}`, Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Forbidden - Origin not allowed', status: 403 });
    expect(endpoint.liveSessions()).toBe(0);
    const own = await post({ Authorization: `Bearer ${w.admin.token}`, Origin: 'http://localhost:3000' });
    expect(own.status).toBe(200);
    const id = own.headers.get('mcp-session-id')!;
    expect(endpoint.liveSessions()).toBe(1);
    const ended = await fetch(mcpUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${w.admin.token}`, 'Mcp-Session-Id': id } });
    expect(ended.status).toBe(200);
    expect(endpoint.liveSessions()).toBe(0);
  });
});

describe('the same tools and story as over stdio', () => {
  let admin: Awaited<ReturnType<typeof connect>>;
  const s = {} as { projectId: number; testIds: number[]; runId: number };
  const tool = async <T = Rec>(name: string, args: Rec = {}) => dataOf<T>(await admin.call(name, args));

  beforeAll(async () => {
    admin = await connect(w.admin.token);
  });

  it('lists the tools `casebook mcp` lists, byte for byte', async () => {
    const stdio = await connectMcp({ CASEBOOK_URL: url, CASEBOOK_TOKEN: w.admin.token });
    try {
      const overStdio = await stdio.client.listTools();
      const overHttp = await admin.client.listTools();
      expect(JSON.stringify(overHttp)).toBe(JSON.stringify(overStdio));
      expect(overHttp.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
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
    const reader = await connect(w.reader.token);
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
    await reader.transport.terminateSession();
  });

  afterAll(async () => {
    await admin.transport.terminateSession();
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
    await read.transport.terminateSession();
  });

  it('the X-Casebook-Toolsets header keeps the tools of the sets named', async () => {
    const runsAndTests = await connect(w.admin.token, mcpUrl, { 'X-Casebook-Toolsets': 'runs,tests', 'X-Casebook-Tools': 'write' });
    const listed = names((await runsAndTests.client.listTools()).tools);
    expect(listed).toEqual(names(selectTools({ tools: 'write', toolsets: ['runs', 'tests'] })));
    expect(listed).toContain('create-run');
    expect(listed).not.toContain('delete-run');
    expect(listed).not.toContain('get-orgs-list');
    await runsAndTests.transport.terminateSession();
  });

  it('an unknown level or set is refused before a session opens, naming the valid ones', async () => {
    const auth = { Authorization: `Bearer ${w.user.token}` };
    const level = await post({ ...auth, 'X-Casebook-Tools': 'everything' });
    expect(level.status).toBe(400);
    expect(await level.json()).toEqual({
      error: 'Invalid request: Unknown tools level "everything"; use one of read, write, all',
      status: 400,
    });
    const set = await fetch(`${mcpUrl.href}?toolsets=runs,bogus`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(set.status).toBe(400);
    expect(((await set.json()) as { error: string }).error).toMatch(
      /^Invalid request: Unknown toolset "bogus"; use any of projects, tests, runs/,
    );
    expect(endpoint.liveSessions()).toBe(0);
  });
});

describe('sessions leave nothing behind', () => {
  beforeAll(endAll);
  it('DELETE (terminateSession) ends the session at once', async () => {
    await sessionsBecome(0);
    const a = await connect(w.user.token);
    const b = await connect(w.user.token);
    expect(endpoint.liveSessions()).toBe(2);
    await a.transport.terminateSession();
    expect(endpoint.liveSessions()).toBe(1);
    await b.transport.terminateSession();
    expect(endpoint.liveSessions()).toBe(0);
    // The id is gone with it.
    const again = await post({ Authorization: `Bearer ${w.user.token}`, 'Mcp-Session-Id': a.transport.sessionId ?? 'x' });
    expect(again.status).toBe(404);
  });

  it('a client that goes away without DELETE is closed once idle', async () => {
    const gone = await connect(w.user.token);
    expect((await gone.call('get-orgs-list')).isError).toBeFalsy();
    expect(endpoint.liveSessions()).toBe(1);
    await gone.client.close();
    await sessionsBecome(0);
  });

  it('a request that is not an initialize opens no session', async () => {
    const res = await post({ Authorization: `Bearer ${w.user.token}` }, { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    expect(res.status).toBe(400);
    expect(endpoint.liveSessions()).toBe(0);
    const get = await fetch(mcpUrl, { headers: { Authorization: `Bearer ${w.user.token}`, Accept: 'text/event-stream' } });
    expect(get.status).toBe(400);
    expect(await get.json()).toEqual({ error: 'Invalid request: Mcp-Session-Id header is required', status: 400 });
  });

  it('a client with its event stream open is not idle', async () => {
    const listening = await connect(w.user.token);
    await new Promise((r) => setTimeout(r, 2 * IDLE_MS));
    expect(endpoint.liveSessions()).toBe(1);
    expect((await listening.call('get-orgs-list')).isError).toBeFalsy();
    await listening.transport.terminateSession();
    expect(endpoint.liveSessions()).toBe(0);
  });

  it('one token holds at most 16 sessions: the least recently used makes room', async () => {
    const auth = { Authorization: `Bearer ${w.user.token}` };
    const ids: string[] = [];
    for (let i = 0; i < 17; i++) {
      const res = await post(auth);
      expect(res.status).toBe(200);
      await res.text();
      ids.push(res.headers.get('mcp-session-id')!);
    }
    expect(endpoint.liveSessions()).toBe(16);
    const headers = (id: string) => ({ ...auth, 'Mcp-Session-Id': id, 'Mcp-Protocol-Version': '2025-06-18' });
    expect((await fetch(mcpUrl, { method: 'DELETE', headers: headers(ids[0]) })).status).toBe(404);
    for (const id of ids.slice(1)) expect((await fetch(mcpUrl, { method: 'DELETE', headers: headers(id) })).status).toBe(200);
    expect(endpoint.liveSessions()).toBe(0);
  });

  it('event streams are not held back by compression (the SDK marks them no-transform)', async () => {
    const res = await post({ Authorization: `Bearer ${w.user.token}`, 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-transform');
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.text();
    await fetch(mcpUrl, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${w.user.token}`, 'Mcp-Session-Id': res.headers.get('mcp-session-id')! },
    });
    expect(endpoint.liveSessions()).toBe(0);
  });

  it('closing the endpoint ends open sessions, event streams included', async () => {
    const open = await connect(w.user.token);
    expect(endpoint.liveSessions()).toBe(1);
    await endpoint.close();
    expect(endpoint.liveSessions()).toBe(0);
    await open.client.close();
  });
});

describe('`casebook serve`', () => {
  it('serves /mcp, and stops while a client holds its event stream open', async () => {
    const pg = await createTestDatabase();
    const serve = await startServe({ DATABASE_URL: pg.url });
    try {
      const transport = new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${serve.token}` } },
      });
      const client = new Client({ name: 'casebook-remote-tests', version: '1.0.0' });
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
      const orgs = (await client.callTool({ name: 'get-orgs-list', arguments: {} })) as CallToolResult;
      expect(JSON.stringify(dataOf(orgs))).toContain('"orgName":"Default"');
      // The client stays connected: SIGTERM must still end the server, closing the session.
      expect(await serve.stop()).toBe(0);
      await client.close();
    } finally {
      serve.child.kill('SIGKILL');
      await pg.drop();
    }
  });
});
