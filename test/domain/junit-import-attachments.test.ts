import zlib from 'node:zlib';
import type { TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { blobBackends } from '../support/blob-backends';
import { attachmentApp, attachmentState, PNG } from '../support/attachments';
import { MAX_JUNIT_BYTES } from '../../src/domain/junit-import/junit-import.schemas';
import { importMultipart, suite, type FormFile, type ImportQuery } from '../support/junit-import';

// POST /run/import-junit as multipart/form-data: the report and the files its testcases name,
// attached to the tests' results; what is missing or unused is answered; and a refused, replayed
// or dry import leaves no record and no bytes behind, on both blob stores.

interface Part {
  path: string;
  content: Buffer | string;
}

/** A multipart import: the report as part `report`, then each file as a part `file` named by its path. */
function importForm(
  t: TestApp,
  token: string,
  query: ImportQuery,
  xml: string | Buffer,
  files: Part[],
  headers: Record<string, string> = {},
) {
  const parts: FormFile[] = [{ field: 'report', filename: 'report.xml', content: xml, type: 'application/xml' }];
  for (const f of files) parts.push({ field: 'file', filename: f.path, content: f.content });
  return importMultipart(t, token, query, parts, headers);
}

describe.each(blobBackends)('multipart JUnit import on $name', (backend) => {
  let t: Awaited<ReturnType<typeof attachmentApp>>;
  let w: World;
  let p: number;

  beforeAll(async () => {
    t = await attachmentApp(backend, { ATTACHMENT_MAX_MB: '1', ATTACHMENT_QUOTA_MB: '3' });
    w = await createWorld(t.db);
    p = w.projectA.projectId;
  });
  afterAll(() => t.stop());

  /** Two tests of the project, and a report naming files for both: one by a system-out line, one by a property. */
  async function twoTests() {
    const [a, b] = await createTests(t.db, p, 2);
    const xml = suite(
      'ui',
      `<testcase classname="Login" name="shows the form"><properties><property name="casebook_id" value="${a}"/></properties>` +
        `<failure message="boom">trace</failure>` +
        `<system-out>opening page\n[[ATTACHMENT|shots\\login.png]]\nmore output</system-out></testcase>`,
      `<testcase classname="Login" name="logs in"><properties><property name="casebook_id" value="${b}"/>` +
        `<property name="attachment" value="./logs/login.txt"/><property name="attachment" value="/ci/work/out/trace.txt"/></properties></testcase>`,
    );
    return { a, b, xml };
  }

  it('attaches the files both conventions name to the results, answering what is missing and unused', async () => {
    const { a, b, xml } = await twoTests();
    const before = await attachmentState(t);
    const res = await importForm(t, w.user.token, { projectId: p, runName: 'with files' }, xml, [
      { path: 'shots/login.png', content: PNG },
      { path: 'logs/login.txt', content: 'log line\n' },
      { path: 'extra/unnamed.txt', content: 'nobody names me' },
    ]).expect(201);
    const { runId, attachments } = res.body.data;
    expect(res.body.data).toMatchObject({ matched: 2, failed: 1, passed: 1 });
    expect(attachments).toEqual({
      attached: 2,
      missing: [{ testcase: 'Login.logs in', path: '/ci/work/out/trace.txt' }],
      unused: ['extra/unnamed.txt'],
    });
    const rows = await t.db.attachment.findMany({ where: { runId }, orderBy: { testId: 'asc' } });
    const history = await t.db.statusHistory.findMany({ where: { runId }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.testId, r.fileName, r.contentType, r.size, r.createdBy])).toEqual([
      [a, 'login.png', 'image/png', PNG.length, w.user.userId],
      [b, 'login.txt', 'text/plain; charset=utf-8', 9, w.user.userId],
    ]);
    // On each test's result in the run.
    for (const r of rows) expect(r.historyId).toBe(history.find((h) => h.testId === r.testId)!.id);
    // The unused file is not kept: two blobs more than before, the ones the rows name.
    const after = await attachmentState(t);
    expect(after.keys.filter((k) => !before.keys.includes(k)).sort()).toEqual(rows.map((r) => r.storageKey).sort());
    // They read back through the attachments API.
    const listed = await t.as(w.reader.token).get('/attachments', { projectId: p, testId: a, runId }).expect(200);
    expect(listed.body.data.map((x: { fileName: string }) => x.fileName)).toEqual(['login.png']);
    const bytes = await t.http
      .get('/api/v1/attachment/download')
      .query({ projectId: p, attachmentId: rows[0].attachmentId })
      .set('Authorization', `Bearer ${w.reader.token}`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(bytes.body as Buffer, PNG)).toBe(0);
  });

  it('matches a full path in the report by the trailing path sent, and gives a file named by two tests to each', async () => {
    const [a, b] = await createTests(t.db, p, 2);
    const xml = suite(
      's',
      `<testcase name="one"><properties><property name="casebook_id" value="${a}"/></properties>` +
        `<system-err>[[ATTACHMENT|C:\\builds\\42\\out\\shared.log]]</system-err></testcase>`,
      `<testcase name="two"><properties><property name="casebook_id" value="${b}"/><property name="attachment" value="out/shared.log"/></properties></testcase>`,
    );
    const before = await attachmentState(t);
    const res = await importForm(t, w.user.token, { projectId: p }, xml, [{ path: 'out/shared.log', content: 'shared' }]).expect(201);
    expect(res.body.data.attachments).toEqual({ attached: 2, missing: [], unused: [] });
    const rows = await t.db.attachment.findMany({ where: { runId: res.body.data.runId }, orderBy: { testId: 'asc' } });
    expect(rows.map((r) => [r.testId, r.fileName, r.size])).toEqual([
      [a, 'shared.log', 6],
      [b, 'shared.log', 6],
    ]);
    // Each record owns its bytes: deleting one leaves the other's.
    expect(rows[0].storageKey).not.toBe(rows[1].storageKey);
    expect((await attachmentState(t)).keys.length).toBe(before.keys.length + 2);
  });

  it('takes the report gzipped, its part application/gzip', async () => {
    const { xml } = await twoTests();
    const res = await importMultipart(t, w.user.token, { projectId: p }, [
      { field: 'report', filename: 'report.xml.gz', content: zlib.gzipSync(xml), type: 'application/gzip' },
      { field: 'file', filename: 'shots/login.png', content: PNG },
    ]).expect(201);
    expect(res.body.data.attachments.attached).toBe(1);
  });

  it('answers a repeat with the same Idempotency-Key from the first import, keeping none of its files; another body is 422', async () => {
    const { xml } = await twoTests();
    const files = [
      { path: 'shots/login.png', content: PNG },
      { path: 'logs/login.txt', content: 'log line\n' },
    ];
    const key = { 'Idempotency-Key': `import-${backend.name}-${Date.now()}` };
    const first = await importForm(t, w.user.token, { projectId: p }, xml, files, key).expect(201);
    const after = await attachmentState(t);
    const replay = await importForm(t, w.user.token, { projectId: p }, xml, files, key).expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await attachmentState(t)).toEqual(after);
    // The same report with other bytes in a file is another request.
    const other = await importForm(
      t,
      w.user.token,
      { projectId: p },
      xml,
      [files[0], { path: 'logs/login.txt', content: 'other\n' }],
      key,
    ).expect(422);
    expect(other.body.code).toBe('idempotency_mismatch');
    expect(await attachmentState(t)).toEqual(after);
  });

  it('stores nothing in a dry run, answering what would be attached and what is missing', async () => {
    const { xml } = await twoTests();
    const before = await attachmentState(t);
    const res = await importForm(t, w.user.token, { projectId: p, dryRun: true }, xml, [
      { path: 'shots/login.png', content: PNG },
      { path: 'nobody.txt', content: 'x' },
    ]).expect(201);
    expect(res.body.data.runId).toBeNull();
    expect(res.body.data.attachments).toEqual({
      attached: 1,
      missing: [
        { testcase: 'Login.logs in', path: './logs/login.txt' },
        { testcase: 'Login.logs in', path: '/ci/work/out/trace.txt' },
      ],
      unused: ['nobody.txt'],
    });
    expect(await attachmentState(t)).toEqual(before);
  });

  it('stores nothing for a locked run (423), malformed XML (400), a file over ATTACHMENT_MAX_MB or a report over 50 MiB (413)', async () => {
    const { a, b, xml } = await twoTests();
    const run = await startRun(t, w.user.token, p, [a, b]);
    await t.as(w.user.token).put('/run/lock', { runId: run.runId, projectId: p }).expect(200);
    const files = [
      { path: 'shots/login.png', content: PNG },
      { path: 'logs/login.txt', content: 'log line\n' },
    ];
    const before = await attachmentState(t);
    const locked = await importForm(t, w.user.token, { projectId: p, runId: run.runId }, xml, files).expect(423);
    expect(locked.body.code).toBe('run_locked');
    expect(await attachmentState(t)).toEqual(before);
    // The files come first here, so they are stored before the report is found broken.
    const malformed = await importMultipart(t, w.user.token, { projectId: p }, [
      { field: 'file', filename: 'shots/login.png', content: PNG },
      { field: 'report', filename: 'r.xml', content: '<testsuites><testsuite>' },
    ]).expect(400);
    expect(malformed.body.code).toBe('junit_malformed');
    expect(await attachmentState(t)).toEqual(before);
    const big = await importForm(t, w.user.token, { projectId: p }, xml, [
      files[0],
      { path: 'logs/login.txt', content: Buffer.alloc(1024 * 1024 + 1, 1) },
    ]).expect(413);
    expect(big.body.error).toBe('login.txt: larger than the limit of 1 MB a file (ATTACHMENT_MAX_MB)');
    expect(await attachmentState(t)).toEqual(before);
    // The report part keeps the limit of a report: 50 MiB once gunzipped (here a small gzip that inflates past it).
    const head = Buffer.from('<testsuites><testsuite name="s"><testcase name="n"/>');
    const padded = zlib.gzipSync(Buffer.concat([head, Buffer.alloc(MAX_JUNIT_BYTES + 1 - head.length, 0x20)]));
    const huge = await importMultipart(t, w.user.token, { projectId: p }, [
      { field: 'file', filename: 'shots/login.png', content: PNG },
      { field: 'report', filename: 'report.xml.gz', content: padded, type: 'application/gzip' },
    ]).expect(413);
    expect(huge.body).toMatchObject({ code: 'payload_too_large', error: 'report: larger than 50 MiB once decoded' });
    expect(await attachmentState(t)).toEqual(before);
  });

  it("refuses with 507 what would pass the organization's quota, counting a file named twice twice, storing nothing", async () => {
    const [a, b] = await createTests(t.db, p, 2);
    const named = (id: number, ...paths: string[]) =>
      `<testcase name="t${id}"><properties><property name="casebook_id" value="${id}"/>` +
      paths.map((x) => `<property name="attachment" value="${x}"/>`).join('') +
      `</properties></testcase>`;
    const xml = suite('quota', named(a, 'shared.bin', 'a.bin'), named(b, 'shared.bin', 'b.bin'));
    const mb = (n: number) => Buffer.alloc(Math.round(n * 1024 * 1024), 7);
    const before = await attachmentState(t);
    // 2.7 MB sent fits the 3 MB quota, but attached it is 3.6 MB (the shared file once for each test).
    const res = await importForm(t, w.user.token, { projectId: p }, xml, [
      { path: 'shared.bin', content: mb(0.9) },
      { path: 'a.bin', content: mb(0.9) },
      { path: 'b.bin', content: mb(0.9) },
    ]).expect(507);
    expect(res.body).toMatchObject({
      code: 'quota_exceeded',
      error: "The organization's attachments would pass its quota of 3 MB (ATTACHMENT_QUOTA_MB)",
    });
    expect(await attachmentState(t)).toEqual(before);
    // Past the quota while the files arrive: refused as the bytes pass it.
    const sent = await importForm(t, w.user.token, { projectId: p }, xml, [
      { path: 'shared.bin', content: mb(0.9) },
      { path: 'a.bin', content: mb(0.9) },
      { path: 'b.bin', content: mb(0.9) },
      { path: 'd.bin', content: mb(0.9) },
    ]).expect(507);
    expect(sent.body.code).toBe('quota_exceeded');
    expect(await attachmentState(t)).toEqual(before);
  });

  it('refuses a Reader (403) and another organization (404), and a form without a report or with too many files (400)', async () => {
    const { xml } = await twoTests();
    const before = await attachmentState(t);
    const files = [{ path: 'shots/login.png', content: PNG }];
    expect((await importForm(t, w.reader.token, { projectId: p }, xml, files).expect(403)).body.code).toBe('forbidden');
    expect((await importForm(t, w.adminB.token, { projectId: p }, xml, files).expect(404)).body.code).toBe('project_not_found');
    const none = await importMultipart(t, w.user.token, { projectId: p }, [{ field: 'file', filename: 'a.png', content: PNG }]).expect(400);
    expect(none.body.error).toBe('Invalid request: report: the JUnit XML report part is required');
    const tooMany = Array.from({ length: 1001 }, (_, i): FormFile => ({ field: 'file', filename: `f/${i}.txt`, content: 'x' }));
    const many = await importForm(t, w.user.token, { projectId: p }, xml, []).expect(201);
    expect(many.body.data.attachments.unused).toEqual([]);
    const refused = await importMultipart(t, w.user.token, { projectId: p }, [
      { field: 'report', filename: 'report.xml', content: xml },
      ...tooMany,
    ]).expect(400);
    expect(refused.body.error).toBe('Invalid request: file: at most 1000 files');
    expect(await attachmentState(t)).toEqual(before);
  });
});
