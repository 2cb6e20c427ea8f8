import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { binaryBody, runSnapshot, startRun } from '../support/run-factories';
import { pdfText } from '../support/pdf-text';

// Defect links: the project's defectUrlTemplate, defects on results (written, kept in the
// history, read back with their links, filtered by), GET /defects, and the run reports.

let t: TestApp;
let w: World;
let p: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
});
afterAll(() => t.close());

const JIRA = 'https://acme.atlassian.net/browse/{id}';

async function newRun(count: number, name = 'Run') {
  const ids = await createTests(t.db, p, count);
  const run = await startRun(t, w.user.token, p, ids, name);
  return { ids, runId: run.runId, q: { runId: run.runId, projectId: p } };
}

const mark = (q: { runId: number; projectId: number }, testResults: unknown[], token = w.user.token) =>
  t.as(token).put('/run/update-test-status', { ...q, testResults });

const setTemplate = (defectUrlTemplate: string | null, token = w.user.token) =>
  t.as(token).put('/project/edit', { projectId: p, defectUrlTemplate });

describe('defectUrlTemplate', () => {
  afterEach(async () => {
    await setTemplate(null).expect(200);
  });

  it('is set and cleared with PUT /project/edit, and shown by the project reads', async () => {
    const set = await setTemplate(`  ${JIRA} `).expect(200);
    expect(set.body.data.defectUrlTemplate).toBe(JIRA);
    expect((await t.as(w.reader.token).get('/project/detail', { projectId: p }).expect(200)).body.data.defectUrlTemplate).toBe(JIRA);
    const list = await t.as(w.reader.token).get('/projects', { orgId: w.orgA.orgId }).expect(200);
    expect(list.body.data.projects.find((x: { projectId: number }) => x.projectId === p).defectUrlTemplate).toBe(JIRA);
    // Other edits leave it as it is; null clears it.
    await t.as(w.user.token).put('/project/edit', { projectId: p, projectDescription: 'Shop' }).expect(200);
    expect((await t.as(w.reader.token).get('/project/detail', { projectId: p })).body.data.defectUrlTemplate).toBe(JIRA);
    expect((await setTemplate(null).expect(200)).body.data.defectUrlTemplate).toBeNull();
  });

  it('refuses a template without {id}, not http(s) or too long with 400, writing nothing', async () => {
    await setTemplate(JIRA).expect(200);
    const cases: [unknown, string][] = [
      ['https://acme.atlassian.net/browse/', 'defectUrlTemplate: Must contain {id}'],
      ['ftp://acme.example/{id}', 'defectUrlTemplate: Expected an http(s) URL'],
      ['javascript:alert({id})', 'defectUrlTemplate: Expected an http(s) URL'],
      ['https://acme example/{id}', 'defectUrlTemplate: Expected an http(s) URL'],
      [`https://acme.example/${'a'.repeat(500)}/{id}`, 'defectUrlTemplate: At most 500 characters'],
      [42, 'defectUrlTemplate'],
    ];
    for (const [template, message] of cases) {
      const res = await setTemplate(template as string).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(message);
    }
    expect((await t.as(w.reader.token).get('/project/detail', { projectId: p })).body.data.defectUrlTemplate).toBe(JIRA);
  });

  it('keeps If-Match: a template changed since the read is 412, and the ETag of the read moves with it', async () => {
    const read = await t.as(w.reader.token).get('/project/detail', { projectId: p }).expect(200);
    const etag = read.headers.etag;
    await setTemplate('https://github.com/acme/shop/issues/{id}').expect(200);
    const stale = await t
      .as(w.user.token)
      .put('/project/edit', { projectId: p, defectUrlTemplate: JIRA })
      .set('If-Match', etag)
      .expect(412);
    expect(stale.body.code).toBe('edit_conflict');
    const fresh = await t.as(w.reader.token).get('/project/detail', { projectId: p }).expect(200);
    expect(fresh.headers.etag).not.toBe(etag);
    await t
      .as(w.user.token)
      .put('/project/edit', { projectId: p, defectUrlTemplate: JIRA })
      .set('If-Match', fresh.headers.etag)
      .expect(200);
  });

  it('is refused to a Reader (403) and for another organization (404)', async () => {
    await setTemplate(JIRA, w.reader.token).expect(403);
    await setTemplate(JIRA, w.adminB.token).expect(404);
    expect((await t.as(w.reader.token).get('/project/detail', { projectId: p })).body.data.defectUrlTemplate).toBeNull();
  });
});

