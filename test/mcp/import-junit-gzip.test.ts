import zlib from 'node:zlib';
import { createWorld, type World } from '../support/factories';
import { connectMcpHttp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// import-junit with the report gzipped and base64-encoded: an MCP message
// is at most 6 MiB, a report up to the REST limit (50 MiB) is not, but gzipped it fits. The
// tool sends the gzip bytes as they are, with Content-Encoding: gzip.

type Rec = Record<string, unknown>;

let app: RunningApp;
let w: World;
let user: McpSession;
let rest: ReturnType<typeof restAs>;

beforeAll(async () => {
  app = await startRealApp({ mcp: true });
  w = await createWorld(app.db);
  user = await connectMcpHttp(app.url, w.user.token, '?toolsets=all');
  rest = restAs(app.url, w.user.token);
});
afterAll(async () => {
  await user?.close();
  await app?.close();
});

/** A report of `cases` testcases, each failing one with `outBytes` of system-out: large, and very compressible. */
const bigReport = (cases: number, outBytes: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="big">\n` +
  Array.from(
    { length: cases },
    (_, i) =>
      `<testcase classname="big.Suite" name="case ${i}" time="0.5">` +
      (i % 4 === 0
        ? `<failure message="boom ${i}"/><system-out>${'log line of the failing test\n'.repeat(outBytes / 29)}</system-out>`
        : '') +
      '</testcase>',
  ).join('\n') +
  '\n</testsuite>\n</testsuites>\n';

it('imports a report larger than an MCP message, sent gzipped and base64-encoded', async () => {
  const projectId = w.projectA.projectId;
  const xml = bigReport(40, 1024 * 1024);
  expect(xml.length).toBeGreaterThan(8 * 2 ** 20);
  const xmlGzipBase64 = zlib.gzipSync(xml).toString('base64');
  expect(xmlGzipBase64.length).toBeLessThan(2 ** 20);

  const summary = dataOf<Rec>(await user.call('import-junit', { projectId, xmlGzipBase64, runName: 'Big CI', createMissing: true }));
  expect(summary).toMatchObject({ projectId, created: 40, passed: 30, failed: 10 });
  const state = await rest.data<Rec>('/run/state-detail', { runId: summary.runId, projectId });
  expect(state).toMatchObject({ total: 40, passed: 30, failed: 10 });

  // The same report as plain text does not fit in one message.
  const plain = await user
    .call('import-junit', { projectId, xml, runName: 'Big CI plain', createMissing: true })
    .catch((err: Error) => err);
  expect(plain).toBeInstanceOf(Error);
});

it('takes xml or xmlGzipBase64, one of them, and refuses what is not base64 of gzip data before any request', async () => {
  const projectId = w.projectA.projectId;
  const xml = '<testsuite name="s"><testcase classname="small" name="one"/></testsuite>';
  const runsBefore = (await rest.data<{ total: number }>('/runs', { projectId })).total;

  const both = errorOf(await user.call('import-junit', { projectId, xml, xmlGzipBase64: zlib.gzipSync(xml).toString('base64') }));
  expect(both.message).toBe('Invalid request: xmlGzipBase64: Give xml or xmlGzipBase64, not both');
  const neither = errorOf(await user.call('import-junit', { projectId }));
  expect(neither.message).toBe('Invalid request: xml: Required');
  expect(neither.tip).toContain('xmlGzipBase64');
  const notBase64 = errorOf(await user.call('import-junit', { projectId, xmlGzipBase64: 'not base64 at all!' }));
  expect(notBase64.message).toBe('Invalid request: xmlGzipBase64: Not base64');
  const notGzip = errorOf(await user.call('import-junit', { projectId, xmlGzipBase64: Buffer.from(xml).toString('base64') }));
  expect(notGzip.message).toBe('Invalid request: xmlGzipBase64: Not gzip data (gzip the report, then base64-encode it)');
  // Cut-off gzip data is the server's refusal.
  const cut = zlib.gzipSync(xml);
  const truncated = errorOf(
    await user.call('import-junit', { projectId, xmlGzipBase64: cut.subarray(0, cut.length - 12).toString('base64') }),
  );
  expect(truncated.message).toMatch(/^Invalid request: /);
  expect((await rest.data<{ total: number }>('/runs', { projectId })).total).toBe(runsBefore);

  const small = dataOf<Rec>(
    await user.call('import-junit', { projectId, xmlGzipBase64: zlib.gzipSync(xml).toString('base64'), dryRun: true, createMissing: true }),
  );
  expect(small).toMatchObject({ runId: null, total: 1, created: 1 });
});
