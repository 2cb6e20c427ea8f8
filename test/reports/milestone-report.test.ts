import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { createTests } from '../support/catalog-factories';
import { createProject, createWorld, type World } from '../support/factories';
import { pdfText } from '../support/pdf-text';
import { binaryBody } from '../support/run-factories';

// The milestone report: the milestone's detail as JSON, an HTML page and a PDF drawn with the
// run report's pieces; user text escaped in HTML.

let t: TestApp;
let w: World;
let q: { projectId: number; milestoneId: number };
let runId: number;
const HOSTILE = '<script>alert(1)</script>';

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const projectId = (await createProject(t.db, w.orgA.orgId, { projectName: 'Shop' })).projectId;
  const ids = await createTests(t.db, projectId, 4, (i) => ({ title: i === 1 ? `Checkout ${HOSTILE}` : `Test ${i}` }));
  const as = t.as(w.user.token);
  const m = (
    await as.post('/milestone/create', { projectId, name: 'Release 2.4', startDate: '2020-01-01', dueDate: '2020-02-01' }).expect(201)
  ).body.data;
  const sub = (await as.post('/milestone/create', { projectId, name: 'RC 1', parentId: m.milestoneId }).expect(201)).body.data;
  q = { projectId, milestoneId: m.milestoneId };
  runId = (await as.post('/run/create', { projectId, runName: 'Smoke', testIds: ids.slice(0, 2), milestoneId: m.milestoneId }).expect(201))
    .body.data.runId;
  const full = (
    await as.post('/run/create', { projectId, runName: 'Full regression', testIds: ids, milestoneId: sub.milestoneId }).expect(201)
  ).body.data.runId;
  await as
    .put('/run/update-test-status', {
      projectId,
      runId,
      testResults: [
        { testId: ids[0], status: 'passed' },
        { testId: ids[1], status: 'failed', comment: 'Pay button dead', defects: ['SHOP-42'] },
      ],
    })
    .expect(200);
  await as
    .put('/run/update-test-status', {
      projectId,
      runId: full,
      testResults: ids.slice(0, 3).map((testId) => ({ testId, status: 'passed' })),
    })
    .expect(200);
});
afterAll(() => t.close());

it('answers JSON: the milestone as its detail reads, with its project', async () => {
  const res = await t.as(w.reader.token).get('/milestone/report', q).expect(200);
  expect(res.headers['content-disposition']).toContain(`milestone-${q.milestoneId}-report.json`);
  const report = JSON.parse(res.text);
  const detail = (await t.as(w.reader.token).get('/milestone/detail', q).expect(200)).body.data;
  expect(report.milestone).toEqual(detail);
  expect(report.project).toMatchObject({ projectId: q.projectId, orgId: w.orgA.orgId, projectName: 'Shop' });
  expect(report.milestone.progress).toMatchObject({ passRate: 66.67, untested: 1, failedCount: 1, runCount: 2 });
});

it('answers an HTML page with the summary, sub-milestones, runs and failed tests, escaping user text', async () => {
  const res = await t
    .as(w.reader.token)
    .get('/milestone/report', { ...q, format: 'html' })
    .expect(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = res.text;
  expect(html).toContain('<h1>Milestone report: Release 2.4</h1>');
  expect(html).toContain('Starts 2020-01-01 · Due 2020-02-01 · Open, overdue');
  expect(html).toContain('<tr data-status="passRate"><th>Pass rate</th><td colspan="2">66.67%</td></tr>');
  expect(html).not.toContain('data-status="elapsed"');
  expect(html).toContain('<h2>Sub-milestones</h2>');
  expect(html).toContain('RC 1');
  expect(html).toContain('Full regression');
  // No defect URL template in this project: the id as text.
  expect(html).toContain('<span class="defects">SHOP-42</span>');
  expect(html).not.toContain(HOSTILE);
  expect(html).toContain('Checkout &lt;script&gt;alert(1)&lt;/script&gt;');
  fs.mkdirSync('test-output', { recursive: true });
  fs.writeFileSync(path.join('test-output', 'milestone-report.html'), html);
});

it('answers a PDF with the same facts, which the reader can read', async () => {
  const res = await t
    .as(w.reader.token)
    .get('/milestone/report', { ...q, format: 'pdf' })
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = res.body as Buffer;
  fs.mkdirSync('test-output', { recursive: true });
  fs.writeFileSync(path.join('test-output', 'milestone-report.pdf'), pdf);
  const text = (await pdfText(pdf)).text;
  for (const expected of [
    'Milestone report: Release 2.4',
    'Open, overdue',
    'Pass rate',
    '66.67%',
    'Sub-milestones',
    'RC 1',
    'Full regression',
    'Smoke',
    'Pay button dead',
    'SHOP-42',
  ])
    expect(text).toContain(expected);
});

it('refuses a bad format (400) and a milestone of another organization (404)', async () => {
  expect(
    (
      await t
        .as(w.reader.token)
        .get('/milestone/report', { ...q, format: 'docx' })
        .expect(400)
    ).body.code,
  ).toBe('validation_failed');
  const theirs = (await t.as(w.adminB.token).post('/milestone/create', { projectId: w.projectB.projectId, name: 'B' }).expect(201)).body
    .data;
  expect(
    (await t.as(w.admin.token).get('/milestone/report', { projectId: w.projectB.projectId, milestoneId: theirs.milestoneId }).expect(404))
      .body.code,
  ).toBe('project_not_found');
});