describe('defects of results', () => {
  afterEach(async () => {
    await setTemplate(null).expect(200);
  });

  it('are stored trimmed and without duplicates, kept in the history, and read back with their links', async () => {
    const { ids, runId, q } = await newRun(3);
    await setTemplate('https://github.com/acme/shop/issues/{id}').expect(200);
    const url = 'https://jira.example/browse/OPS-9';
    await mark(q, [
      { testId: ids[0], status: 'failed', comment: 'boom', defects: [' #45 ', 'SHOP-123', '#45', url] },
      { testId: ids[1], status: 'passed' },
    ]).expect(200);
    const links = [
      { id: '#45', url: 'https://github.com/acme/shop/issues/45' },
      { id: 'SHOP-123', url: 'https://github.com/acme/shop/issues/SHOP-123' },
      { id: url, url },
    ];
    const rows = (await t.as(w.reader.token).get('/run/tests', q).expect(200)).body.data.tests;
    expect(rows.map((r: { defects: unknown }) => r.defects)).toEqual([links, [], []]);
    const status = (
      await t
        .as(w.reader.token)
        .get('/run/test-status', { ...q, status: 'failed' })
        .expect(200)
    ).body.data.tests;
    expect(status[0].defects).toEqual(links);

    // A later result without defects links to none; the history keeps the earlier one's.
    await mark(q, [{ testId: ids[0], status: 'retest' }]).expect(200);
    expect((await t.as(w.reader.token).get('/run/tests', q)).body.data.tests[0].defects).toEqual([]);
    const inRun = (await t.as(w.reader.token).get('/run/test-status-history', { runId, testId: ids[0] }).expect(200)).body.data;
    expect(inRun.map((h: { status: string; defects: unknown }) => [h.status, h.defects])).toEqual([
      ['retest', []],
      ['failed', links],
      ['untested', []],
    ]);
    const across = (await t.as(w.reader.token).get('/test/status-history', { projectId: p, testId: ids[0] }).expect(200)).body.data;
    expect(across[1].defects).toEqual(links);
    const stored = await t.db.statusHistory.findMany({ where: { runId, testId: ids[0] }, orderBy: { id: 'asc' } });
    expect(stored.map((h) => h.defects)).toEqual([[], ['#45', 'SHOP-123', url], []]);

    // Without a template an id has no link; a URL is its own.
    await setTemplate(null).expect(200);
    const plain = (await t.as(w.reader.token).get('/test/status-history', { projectId: p, testId: ids[0] })).body.data[1].defects;
    expect(plain).toEqual([
      { id: '#45', url: null },
      { id: 'SHOP-123', url: null },
      { id: url, url },
    ]);
  });

  it('refuses a bad list with 400 validation_failed naming the field, writing nothing', async () => {
    const { ids, runId, q } = await newRun(2);
    const before = await runSnapshot(t.db, runId);
    const cases: [unknown, string][] = [
      [['SHOP-1', 'two words'], 'testResults.0.defects.1: Expected a defect id'],
      [['   '], 'testResults.0.defects.0: Expected a defect id or URL, not an empty text'],
      [['ftp://files.example/1'], 'testResults.0.defects.0: Expected a defect id'],
      [['javascript:alert(1)'], 'testResults.0.defects.0: Expected a defect id'],
      [[`SHOP-${'1'.repeat(200)}`], 'testResults.0.defects.0: At most 200 characters'],
      [Array.from({ length: 21 }, (_, i) => `SHOP-${i}`), 'testResults.0.defects: At most 20 defects'],
      ['SHOP-1', 'testResults.0.defects'],
      [[7], 'testResults.0.defects.0'],
    ];
    for (const [defects, message] of cases) {
      const res = await mark(q, [
        { testId: ids[0], status: 'failed', defects },
        { testId: ids[1], status: 'passed' },
      ]).expect(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error).toContain(message);
    }
    expect(await runSnapshot(t.db, runId)).toEqual(before);
  });

  it('are refused to a Reader, for another organization and in a locked run, writing nothing', async () => {
    const { ids, runId, q } = await newRun(1);
    const body = [{ testId: ids[0], status: 'failed', defects: ['SHOP-1'] }];
    const before = await runSnapshot(t.db, runId);
    await mark(q, body, w.reader.token).expect(403);
    await mark(q, body, w.adminB.token).expect(404);
    await t.as(w.user.token).put('/run/lock', q).expect(200);
    const locked = await mark(q, body).expect(423);
    expect(locked.body.code).toBe('run_locked');
    const after = await runSnapshot(t.db, runId);
    const results = (s: typeof before) => s.tests.map(({ status, defects, comment }) => ({ status, defects, comment }));
    expect(results(after)).toEqual(results(before));
    expect(after.history).toEqual(before.history);
  });

  it('filter GET /run/tests by defect (exact), with the total of the matches; reset clears them', async () => {
    const { ids, q } = await newRun(4);
    await mark(q, [
      { testId: ids[0], status: 'failed', defects: ['SHOP-1', 'SHOP-2'] },
      { testId: ids[1], status: 'blocked', defects: ['SHOP-2'] },
      { testId: ids[2], status: 'failed', defects: ['shop-2'] },
    ]).expect(200);
    const page = (
      await t
        .as(w.reader.token)
        .get('/run/tests', { ...q, defect: 'SHOP-2' })
        .expect(200)
    ).body.data;
    expect(page.tests.map((r: { testId: number }) => r.testId)).toEqual([ids[0], ids[1]]);
    expect(page.total).toBe(2);
    const failed = (await t.as(w.reader.token).get('/run/tests', { ...q, defect: 'SHOP-2', status: 'failed' })).body.data;
    expect([failed.tests.map((r: { testId: number }) => r.testId), failed.total]).toEqual([[ids[0]], 1]);
    expect((await t.as(w.reader.token).get('/run/tests', { ...q, defect: 'NONE-1' })).body.data).toMatchObject({ tests: [], total: 0 });
    const bad = await t
      .as(w.reader.token)
      .get('/run/tests', { ...q, defect: 'a b' })
      .expect(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.error).toContain('defect: Expected a defect id');

    await t.as(w.user.token).put('/run/reset', q).expect(200);
    expect((await t.as(w.reader.token).get('/run/tests', { ...q, defect: 'SHOP-2' })).body.data.total).toBe(0);
    expect((await t.db.runTest.findMany({ where: { runId: q.runId } })).map((r) => r.defects)).toEqual([[], [], [], []]);
  });
});

