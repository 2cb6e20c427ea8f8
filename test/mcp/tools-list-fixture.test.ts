import fs from 'node:fs';
import path from 'node:path';
import { connectMcp, type McpSession } from './support';

// What MCP clients see (tools/list through the real SDK client) is pinned in a
// committed fixture, byte for byte: the tool table is derived from the route table
// and the role sentences from the RBAC policy, and that derivation must not change a
// name, a description, an input schema or even the order of keys in a schema node
// unnoticed. A deliberate change is recorded with `npm run generate` (scripts/mcp-tools-list.ts
// lists the same server in memory) and reviewed in the diff of the fixture.
const fixture = path.join(__dirname, 'fixtures/tools-list.json');

/** The fixture's serialization: what the test wrote when it captured the list. */
const serialized = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

let mcp: McpSession;

beforeAll(async () => {
  // tools/list needs no REST call, so no app: an address nobody listens on will do.
  mcp = await connectMcp({ CASEBOOK_URL: 'http://127.0.0.1:9', CASEBOOK_TOKEN: 'cb_fixture' });
});
afterAll(async () => {
  await mcp?.close();
});

it('lists exactly the bytes of the fixture: tools, descriptions, input schemas, key order', async () => {
  const listed = await mcp.client.listTools();
  const pinned = fs.readFileSync(fixture, 'utf8');
  // Line by line first, so a failure shows where; then the whole, byte for byte.
  expect(serialized(listed).split('\n')).toEqual(pinned.split('\n'));
  expect(JSON.stringify(listed)).toBe(JSON.stringify(JSON.parse(pinned)));
  expect(serialized(listed)).toBe(pinned);
});
