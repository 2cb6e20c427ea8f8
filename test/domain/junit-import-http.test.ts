import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { countedStatuses, startRun } from '../support/run-factories';
import { fixture, importJUnit, suite, tableCounts, type ImportQuery } from '../support/junit-import';
import { MAX_JUNIT_BYTES } from '../../src/domain/junit-import/junit-import.schemas';
import { junitImportRoutes } from '../../src/domain/junit-import/junit-import.routes';
import { rawBodyOf } from '../../src/core/route';

// POST /run/import-junit as HTTP: the body's type, encoding and size, malformed
// reports, roles, and the reports of real producers.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const newProject = async () => (await createProject(t.db, w.orgA.orgId)).projectId;

// The fixtures name ids such as C5 and C21: tests created here get ids far above them, so those stay unknown.
beforeAll(async () => {
  await t.db.$executeRaw`SELECT setval('tests_id_seq', 100000)`;
});
const TYPE_MESSAGE = 'Content-Type must be application/xml or text/xml';

describe('the body', () => {
  it('takes application/xml (with a charset), text/xml, and gzip or deflate encoded reports', async () => {
    const projectId = await newProject();
    const [id] = await createTests(t.db, projectId, 1);
    const xml = suite('s', `<testcase name="C${id}_works" time="0.5"/>`);
    const sent: [Record<string, string>, string | Buffer][] = [
      [{ 'Content-Type': 'application/xml; charset=utf-8' }, xml],
      [{ 'Content-Type': 'text/xml' }, xml],
      [{ 'Content-Encoding': 'gzip' }, zlib.gzipSync(xml)],
      [{ 'Content-Encoding': 'deflate', 'Content-Type': 'text/xml' }, zlib.deflateSync(xml)],
    ];
    for (const [headers, body] of sent) {
      const res = await importJUnit(t, w.user.token, { projectId, caseMatcher: 'name' }, body, headers).expect(201);
      expect(res.body.data).toMatchObject({ matched: 1, passed: 1, elapsedMs: 500 });
    }
  });

  it('is 415 for another Content-Type or an unknown Content-Encoding, 400 for no body; nothing written', async () => {
    const projectId = await newProject();
    const before = await tableCounts(t.db);
    const xml = suite('s', '<testcase name="n"/>');
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml, { 'Content-Type': type }).expect(415);
      expect(res.body).toEqual({ error: TYPE_MESSAGE, status: 415, code: 'unsupported_media_type' });
    }
    // Multipart is the form of a report with its files: one that is not multipart inside is malformed.
    const form = await importJUnit(t, w.user.token, { projectId }, xml, { 'Content-Type': 'multipart/form-data; boundary=x' }).expect(400);
    expect(form.body.code).toBe('malformed_request');
    const json = await t.as(w.user.token).post(`/run/import-junit?projectId=${projectId}`, { xml }).expect(415);
    expect(json.body.error).toBe(TYPE_MESSAGE);
    const compress = await importJUnit(t, w.user.token, { projectId }, xml, { 'Content-Encoding': 'compress' }).expect(415);
    expect(compress.body.error).toBe('Content-Encoding must be gzip, deflate, br or identity');
    const empty = await t.http
      .post('/api/v1/run/import-junit')
      .query({ projectId })
      .set('Authorization', `Bearer ${w.user.token}`)
      .expect(400);
    expect(empty.body.error).toBe('Invalid request: a body is required');
    const badGzip = await importJUnit(t, w.user.token, { projectId }, Buffer.from('not gzip at all'), {
      'Content-Encoding': 'gzip',
    }).expect(400);
    expect(badGzip.body.error).toBe('Invalid request: body does not decode as its Content-Encoding');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('is 413 past 50 MiB once decoded: a small gzip body that inflates past it, and a plain body one byte over', async () => {
    const projectId = await newProject();
    const before = await tableCounts(t.db);
    expect(MAX_JUNIT_BYTES).toBe(50 * 1024 * 1024);
    // 50 MiB + 1 of XML (whitespace inside a valid report): about 50 KB gzipped.
    const head = Buffer.from('<testsuites><testsuite name="s"><testcase name="n"/>');
    const tail = Buffer.from('</testsuite></testsuites>');
    const padding = Buffer.alloc(MAX_JUNIT_BYTES + 1 - head.length - tail.length, 0x20);
    const big = Buffer.concat([head, padding, tail]);
    expect(big.length).toBe(MAX_JUNIT_BYTES + 1);
    const bomb = zlib.gzipSync(big);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const inflated = await importJUnit(t, w.user.token, { projectId, createMissing: true }, bomb, { 'Content-Encoding': 'gzip' }).expect(
      413,
    );
    expect(inflated.body).toEqual({ error: 'Payload too large', status: 413, code: 'payload_too_large' });
    const plain = await importJUnit(t, w.user.token, { projectId, createMissing: true }, big).expect(413);
    expect(plain.body).toEqual({ error: 'Payload too large', status: 413, code: 'payload_too_large' });
    expect(await tableCounts(t.db)).toEqual(before);
    // Exactly at the limit is read (and imported).
    const atLimit = zlib.gzipSync(Buffer.concat([head, padding.subarray(1), tail]));
    const ok = await importJUnit(t, w.user.token, { projectId, createMissing: true }, atLimit, { 'Content-Encoding': 'gzip' }).expect(201);
    expect(ok.body.data).toMatchObject({ created: 1 });
  });

  it('takes the report the OpenAPI document shows as its example', async () => {
    const projectId = await newProject();
    const res = await importJUnit(
      t,
      w.user.token,
      { projectId, createMissing: true, dryRun: true },
      rawBodyOf(junitImportRoutes[0])!.example!,
    ).expect(201);
    expect(res.body.data).toMatchObject({ total: 2, created: 1, unknown: 1, passed: 0, failed: 1 });
  });

  it('keeps the 5 MiB JSON limit of the other routes', async () => {
    const projectId = await newProject();
    const tests = Array.from({ length: 3000 }, (_, i) => ({ title: `${'t'.repeat(2000)} ${i}` }));
    const res = await t.as(w.user.token).post('/test/bulk-add', { projectId, tests }).expect(413);
    expect(res.body).toEqual({ error: 'Payload too large', status: 413, code: 'payload_too_large' });
  });
});

