import { callTool, type ToolRuntime } from '../../src/mcp/call-tool';
import { createHttpClient } from '../../src/mcp/http-client';
import { toolsByName } from '../../src/mcp/tools';
import { dataOf, errorOf } from './support';
import { envelope, failWith, reply, startStub, type Step, type StubServer } from './stub-server';

// Answers a real Casebook rarely gives, through callTool in-process against a stub:
// the envelope and the tip must still be right.

let stub: StubServer;
let runtime: ToolRuntime;

beforeAll(async () => {
  stub = await startStub();
  runtime = {
    client: createHttpClient({ baseUrl: stub.url, token: 'cb_x', maxRetries: 1, timeoutMs: 2000, sleep: async () => {} }),
    minimumRole: () => 'User',
  };
});
afterAll(() => stub.close());

const call = (name: string, args: Record<string, unknown>) => callTool(toolsByName.get(name)!, args, runtime);

const raw =
  (status: number, body: string, headers: Record<string, string>): Step =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

it('says the server is older when the route does not exist', async () => {
  stub.script(failWith(404, 'Route not found', {}, 'route_not_found'));
  const { message, tip } = errorOf(await call('get-runs', { projectId: 1 }));
  expect(message).toBe('Route not found');
  expect(tip).toContain('has no GET /api/v1/runs');
});

it('keeps a body that is not the error envelope, whole', async () => {
  stub.script(raw(502, '<html>upstream down</html>', { 'Content-Type': 'text/html' }));
  const { message, tip } = errorOf(await call('get-orgs-list', {}));
  expect(message).toBe('HTTP 502: <html>upstream down</html>');
  expect(tip).toContain('HTTP 502, 2 attempts');
});

it('refuses a 200 that is not Casebook, pointing at CASEBOOK_URL', async () => {
  stub.script(raw(200, '<html>a login page</html>', { 'Content-Type': 'text/html' }));
  const { message, tip } = errorOf(await call('get-orgs-list', {}));
  expect(message).toContain('without Casebook');
  expect(tip).toContain('CASEBOOK_URL');
});

it('tells a caller that Casebook is unreachable', async () => {
  const gone = { ...runtime, client: createHttpClient({ baseUrl: 'http://127.0.0.1:1', token: 'x', maxRetries: 0, timeoutMs: 1000 }) };
  const { message, tip } = errorOf(await callTool(toolsByName.get('get-orgs-list')!, {}, gone));
  expect(message).toContain('Cannot reach the Casebook server');
  expect(tip).toContain('Check that Casebook is running at http://127.0.0.1:1');
});

it('explains a 429 and a 413', async () => {
  stub.script(failWith(429, 'Too many requests'));
  expect(errorOf(await call('get-orgs-list', {})).tip).toContain('Wait a minute');
  stub.script(failWith(413, 'Payload too large'));
  expect(errorOf(await call('bulk-delete-tests', { projectId: 1, testIds: [1] })).tip).toContain('send fewer items');
});

it('reads an RFC 5987 file name and sends the default format', async () => {
  stub.script(
    raw(200, 'title\nA', {
      'Content-Type': 'text/csv',
      'Content-Disposition': 'attachment; filename="x.csv"; filename*=UTF-8\'\'tests%20%C3%A4.csv',
    }),
  );
  expect(dataOf(await call('download-tests', { projectId: 1, format: 'csv' }))).toMatchObject({
    format: 'csv',
    filename: 'tests ä.csv',
    contentType: 'text/csv',
    bytes: 7,
    count: 1,
    header: 'title',
    first: ['A'],
    fetch: { url: `${stub.url}/api/v1/tests/download?projectId=1&format=csv` },
  });
  stub.script(reply(200, [{ testId: 1 }]));
  expect(dataOf(await call('download-tests', { projectId: 1 }))).toMatchObject({ format: 'json', count: 1, first: [{ testId: 1 }] });
  expect(stub.seen[0].url).toBe('/api/v1/tests/download?projectId=1&format=json');
  stub.script(raw(200, '[{"testId":', { 'Content-Type': 'application/json' }));
  expect(errorOf(await call('download-tests', { projectId: 1 })).message).toBe('The download was not valid JSON');
});

it('marks the last page of a paged list', async () => {
  stub.script(envelope({ runs: [{ runId: 1 }], total: 3, limit: 1, offset: 2 }));
  expect(dataOf(await call('get-runs', { projectId: 1, limit: 1, offset: 2 }))).toEqual({
    runs: [{ runId: 1 }],
    total: 3,
    limit: 1,
    offset: 2,
    returned: 1,
    hasMore: false,
  });
  stub.script(envelope({ runs: [], total: 3, limit: 10, offset: 50 }));
  expect(dataOf(await call('get-runs', { projectId: 1, offset: 50 }))).toMatchObject({ hasMore: false });
});
