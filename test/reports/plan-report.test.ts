import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { createTests } from '../support/catalog-factories';
import { createProject, createWorld, type World } from '../support/factories';
import { pdfText } from '../support/pdf-text';
import { binaryBody } from '../support/run-factories';

// The plan report: the plan's detail with its matrix narrowed to the tests failed or blocked
// in some configuration, as JSON, an HTML page and a PDF; user text escaped in HTML.

let t: TestApp;
let w: World;
let q: { projectId: number; planId: number };
let ids: number[];
const HOSTILE = '<script>alert(1)</script>';

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  const projectId = (await createProject(t.db, w.orgA.orgId, { projectName: 'Shop' })).projectId;
  ids = await createTests(t.db, projectId, 4, (i) => ({ title: i === 1 ? `Checkout ${HOSTILE}` : `Test ${i}` }));
  const browser = await t.db.configurationGroup.create({
    data: {
      projectId,
      name: 'Browser',
      options: {
        create: [
          { name: 'Chrome', position: 0 },
          { name: 'Firefox', position: 1 },
        ],
      },
    },
    include: { options: { orderBy: { position: 'asc' } } },
  });
  const as = t.as(w.user.token);
  const plan = (
    await as
      .post('/plan/create', {
        projectId,
        name: 'Release 2.4',
        description: 'Every browser',
        entries: [{ allTests: true, configurations: browser.options.map((o) => [o.optionId]), assignTo: w.user.userId }],
      })
      .expect(201)
  ).body.data;
  q = { projectId, planId: plan.planId };
  const [chrome, firefox] = plan.runs.map((r: { runId: number }) => r.runId);
  await as
    .put('/run/update-test-status', {
      projectId,
      runId: chrome,
      testResults: [
        { testId: ids[0], status: 'passed' },
        { testId: ids[1], status: 'failed' },
      ],
    })
    .expect(200);
  await as.put('/run/update-test-status', { projectId, runId: firefox, testResults: [{ testId: ids[2], status: 'blocked' }] }).expect(200);
});
afterAll(() => t.close());

it('answers JSON: the plan as its detail reads, its matrix the tests failed or blocked somewhere', async () => {
  const res = await t.as(w.reader.token).get('/plan/report', q).expect(200);
  expect(res.headers['content-disposition']).toContain(`plan-${q.planId}-report.json`);
  const report = JSON.parse(res.text);
  const detail = (await t.as(w.reader.token).get('/plan/detail', q).expect(200)).body.data;
  expect({ ...report.plan, matrix: undefined }).toEqual({ ...detail, matrix: undefined });
  expect(report.plan.matrix).toMatchObject({ total: 2, limit: 1000, offset: 0 });
  expect(report.plan.matrix.tests.map((x: { testId: number; statuses: string[] }) => [x.testId, x.statuses])).toEqual([
    [ids[1], ['failed', 'untested']],
    [ids[2], ['untested', 'blocked']],
  ]);
  expect(report.project).toMatchObject({ projectId: q.projectId, orgId: w.orgA.orgId, projectName: 'Shop' });
});

it('answers an HTML page with the summary, runs, assignees and problem tests, escaping user text', async () => {
  const res = await t
    .as(w.reader.token)
    .get('/plan/report', { ...q, format: 'html' })
    .expect(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = res.text;
  expect(html).toContain('<h1>Plan report: Release 2.4</h1>');
  expect(html).toContain('2 runs (0 locked) · 5 results not executed yet');
  expect(html).toContain('Release 2.4 – Chrome');
  expect(html).toContain('<h2>Assignees</h2>');
  expect(html).toContain('<h2>Tests failed or blocked</h2>');
  expect(html).toContain('<span class="status s-blocked">blocked</span>');
  expect(html).not.toContain(HOSTILE);
  expect(html).toContain('Checkout &lt;script&gt;alert(1)&lt;/script&gt;');
  fs.mkdirSync('test-output', { recursive: true });
  fs.writeFileSync(path.join('test-output', 'plan-report.html'), html);
});

it('answers a PDF with the same facts, which the reader can read', async () => {
  const res = await t
    .as(w.reader.token)
    .get('/plan/report', { ...q, format: 'pdf' })
    .buffer(true)
    .parse(binaryBody)
    .expect(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = res.body as Buffer;
  fs.mkdirSync('test-output', { recursive: true });
  fs.writeFileSync(path.join('test-output', 'plan-report.pdf'), pdf);
  const text = (await pdfText(pdf)).text;
  for (const expected of [
    'Plan report: Release 2.4',
    'Every browser',
    'Pass rate',
    'Release 2.4 – Firefox',
    'Assignees',
    'Tests failed or blocked',
    'blocked',
  ])
    expect(text).toContain(expected);
});

it('refuses a bad format (400), an unknown plan (404) and a plan of another organization (404)', async () => {
  const bad = await t
    .as(w.reader.token)
    .get('/plan/report', { ...q, format: 'docx' })
    .expect(400);
  expect(bad.body).toMatchObject({ code: 'validation_failed' });
  const missing = await t
    .as(w.reader.token)
    .get('/plan/report', { ...q, planId: 2147483647 })
    .expect(404);
  expect(missing.body).toMatchObject({ code: 'plan_not_found' });
  const foreign = await t.as(w.adminB.token).get('/plan/report', q).expect(404);
  expect(foreign.body).toMatchObject({ code: 'project_not_found' });
});
