import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { openBlobStore } from '../../src/db/blobs';
import { recountLiveTests } from '../../src/domain/test-cases/data';
import { issueToken } from '../../src/domain/tokens/tokens.service';
import { createHttpServer } from '../../src/http/http-server';
import { createLogger } from '../../src/logger';
import { createMcpEndpoint, type McpEndpoint } from '../../src/mcp/http-endpoint';
import { selectTools } from '../../src/mcp/toolsets';
import { createOrg, createProject, createUser } from '../support/factories';
import { createTestDatabase } from '../support/postgres';
import { dataOf } from './support';

// A Reader with many tokens opening MCP connections as fast as it
// can. 2,000 initializations from 100 tokens (the most one user may hold) with
// large reads among them: the server answers each with 200 or 429, never fails,
// and answers afterwards, holding nothing of them. Its memory is measured against
// the real server in `npm run bench:memory` (bench/memory-mcp.ts).

jest.setTimeout(180_000);

const INITIALIZATIONS = 2000;
const TOKENS = 100;
/** Clients at once: more than one user may have in flight, so the caps are met. */
const CLIENTS = 16;
const TESTS = 3000;

let database: Database;
let endpoint: McpEndpoint;
let mcpUrl: URL;
let stop: () => Promise<void>;
let tokens: string[];
let projectId: number;

beforeAll(async () => {
  const pg = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: pg.url, DATABASE_POOL_SIZE: '5', LOG_LEVEL: 'silent' });
  const logger = createLogger('silent');
  database = await openDatabase(config, logger);
  endpoint = await createMcpEndpoint({ config, database, logger });
  const server = createHttpServer(await buildApp({ config, database, blobs: openBlobStore(config), logger, mounts: [endpoint] }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Every tool: the load reads with download-tests, which the core set leaves out.
  mcpUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp?toolsets=all`);
  stop = async () => {
    await endpoint.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await database.close();
    await pg.drop();
  };

  const db = database.prisma;
  const org = await createOrg(db);
  projectId = (await createProject(db, org.orgId)).projectId;
  // About 1 KB a test: a page of 1,000 is a REST answer of about 1 MB, the export about 3 MB.
  await db.test.createMany({
    data: Array.from({ length: TESTS }, (_, i) => ({
      projectId,
      title: `Checkout ${i}: pay with a saved card`,
      steps: `${i}. ${'Open the cart, choose the saved card and confirm the payment. '.repeat(12)}`,
      expectedResult: 'The order is confirmed and a receipt is sent',
    })),
  });
  await recountLiveTests(db, projectId);
  const reader = await createUser(db, 'Reader', [org.orgId]);
  // One after the other, as a user mints them: each mint takes the user's row (the cap of active tokens holds under concurrency).
  tokens = [reader.token];
  for (let i = 1; i < TOKENS; i++) tokens.push((await issueToken(db, reader.userId, `load ${i}`)).token);
});
afterAll(() => stop?.());

const headers = (token: string) => ({
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
});
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'load', version: '1' } },
};

/** Every 10th initialization is followed by a page of 1,000 tests, every 100th by the whole export. */
function largeRead(i: number): { name: string; arguments: Record<string, unknown> } | undefined {
  if (i % 100 === 0) return { name: 'download-tests', arguments: { projectId, format: 'json' } };
  if (i % 10 === 0) return { name: 'get-tests', arguments: { projectId, limit: 1000, offset: (i * 100) % TESTS } };
  return undefined;
}

it('2,000 initializations from 100 tokens of one Reader, with large reads: every answer is 200 or 429, and the server answers after', async () => {
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  /** POSTs `message` until it is not refused with 429; a short pause stands in for Retry-After, to keep the test short. */
  const send = async (token: string, message: unknown) => {
    for (;;) {
      const res = await fetch(mcpUrl, { method: 'POST', headers: headers(token), body: JSON.stringify(message) });
      const text = await res.text();
      count(res.status);
      if (res.status !== 429) return { status: res.status, text };
      expect(res.headers.get('retry-after')).toBe('1');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  let next = 0;
  let largeOk = 0;
  const worker = async () => {
    for (let i = next++; i < INITIALIZATIONS; i = next++) {
      const token = tokens[i % TOKENS];
      const init = await send(token, initialize);
      expect(init.text).toContain('"serverInfo"');
      const call = largeRead(i);
      if (call) {
        const res = await send(token, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: call });
        if (res.status === 200 && res.text.includes('"result"') && !res.text.includes('"isError":true')) largeOk++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));

  // Every initialization and large read was served in the end; on the way, 16 clients of one user met its cap of 8.
  const reads = Array.from({ length: INITIALIZATIONS }, (_, i) => largeRead(i)).filter(Boolean).length;
  expect([...statuses.keys()].filter((s) => s !== 200 && s !== 429)).toEqual([]);
  expect(statuses.get(200)).toBe(INITIALIZATIONS + reads);
  expect(statuses.get(429)).toBeGreaterThan(0);
  expect(largeOk).toBe(reads);

  // Nothing of the load stays: no request in flight, the kept answers within their bound.
  expect(endpoint.inFlight()).toBe(0);
  expect(endpoint.kept.bytes).toBeLessThanOrEqual(endpoint.kept.maxBytes);

  // And the server still answers, through the SDK's client, with the same token.
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${tokens[0]}` } } });
  const client = new Client({ name: 'after-the-load', version: '1.0.0' });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools).toHaveLength(selectTools({ toolsets: ['all'] }).length);
    const page = dataOf<{ total: number }>(
      (await client.callTool({ name: 'get-tests', arguments: { projectId, limit: 5 } })) as CallToolResult,
    );
    expect(page.total).toBe(TESTS);
  } finally {
    await client.close();
  }
});