describe('GET /defects', () => {
  it('lists each defect with its link, its results and how many are failed, most failed first', async () => {
    const a = await newRun(3, 'Nightly 1');
    const b = await newRun(2, 'Nightly 2');
    await setTemplate(JIRA).expect(200);
    await mark(a.q, [
      { testId: a.ids[0], status: 'failed', defects: ['SHOP-1'] },
      { testId: a.ids[1], status: 'blocked', defects: ['SHOP-1', 'SHOP-2'] },
      { testId: a.ids[2], status: 'passed', defects: ['https://bugs.example/7'] },
    ]).expect(200);
    await mark(b.q, [
      { testId: b.ids[0], status: 'failed', defects: ['SHOP-2'] },
      { testId: b.ids[1], status: 'failed', defects: ['SHOP-2'] },
    ]).expect(200);
    const res = await t.as(w.reader.token).get('/defects', { projectId: p }).expect(200);
    const data = res.body.data;
    expect(data.total).toBe(3);
    expect(
      data.defects.map((d: { id: string; url: string | null; resultCount: number; failedCount: number }) => [
        d.id,
        d.url,
        d.resultCount,
        d.failedCount,
      ]),
    ).toEqual([
      ['SHOP-2', 'https://acme.atlassian.net/browse/SHOP-2', 3, 2],
      ['SHOP-1', 'https://acme.atlassian.net/browse/SHOP-1', 2, 1],
      ['https://bugs.example/7', 'https://bugs.example/7', 1, 0],
    ]);
    const shop2 = data.defects[0];
    expect(shop2).toMatchObject({ runCount: 2, testCount: 3 });
    expect(shop2.results).toEqual([
      { runId: b.runId, runName: 'Nightly 2', testId: b.ids[0], title: expect.any(String), status: 'failed' },
      { runId: b.runId, runName: 'Nightly 2', testId: b.ids[1], title: expect.any(String), status: 'failed' },
      { runId: a.runId, runName: 'Nightly 1', testId: a.ids[1], title: expect.any(String), status: 'blocked' },
    ]);

    // One run; paged.
    const oneRun = (await t.as(w.reader.token).get('/defects', { projectId: p, runId: a.runId }).expect(200)).body.data;
    expect(oneRun.defects.map((d: { id: string; resultCount: number }) => [d.id, d.resultCount])).toEqual([
      ['SHOP-1', 2],
      ['SHOP-2', 1],
      ['https://bugs.example/7', 1],
    ]);
    const second = (await t.as(w.reader.token).get('/defects', { projectId: p, limit: 1, offset: 1 }).expect(200)).body.data;
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(second.defects.map((d: { id: string }) => d.id)).toEqual(['SHOP-1']);

    // Only current results count: a result marked again without the defect leaves it.
    await mark(a.q, [{ testId: a.ids[2], status: 'passed' }]).expect(200);
    const now = (await t.as(w.reader.token).get('/defects', { projectId: p }).expect(200)).body.data;
    expect(now.defects.map((d: { id: string }) => d.id)).toEqual(['SHOP-2', 'SHOP-1']);
    await setTemplate(null).expect(200);
  });

  it('answers 304 to its ETag until a result changes', async () => {
    const { ids, q } = await newRun(1);
    const first = await t.as(w.reader.token).get('/defects', { projectId: p }).expect(200);
    await t.as(w.reader.token).get('/defects', { projectId: p }).set('If-None-Match', first.headers.etag).expect(304);
    await mark(q, [{ testId: ids[0], status: 'failed', defects: ['SHOP-9'] }]).expect(200);
    const after = await t.as(w.reader.token).get('/defects', { projectId: p }).set('If-None-Match', first.headers.etag).expect(200);
    expect(after.body.data.defects.map((d: { id: string }) => d.id)).toContain('SHOP-9');
  });

  it('is 404 for another organization or a run of another project, 400 for bad paging, 401 without credentials', async () => {
    await t.as(w.adminB.token).get('/defects', { projectId: p }).expect(404);
    const { runId } = await newRun(1);
    const foreignRun = await t.as(w.adminB.token).get('/defects', { projectId: w.projectB.projectId, runId }).expect(404);
    expect(foreignRun.body.code).toBe('run_not_found');
    const bad = await t.as(w.reader.token).get('/defects', { projectId: p, limit: 0 }).expect(400);
    expect(bad.body.error).toContain('limit: Must be at least 1');
    await t.http.get('/api/v1/defects').query({ projectId: p }).expect(401);
    for (const token of [w.reader.token, w.user.token, w.admin.token]) await t.as(token).get('/defects', { projectId: p }).expect(200);
  });
});

