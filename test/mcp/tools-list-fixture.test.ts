import fs from 'node:fs';
import path from 'node:path';
import { connectMcp, type McpSession } from './support';

// What MCP clients see (tools/list through the real SDK client) is pinned in a
// committed fixture: the tool table is derived from the route table, and that
// derivation must not change a name, a description or an input schema unnoticed.
// A deliberate change is recorded with CASEBOOK_WRITE_TOOLS_FIXTURE=1 and reviewed
// in the diff of the fixture.
const fixture = path.join(__dirname, 'fixtures/tools-list.json');

/**
 * JSON equality, plus the order clients show: of the tools and of each schema's
 * parameters. The order of keys inside one schema node (say "description" before
 * "type") means nothing in JSON Schema, so it is normalized.
 */
function canonical(value: unknown, ordered = false): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]): [string, unknown] => [k, canonical(v, k === 'properties')]);
  return Object.fromEntries(ordered ? entries : entries.sort(([a], [b]) => a.localeCompare(b)));
}

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
  if (process.env.CASEBOOK_WRITE_TOOLS_FIXTURE === '1') fs.writeFileSync(fixture, `${JSON.stringify(listed, null, 2)}\n`);
  const pinned: unknown = JSON.parse(fs.readFileSync(fixture, 'utf8'));
  expect(JSON.stringify(canonical(listed), null, 2)).toBe(JSON.stringify(canonical(pinned), null, 2));
  expect(listed).toEqual(pinned);
});
