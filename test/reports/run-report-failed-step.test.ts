import { writeFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { binaryBody, startRun } from '../support/run-factories';
import { pdfText } from '../support/pdf-text';

// Reports name the failing step of each failed result: the first failed step's number, its action
// (shared steps counted as expanded) and its comment, in the JSON report, the HTML page and the PDF.

let t: TestApp;
let w: World;
let p: number;
let q: { runId: number; projectId: number };
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  const shared = (
    await t
      .as(w.user.token)
      .post('/project/add-shared-steps', { projectId: p, name: 'Log in', steps: [{ action: 'Open /login' }, { action: 'Sign in' }] })
      .expect(201)
  ).body.data.sharedStepsId;
  const create = async (title: string, steps: unknown) =>
    ids.push((await t.as(w.user.token).post('/test/create', { projectId: p, title, steps }).expect(201)).body.data.testId);
  await create('Pay by card', [{ action: 'Open the cart' }, { sharedStepsId: shared }, { action: 'Pay <by> card' }]);
  await create('Failed without steps', 'text steps');
  await create('Passed with steps', [{ action: 'Look' }]);
  q = { runId: (await startRun(t, w.user.token, p, ids, 'Steps run')).runId, projectId: p };
  await t
    .as(w.user.token)
    .put('/run/update-test-status', {
      ...q,
      testResults: [
        {
          testId: ids[0],
          stepResults: [
            { index: 3, status: 'passed' },
            { index: 4, status: 'failed', comment: 'Card declined' },
            { index: 2, status: 'blocked' },
          ],
        },
        { testId: ids[1], status: 'failed', comment: 'Broke' },
        { testId: ids[2], stepResults: [{ index: 1, status: 'passed' }] },
      ],
    })
    .expect(200);
});
afterAll(() => t.close());

const report = (format: string) =>
  t
    .as(w.reader.token)
    .get('/run/report', { ...q, format })
    .buffer(true)
    .parse(binaryBody)
    .expect(200);

it('gives each failed result its failing step in the JSON report', async () => {
  const res = await t
    .as(w.reader.token)
    .get('/run/report', { ...q, format: 'json' })
    .expect(200);
  const json = Object.keys(res.body).length ? res.body : JSON.parse(res.text);
  expect(json.tests.map((r: { testId: number; status: string; failedStep: unknown }) => [r.testId, r.status, r.failedStep])).toEqual([
    [ids[0], 'failed', { index: 4, action: 'Pay <by> card', comment: 'Card declined' }],
    [ids[1], 'failed', null],
    [ids[2], 'passed', null],
  ]);
});

it('names it above the comment in the HTML page, escaped', async () => {
  const html = (
    await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'html' })
      .expect(200)
  ).text;
  expect(html).toContain('<div class="step">Failed at step 4: Pay &lt;by&gt; card · Card declined</div>');
  expect(html.match(/class="step"/g)).toHaveLength(1);
});

it('names it on a line under the row in the PDF', async () => {
  const pdf = (await report('pdf')).body as Buffer;
  if (process.env.SAVE_REPORT) writeFileSync(process.env.SAVE_REPORT, pdf);
  const text = (await pdfText(pdf)).pages.join('\n');
  expect(text).toContain('Failed at step 4: Pay <by> card · Card declined');
  expect(text.match(/Failed at step/g)).toHaveLength(1);
});