describe('limits', () => {
  it('refuses a report of more than 200,000 testcases, and a new run of more than 100,000 tests, writing nothing', async () => {
    const projectId = await newProject();
    const before = await tableCounts(t.db);
    const many = suite('s', '<testcase name="a"/>'.repeat(200_001));
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, many).expect(400);
    expect(res.body).toEqual({ error: 'Invalid request: a report holds at most 200000 testcases', status: 400, code: 'junit_too_large' });
    const tests = Array.from({ length: 100_001 }, (_, i) => `<testcase name="t${i}"/>`);
    for (const dryRun of [true, false]) {
      const big = await importJUnit(t, w.user.token, { projectId, createMissing: true, dryRun }, suite('s', ...tests)).expect(400);
      expect(big.body.error).toBe('Invalid request: A run holds at most 100000 tests');
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('malformed reports', () => {
  it.each([
    ['malformed-mismatched.xml', 6],
    ['malformed-truncated.xml', 7],
  ])('%s is 400 naming line and column, and nothing is written', async (name, line) => {
    const projectId = await newProject();
    const [id] = await createTests(t.db, projectId, 1);
    const run = await startRun(t, w.user.token, projectId, [id]);
    const before = await tableCounts(t.db);
    for (const query of [
      { projectId, createMissing: true },
      { projectId, runId: run.runId, createMissing: true },
    ] as ImportQuery[]) {
      const res = await importJUnit(t, w.user.token, query, fixture(name)).expect(400);
      expect(res.body.error).toMatch(new RegExp(`^Invalid request: malformed XML at line ${line}, column \\d+: .+`));
      expect(res.body.error).not.toMatch(/line \d+.*line \d+/);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('names the place of a fault after many good testcases, writing none of them', async () => {
    const projectId = await newProject();
    const before = await tableCounts(t.db);
    const good = Array.from({ length: 2000 }, (_, i) => `<testcase classname="c" name="t${i}"/>`);
    const xml = `${suite('s', ...good).replace('</testsuite>', '<testcase name="x"></testsuite>')}`;
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, xml).expect(400);
    expect(res.body.error).toMatch(/^Invalid request: malformed XML at line 2004, column \d+: /);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('is 400 for a document that is not a JUnit report', async () => {
    const projectId = await newProject();
    const res = await importJUnit(t, w.user.token, { projectId }, '<html><body>hi</body></html>').expect(400);
    expect(res.body.error).toMatch(/^Invalid request: malformed XML at line 1, column \d+: /);
  });
});

describe('who may import', () => {
  it('is 403 for a Reader and 404 for a project of another organization, writing nothing', async () => {
    const projectId = await newProject();
    const before = await tableCounts(t.db);
    const xml = suite('s', '<testcase name="n"/>');
    const reader = await importJUnit(t, w.reader.token, { projectId, createMissing: true }, xml).expect(403);
    expect(reader.body).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
    const outsider = await importJUnit(t, w.adminB.token, { projectId, createMissing: true }, xml).expect(404);
    expect(outsider.body.error).toBe('Project not found');
    await importJUnit(t, 'cb_not-a-token', { projectId }, xml).expect(401);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('reports of real producers', () => {
  it.each([
    'jest-junit.xml',
    'pytest-xunit1.xml',
    'pytest-xunit2.xml',
    'surefire-junit5.xml',
    'playwright.xml',
    'gotestsum.xml',
    'phpunit.xml',
  ])('%s imports with createMissing, counts adding up', async (name) => {
    const projectId = await newProject();
    const res = await importJUnit(t, w.user.token, { projectId, createMissing: true }, fixture(name)).expect(201);
    const d = res.body.data;
    expect(d.created).toBeGreaterThan(0);
    expect(d.total).toBe(d.matched + d.created + d.unmatched + d.unknown);
    expect(d.passed + d.failed + d.retest + d.blocked + d.untested).toBe(d.matched + d.created);
    expect(d.tests).toBe(d.testcases - d.repetitions);
    const counts = await countedStatuses(t.db, d.runId);
    expect(counts.total).toBe(d.matched + d.created);
    expect(await t.db.test.count({ where: { projectId } })).toBe(d.created);
    // The same report again creates nothing more.
    const again = await importJUnit(t, w.user.token, { projectId, createMissing: true }, fixture(name)).expect(201);
    expect(again.body.data).toMatchObject({ created: 0, matched: d.created + d.matched, unknown: d.unknown });
  });

  it('makes nested sections of a Go package path and keeps subtests with an id token apart', async () => {
    const projectId = await newProject();
    const query = { projectId, createMissing: true, caseMatcher: 'name' };
    const res = await importJUnit(t, w.user.token, query, fixture('gotestsum.xml')).expect(201);
    expect(res.body.data).toMatchObject({ created: 3, unknown: 2, failed: 1, untested: 1, passed: 1 });
    const sections = await t.as(w.reader.token).get('/sections', { projectId }).expect(200);
    expect(sections.body.data.map((s: { sectionName: string; depth: number }) => `${s.depth}:${s.sectionName}`)).toEqual([
      '0:example.com',
      '1:casebook',
      '2:auth',
    ]);
    const titles = (await t.db.test.findMany({ where: { projectId }, orderBy: { testId: 'asc' } })).map((x) => [x.title, x.automationKey]);
    expect(titles).toEqual([
      ['TestLogout', 'example.com/casebook/auth.TestLogout'],
      ['TestRefresh', 'example.com/casebook/auth.TestRefresh'],
      ['TestLogin', 'example.com/casebook/auth.TestLogin'],
    ]);
  });
});
