import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createSection, createSquad, createTests, lookupIds } from '../support/catalog-factories';
import { binaryBody, startRun } from '../support/run-factories';
import { pdfText } from '../support/pdf-text';
import { LINES_PER_PAGE } from '../../src/reports/run-report-pdf';

let t: TestApp;
let w: World;
let runId: number;
let q: { runId: number; projectId: number };
let ids: number[];
const RUN_NAME = `Nightly <b>&"'</b>`;

// A run over two nested sections and unsectioned tests, with results from two users.
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const p = w.projectA.projectId;
  const checkout = await createSection(t.db, p, 'Checkout');
  const payments = await createSection(t.db, p, 'Payments', checkout.sectionId);
  const squad = await createSquad(t.db, p, 'Team <Pay>');
  const lookups = await lookupIds(t.db, p);
  ids = await createTests(
    t.db,
    p,
    6,
    (i) =>
      i < 3
        ? { sectionId: payments.sectionId, priorityId: lookups.priority.High, squadId: squad.squadId }
        : i < 5
          ? { sectionId: checkout.sectionId }
          : {},
    'Report test',
  );
  const run = await startRun(t, w.user.token, p, ids, RUN_NAME);
  runId = run.runId;
  q = { runId, projectId: p };
  await t
    .as(w.user.token)
    .put('/run/update-test-status', {
      ...q,
      testResults: [
        { testId: ids[0], status: 'passed', comment: '<script>alert(1)</script>' },
        { testId: ids[1], status: 'failed', comment: 'totals wrong' },
        { testId: ids[3], status: 'blocked' },
      ],
    })
    .expect(200);
  await t
    .as(w.admin.token)
    .put('/run/update-test-status', { ...q, testResults: [{ testId: ids[4], status: 'passed' }] })
    .expect(200);
});
afterAll(() => t.close());

async function stateCounts(query = q): Promise<Record<string, number>> {
  const { runId: _id, locked: _l, ...counts } = (await t.as(w.reader.token).get('/run/state-detail', query).expect(200)).body.data;
  return counts;
}

