// What MCP clients see on tools/list, as test/mcp/tools-list-fixture.test.ts pins it: the
// server of `casebook mcp` with every tool, listed through the SDK's own client. In
// memory: listing calls no tool, so no REST target and no process are needed; the
// fixture test checks the real process against it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { loadRbac } from '../src/auth/rbac';
import { createHttpClient } from '../src/mcp/http-client';
import { createMcpServer } from '../src/mcp/server';
import { leastRole } from '../src/mcp/tools';

/** The fixture's text: the tools/list result as the fixture test serializes it. */
export async function toolsListJson(): Promise<string> {
  const rbac = await loadRbac();
  const server = createMcpServer({
    client: createHttpClient({ baseUrl: 'http://127.0.0.1:9', token: 'cb_fixture', maxRetries: 0, timeoutMs: 1000 }),
    minimumRole: (resource, action) => leastRole(rbac, resource, action),
  });
  const client = new Client({ name: 'casebook-generate', version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return `${JSON.stringify(await client.listTools(), null, 2)}\n`;
  } finally {
    await client.close();
    await server.close();
  }
}
