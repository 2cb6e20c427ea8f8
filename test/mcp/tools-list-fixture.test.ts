import fs from 'node:fs';
import path from 'node:path';
import { connectMcp, type McpSession } from './support';

// What MCP clients see (tools/list through the real SDK client) is pinned in a
// committed fixture: the tool table is derived from the route table, and that
// derivation must not change a name, a description or an input schema unnoticed.
// A deliberate change is recorded with CASEBOOK_WRITE_TOOLS_FIXTURE=1 and reviewed
// in the diff of the fixture.
const fixture = path.join(__dirname, 'fixtures/tools-list.json');

let mcp: McpSession;

beforeAll(async () => {
  // tools/list needs no REST call, so no app: an address nobody listens on will do.
  mcp = await connectMcp({ CASEBOOK_URL: 'http://127.0.0.1:9', CASEBOOK_TOKEN: 'cb_fixture' });
});
afterAll(async () => {
  await mcp?.close();
});

it('lists exactly the tools, descriptions and input schemas of the fixture', async () => {
  const listed = await mcp.client.listTools();
  const text = `${JSON.stringify(listed, null, 2)}\n`;
  if (process.env.CASEBOOK_WRITE_TOOLS_FIXTURE === '1') fs.writeFileSync(fixture, text);
  // The text, not only deep equality: the order of tools and of parameters is what clients show.
  expect(text).toBe(fs.readFileSync(fixture, 'utf8'));
  expect(JSON.parse(text)).toEqual(JSON.parse(fs.readFileSync(fixture, 'utf8')));
});