describe('GET /run/report?format=json', () => {
  it('is the report model as a file: summary equal to state detail, rows grouped by section', async () => {
    const res = await t.as(w.reader.token).get('/run/report', q).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="run-${runId}-report.json"`);
    const report = res.body;
    expect(Object.keys(report).sort()).toEqual(['project', 'run', 'summary', 'tests']);
    expect(report.summary).toEqual({ ...(await stateCounts()), passRate: 33.33, elapsedMs: 0 });
    expect(report.summary).toMatchObject({ total: 6, passed: 2, failed: 1, blocked: 1, untested: 2 });
    expect(report.run).toMatchObject({ runId, runName: RUN_NAME, locked: false });
    expect(report.project).toEqual({
      projectId: w.projectA.projectId,
      orgId: w.orgA.orgId,
      projectName: w.projectA.projectName,
      projectDescription: null,
    });
    expect(report.tests.map((r: { testId: number; sectionPath: string | null }) => [r.testId, r.sectionPath])).toEqual([
      [ids[5], null],
      [ids[3], 'Checkout'],
      [ids[4], 'Checkout'],
      [ids[0], 'Checkout > Payments'],
      [ids[1], 'Checkout > Payments'],
      [ids[2], 'Checkout > Payments'],
    ]);
    const first = report.tests.find((r: { testId: number }) => r.testId === ids[0]);
    expect(first).toMatchObject({
      title: 'Report test 0',
      priority: 'High',
      squad: 'Team <Pay>',
      status: 'passed',
      comment: '<script>alert(1)</script>',
      updatedBy: expect.stringContaining('User '),
    });
    expect(report.tests.find((r: { testId: number }) => r.testId === ids[4]).updatedBy).toContain('Admin ');
  });

  it('answers errors before the first byte with the envelope', async () => {
    const bad = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'xml' })
      .expect(400);
    expect(bad.body).toEqual({ error: 'Invalid request: format: Expected one of json, pdf, html', status: 400, code: 'validation_failed' });
    const foreign = await t
      .as(w.adminB.token)
      .get('/run/report', { ...q, format: 'pdf' })
      .expect(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    expect(foreign.headers['content-disposition']).toBeUndefined();
    expect(foreign.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    expect(
      (
        await t
          .as(w.reader.token)
          .get('/run/report', { runId: runId + 1000, projectId: w.projectA.projectId })
          .expect(404)
      ).body.error,
    ).toBe('Run not found');
    await t.http.get('/api/v1/run/report').query(q).expect(401);
  });
});

describe('GET /run/report?format=html', () => {
  it('is a self-contained page with the chart, every count, and all user text escaped', async () => {
    const res = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'html' })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="run-${runId}-report.html"`);
    const html = res.text;
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('Nightly &lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;');
    expect(html).not.toContain(RUN_NAME);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<link|\bsrc=|url\(/i);
    expect(html).toContain('Team &lt;Pay&gt;');
    const counts = await stateCounts();
    for (const [status, count] of Object.entries(counts)) {
      expect(html).toMatch(new RegExp(`<tr data-status="${status}"><th[^>]*>[^<]+</th><td>${count}</td>`));
    }
    expect(html).toContain('<td colspan="2">33.33%</td>');
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    expect(svg.match(/<rect /g)).toHaveLength(5);
    expect([...html.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual(['No section', 'Checkout', 'Checkout &gt; Payments']);
  });
});

async function pdfOf(query: { runId: number } & Record<string, unknown>) {
  const res = await t
    .as(w.reader.token)
    .get('/run/report', { ...query, format: 'pdf' })
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="run-${query.runId}-report.pdf"`);
  const data = res.body as Buffer;
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(data);
}

describe('GET /run/report?format=pdf', () => {
  it('holds the title, the summary counts and every row', async () => {
    const p = w.projectA.projectId;
    const many = await createTests(t.db, p, 100, () => ({}), 'Bulk row');
    const run = await startRun(t, w.user.token, p, many, 'Big PDF run');
    const rq = { runId: run.runId, projectId: p };
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...rq, testResults: many.slice(0, 37).map((testId) => ({ testId, status: 'passed' })) })
      .expect(200);
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { ...rq, testResults: many.slice(37, 45).map((testId) => ({ testId, status: 'failed' })) })
      .expect(200);

    const pdf = await pdfOf(rq);
    // Page 1 is the summary; then LINES_PER_PAGE lines a page, one of them the (repeated) section heading.
    expect(pdf.total).toBe(1 + Math.ceil(100 / (LINES_PER_PAGE - 1)));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('Run report: Big PDF run');
    const counts = await stateCounts(rq);
    expect(counts).toMatchObject({ total: 100, passed: 37, failed: 8, untested: 55 });
    for (const [label, status] of [
      ['Passed', 'passed'],
      ['Failed', 'failed'],
      ['Blocked', 'blocked'],
      ['Retest', 'retest'],
      ['Untested', 'untested'],
      ['Total', 'total'],
    ] as const) {
      expect(text).toMatch(new RegExp(`${label} ${counts[status]} `));
    }
    expect(text).toContain('Pass rate 37%');
    expect(text).toContain('Bulk row 0 ');
    expect(text).toContain('Bulk row 99 ');
    // The table header is repeated on every table page.
    expect(pdf.pages.slice(1).every((page) => /ID\s+Title\s+Priority\s+Squad\s+Status/.test(page))).toBe(true);
  });

  it('draws the sectioned run, with section headings', async () => {
    const pdf = await pdfOf(q);
    expect(pdf.total).toBe(2);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain(`Run report: ${RUN_NAME}`);
    expect(text).toContain('Checkout > Payments');
    expect(text).toContain('Passed 2 33.3%');
  });
});