describe('run reports', () => {
  it('show each result’s defects: in the JSON, as links in HTML, as text in the PDF', async () => {
    const { ids, q } = await newRun(2);
    await setTemplate(JIRA).expect(200);
    await mark(q, [{ testId: ids[0], status: 'failed', defects: ['SHOP-77', 'https://bugs.example/x?a=1&b=2'] }]).expect(200);
    const json = (await t.as(w.reader.token).get('/run/report', q).expect(200)).body;
    expect(json.tests.find((r: { testId: number }) => r.testId === ids[0]).defects).toEqual([
      { id: 'SHOP-77', url: 'https://acme.atlassian.net/browse/SHOP-77' },
      { id: 'https://bugs.example/x?a=1&b=2', url: 'https://bugs.example/x?a=1&b=2' },
    ]);
    expect(json.tests.find((r: { testId: number }) => r.testId === ids[1]).defects).toEqual([]);
    const html = (
      await t
        .as(w.reader.token)
        .get('/run/report', { ...q, format: 'html' })
        .expect(200)
    ).text;
    expect(html).toContain('<a href="https://acme.atlassian.net/browse/SHOP-77" rel="noopener noreferrer">SHOP-77</a>');
    expect(html).toContain('<a href="https://bugs.example/x?a=1&amp;b=2" rel="noopener noreferrer">https://bugs.example/x?a=1&amp;b=2</a>');
    const pdf = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'pdf' })
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect((await pdfText(pdf.body as Buffer)).text).toContain('SHOP-77');
    await setTemplate(null).expect(200);
  });
});
