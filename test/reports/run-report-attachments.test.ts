import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { binaryBody, startRun } from '../support/run-factories';
import { PNG, upload } from '../support/attachments';
import { sessionCookie } from '../support/oauth-login';
import { pdfText } from '../support/pdf-text';

// The run report with the files of its results: every one in the JSON report, thumbnails and
// links for failed and blocked results in the HTML page, their names in the PDF.

let t: TestApp;
let w: World;
let p: number;
let q: { runId: number; projectId: number };
let ids: number[];
// No double quote: the multipart client itself sends one as %22.
const HOSTILE = `'><img src=x onerror=alert(1)>&.txt`;
type Listed = { attachmentId: number; fileName: string; contentType: string; size: number };
const files: Record<string, Listed> = {};

const listed = (a: Listed & Record<string, unknown>): Listed => ({
  attachmentId: a.attachmentId,
  fileName: a.fileName,
  contentType: a.contentType,
  size: a.size,
});
const downloadUrl = (a: Listed) => `/api/v1/attachment/download?projectId=${p}&attachmentId=${a.attachmentId}`;

// Four results: passed with a screenshot, failed with a screenshot and a hostile log name,
// blocked with a log, untested with none; and a file of the test case itself, no result's.
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  ids = await createTests(t.db, p, 4, () => ({}), 'Evidence');
  const run = await startRun(t, w.user.token, p, ids, 'Evidence run');
  q = { runId: run.runId, projectId: p };
  await t
    .as(w.user.token)
    .put('/run/update-test-status', {
      ...q,
      testResults: [
        { testId: ids[0], status: 'passed' },
        { testId: ids[1], status: 'failed', comment: 'button missing' },
        { testId: ids[2], status: 'blocked' },
      ],
    })
    .expect(200);
  const add = async (key: string, testId: number, name: string, content: Buffer | string, runId: number | undefined = run.runId) => {
    const res = await upload(t, w.user.token, { projectId: p, testId, ...(runId ? { runId } : {}) }, [{ name, content }]).expect(201);
    files[key] = listed(res.body.data[0]);
  };
  await add('passedShot', ids[0], 'passed.png', PNG);
  await add('failedShot', ids[1], 'failure.png', PNG);
  await add('failedLog', ids[1], HOSTILE, 'TypeError: x is undefined\n');
  await add('blockedLog', ids[2], 'blocked.log', 'waiting for staging\n');
  await add('caseFile', ids[1], 'spec.txt', 'the test case, not a result', 0);
});
afterAll(() => t.close());

describe('the JSON report', () => {
  it("lists every result's files, oldest first, and none of the test case's", async () => {
    const res = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'json' })
      .expect(200);
    const tests = JSON.parse(res.text).tests as { testId: number; attachments: Listed[] }[];
    const byTest = Object.fromEntries(tests.map((r) => [r.testId, r.attachments]));
    expect(byTest[ids[0]]).toEqual([files.passedShot]);
    expect(byTest[ids[1]]).toEqual([files.failedShot, files.failedLog]);
    expect(byTest[ids[2]]).toEqual([files.blockedLog]);
    expect(byTest[ids[3]]).toEqual([]);
    expect(files.failedShot.contentType).toBe('image/png');
    expect(files.failedLog).toMatchObject({ fileName: HOSTILE, contentType: 'text/plain; charset=utf-8' });
  });
});

describe('the HTML report', () => {
  let html: string;
  let cspOfReport: string;
  beforeAll(async () => {
    const res = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'html' })
      .expect(200);
    html = res.text;
    cspOfReport = res.headers['content-security-policy'];
  });
  const escaped = (s: string) => s.replace(/&/g, '&amp;');

  it('shows the images of failed results as thumbnails linked to their downloads, other files as links by name', () => {
    const shot = escaped(downloadUrl(files.failedShot));
    expect(html).toContain(`<a class="thumb" href="${shot}" title="failure.png"><img src="${shot}" alt="failure.png" loading="lazy"></a>`);
    expect(html).toContain(`<a href="${escaped(downloadUrl(files.blockedLog))}">blocked.log</a>`);
    expect(html.match(/<img /g)).toHaveLength(1);
  });

  it('shows nothing of a passed result or of the test case', () => {
    expect(html).not.toContain(`attachmentId=${files.passedShot.attachmentId}"`);
    expect(html).not.toContain('passed.png');
    expect(html).not.toContain('spec.txt');
  });

  it('escapes a hostile file name', () => {
    expect(html).toContain('&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;.txt</a>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/onerror=alert\(1\)>/);
  });

  it('is allowed to load its thumbnails from its own server, which answers them as images to the same session', async () => {
    // The page's policy (helmet's) allows images from its own origin, where the download is.
    expect(cspOfReport).toMatch(/(^|;)\s*img-src 'self'/);
    const signIn = await t.http.post('/auth/token').type('form').send({ token: w.reader.token }).expect(303);
    const cookie = sessionCookie(signIn)!;
    expect(cookie).toBeTruthy();
    const report = await t.http
      .get('/api/v1/run/report')
      .query({ ...q, format: 'html' })
      .set('Cookie', cookie)
      .expect(200);
    const src = /<img src="([^"]+)"/.exec(report.text)![1].replace(/&amp;/g, '&');
    const image = await t.http.get(src).set('Cookie', cookie).buffer(true).parse(binaryBody).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(Buffer.compare(image.body as Buffer, PNG)).toBe(0);
    // Without the session (a saved copy opened elsewhere) the image is refused: the page shows its alt text.
    await t.http.get(src).expect(401);
  });
});

describe('the PDF report', () => {
  it('names the files of failed and blocked results under them', async () => {
    const res = await t
      .as(w.reader.token)
      .get('/run/report', { ...q, format: 'pdf' })
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const text = (await pdfText(res.body as Buffer)).pages.join('\n');
    expect(text).toContain(`Attachments: failure.png, ${HOSTILE}`);
    expect(text).toContain('Attachments: blocked.log');
    expect(text).not.toContain('passed.png');
  });
});

describe('a locked run', () => {
  it('reports what it did plus its files', async () => {
    const before = JSON.parse(
      (
        await t
          .as(w.reader.token)
          .get('/run/report', { ...q, format: 'json' })
          .expect(200)
      ).text,
    );
    await t.as(w.user.token).put('/run/lock', q).expect(200);
    // The catalog moves on after the lock; the report keeps the test's title as it was.
    await t.db.test.update({ where: { testId: ids[1] }, data: { title: 'Renamed after the lock' } });
    const after = JSON.parse(
      (
        await t
          .as(w.reader.token)
          .get('/run/report', { ...q, format: 'json' })
          .expect(200)
      ).text,
    );
    const strip = (r: { tests: Record<string, unknown>[] }) => r.tests.map(({ updatedAt: _u, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
    expect(after.tests.find((r: { testId: number }) => r.testId === ids[1]).attachments).toEqual([files.failedShot, files.failedLog]);
    const html = (
      await t
        .as(w.reader.token)
        .get('/run/report', { ...q, format: 'html' })
        .expect(200)
    ).text;
    expect(html).toContain(`alt="failure.png"`);
  });
});
