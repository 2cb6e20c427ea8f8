import type { Page } from 'playwright-core';
import { upload } from '../support/attachments';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, startWebHarness, waitForSettled, type WebHarness } from './support/web-harness';

// Files in the browser: on the execute page a pasted screenshot, dropped files and the file
// picker go to the selected test's result (with progress), thumbnails open the viewer (arrows
// move, Escape closes, focus comes back), a file is deleted after a confirm; refusals (413, 507,
// 423) show what to do; a Reader and a locked run get no upload. The test case page keeps its own files.

let h: WebHarness;
let user: TestUser;
let reader: TestUser;
let projectId: number;
let testIds: number[];
let runId: number;
const KB = 1024;

beforeAll(async () => {
  // A small limit and quota, so a refusal of each is cheap to reach.
  h = await startWebHarness({ ATTACHMENT_MAX_MB: '1', ATTACHMENT_QUOTA_MB: '4' });
  const org = await createOrg(h.t.db, 'Evidence keepers');
  [user, reader] = await Promise.all([createUser(h.t.db, 'User', [org.orgId]), createUser(h.t.db, 'Reader', [org.orgId])]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Webshop' })).projectId;
  testIds = await createTests(h.t.db, projectId, 3, () => ({}), 'Pay');
  runId = (await startRun(h.t, user.token, projectId, testIds, 'Release 3.0')).runId;
}, 120_000);
afterAll(() => h?.close());

type Listed = { attachmentId: number; fileName: string; historyId: number | null; size: number };
const listed = async (query: Record<string, number>): Promise<Listed[]> =>
  (
    await h.t
      .as(reader.token)
      .get('/attachments', { projectId, ...query })
      .expect(200)
  ).body.data;
const runFiles = () => listed({ testId: testIds[0], runId });
const runTest = async (testId: number) =>
  (await h.t.as(reader.token).get('/run/tests', { runId, projectId }).expect(200)).body.data.tests.find(
    (t: { testId: number }) => t.testId === testId,
  );

const row = (page: Page, i: number) => page.locator(`[data-test-row="${testIds[i]}"]`);
const openRun = async (page: Page, id = runId) => {
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${id}`);
  await row(page, 0).click();
  const panel = page.getByRole('complementary', { name: 'Pay 0' });
  await panel.waitFor();
  await waitForSettled(page);
  return panel;
};
const fileList = (page: Page) => page.getByRole('list', { name: 'Files in this run' });
const tile = (page: Page, name: string | RegExp) => page.getByRole('button', { name: typeof name === 'string' ? `Open ${name}` : name });

/** Runs in the page: a 320×200 PNG drawn on a canvas, as a screenshot tool would put it on the clipboard (a string: no DOM types here). */
const PASTE_SCREENSHOT = `(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 320; canvas.height = 200;
  const g = canvas.getContext('2d');
  g.fillStyle = '#2457d6'; g.fillRect(0, 0, 320, 200);
  g.fillStyle = '#fff'; g.font = '28px sans-serif'; g.fillText('Card declined', 40, 110);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  const data = new DataTransfer();
  data.items.add(new File([blob], 'image.png', { type: 'image/png' }));
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
  (document.activeElement || document.body).dispatchEvent(event);
  return event.defaultPrevented;
})()`;

/** Runs in the page: drags files onto `selector` (dragenter, then dragover) and, when `drop`, drops them. */
const dragFiles = (selector: string, files: { name: string; text: string }[], drop: boolean) => `(() => {
  const data = new DataTransfer();
  for (const f of ${JSON.stringify(files)}) data.items.add(new File([f.text], f.name, { type: 'text/plain' }));
  const target = document.querySelector(${JSON.stringify(selector)});
  const fire = (type) => target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  fire('dragenter');
  fire('dragover');
  if (${drop}) fire('drop');
})()`;

const thumbnailLoaded = (page: Page, name: string) =>
  page.waitForFunction(
    `(() => {
      const tile = [...document.querySelectorAll('.attachment-open')].find((b) => b.querySelector('.attachment-name').textContent === ${JSON.stringify(name)});
      const img = tile && tile.querySelector('img');
      return !!img && img.complete && img.naturalWidth > 0;
    })()`,
  );

it('a User pastes a screenshot, drops files and picks files on the selected test; thumbnails load and the row counts them', async () => {
  const page = await h.signIn(user.token);
  const panel = await openRun(page);
  expect(await panel.getByRole('button', { name: 'Attach files' }).isVisible()).toBe(true);

  // Ctrl/Cmd+V of an image: the page takes the clipboard's file (the row keeps the keyboard).
  expect(await page.evaluate(PASTE_SCREENSHOT)).toBe(true);
  const pasted = fileList(page).getByRole('button', { name: /^Open screenshot-.*\.png / });
  await pasted.waitFor();
  const pastedName = (await pasted.locator('.attachment-name').textContent())!;
  await thumbnailLoaded(page, pastedName);

  // Dragging files over the panel shows where they go; dropping them attaches them.
  await page.evaluate(dragFiles('.run-panel', [{ name: 'console.log', text: 'TypeError: card is undefined\n' }], false));
  await page.getByText('Drop files to attach them to the result of Pay 0').waitFor();
  await checkScreen(page, 'execute-attach-dragging');
  await page.evaluate(
    dragFiles(
      '.run-panel',
      [
        { name: 'console.log', text: 'TypeError: card is undefined\n' },
        { name: 'steps.txt', text: '1. Pay\n2. See the error\n' },
      ],
      true,
    ),
  );
  await tile(page, 'console.log').waitFor();
  await tile(page, 'steps.txt').waitFor();
  // A file dropped beside the panel stays with the page (the browser does not open it in the app's
  // place) and attaches nothing.
  const strayDrop = `(() => {
    const data = new DataTransfer();
    data.items.add(new File(['x'], 'stray.txt', { type: 'text/plain' }));
    const event = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
    document.querySelector('.run-scroll').dispatchEvent(event);
    return event.defaultPrevented;
  })()`;
  expect(await page.evaluate(strayDrop)).toBe(true);
  await waitForSettled(page);
  expect(await tile(page, 'stray.txt').count()).toBe(0);
  expect(await page.getByText('Drop files to attach them to the result of Pay 0').count()).toBe(0);

  // The button's file picker (the input it opens).
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'trace.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 not really a zip') });
  await tile(page, 'trace.zip').waitFor();
  await waitForSettled(page);

  // Stored on the test's current result in this run, the row counting them.
  const files = await runFiles();
  expect(files.map((f) => f.fileName).sort()).toEqual(['console.log', pastedName, 'steps.txt', 'trace.zip'].sort());
  const [entry] = (await h.t.as(reader.token).get('/run/test-status-history', { runId, testId: testIds[0] }).expect(200)).body.data;
  expect(new Set(files.map((f) => f.historyId))).toEqual(new Set([entry.historyId]));
  expect((await runTest(testIds[0])).attachmentCount).toBe(4);
  await row(page, 0).locator('.run-row-files', { hasText: '4' }).waitFor();
  await checkScreen(page, 'execute-attachments');
});

it('shows the progress of a large upload', async () => {
  const page = await h.signIn(user.token);
  const panel = await openRun(page);
  // Uploads at 256 KB/s, so 900 KB take a few seconds to go.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * KB });
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'video.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(900 * KB, 7) });
  const bar = page.getByRole('progressbar', { name: 'Uploading 1 file' });
  await bar.waitFor();
  // Part of the body has gone, not all of it: the bar moves with the upload.
  await page.waitForFunction(
    `(() => { const p = document.querySelector('.attachment-progress progress'); return !!p && p.value > 0.05 && p.value < 0.95; })()`,
  );
  await page.getByText(/Uploading 1 file… \d+%/).waitFor();
  await tile(page, 'video.bin').waitFor({ timeout: 30_000 });
  expect(await bar.count()).toBe(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  expect((await runFiles()).find((f) => f.fileName === 'video.bin')?.size).toBe(900 * KB);
});

it('the viewer opens from a thumbnail by keyboard, moves with the arrows, keeps the run keys off, and closes with Escape back to the tile', async () => {
  const page = await h.signIn(user.token);
  await openRun(page);
  const names = (await runFiles()).map((f) => f.fileName); // newest first, as the tiles
  const screenshot = names.find((n) => n.startsWith('screenshot-'))!;
  const at = names.indexOf(screenshot);
  await tile(page, screenshot).focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: screenshot });
  await viewer.waitFor();
  await page.waitForFunction(
    `(() => { const img = document.querySelector('dialog[open] img.attachment-large'); return !!img && img.complete && img.naturalWidth === 320; })()`,
  );
  await viewer.getByText(`${at + 1} of ${names.length}`).waitFor();
  await checkScreen(page, 'execute-attachment-viewer');

  // The run's keys belong to the dialog while it is open: p marks nothing.
  await page.keyboard.press('p');
  // The pasted screenshot is the oldest file, the last: → stays, ← goes to the newer text file, → comes back.
  expect(at).toBe(names.length - 1);
  await page.keyboard.press('ArrowRight');
  await viewer.getByText(`${at + 1} of ${names.length}`).waitFor();
  await page.keyboard.press('ArrowLeft');
  const text = page.getByRole('dialog', { name: names[at - 1] });
  await text.getByRole('link', { name: 'Open in a new tab' }).waitFor();
  await text.getByText(`${at} of ${names.length}`).waitFor();
  await page.keyboard.press('ArrowRight');
  await viewer.waitFor();
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'hidden' });
  expect(await page.evaluate('document.activeElement && document.activeElement.querySelector(".attachment-name").textContent')).toBe(
    screenshot,
  );
  await waitForSettled(page);
  expect((await runTest(testIds[0])).status).toBe('untested');
});

it('deletes a file after a confirm; the list and the row count follow', async () => {
  const page = await h.signIn(user.token);
  await openRun(page);
  const before = (await runTest(testIds[0])).attachmentCount;
  await page.getByRole('button', { name: 'Delete console.log' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete console.log?' });
  await confirm.waitFor();
  // Cancel keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await waitForSettled(page);
  expect((await runFiles()).some((f) => f.fileName === 'console.log')).toBe(true);
  await page.getByRole('button', { name: 'Delete console.log' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await tile(page, 'console.log').waitFor({ state: 'detached' });
  // The keyboard is on the files' heading, not lost at the page's start.
  await page.waitForFunction(`document.activeElement && document.activeElement.textContent.startsWith('Files in this run')`);
  await waitForSettled(page);
  expect((await runFiles()).some((f) => f.fileName === 'console.log')).toBe(false);
  expect((await runTest(testIds[0])).attachmentCount).toBe(before - 1);
  await row(page, 0)
    .locator('.run-row-files', { hasText: String(before - 1) })
    .waitFor();
});

it('a later result keeps the files in its history entry; the panel lists them there', async () => {
  const page = await h.signIn(user.token);
  const panel = await openRun(page);
  await page.keyboard.press('f'); // a new result: the files stay with the earlier one
  await waitForSettled(page);
  await row(page, 0).click();
  const older = panel.locator('.run-history > li').nth(1);
  const links = older.getByRole('list', { name: /^Files of the result of / });
  await links.getByRole('link', { name: 'steps.txt' }).waitFor();
  const href = await links.getByRole('link', { name: 'steps.txt' }).getAttribute('href');
  const id = (await runFiles()).find((f) => f.fileName === 'steps.txt')!.attachmentId;
  expect(href).toBe(`/api/v1/attachment/download?projectId=${projectId}&attachmentId=${id}`);
  expect(
    await panel
      .locator('.run-history > li')
      .first()
      .getByRole('list', { name: /^Files of/ })
      .count(),
  ).toBe(0);
});

it('a file over ATTACHMENT_MAX_MB is refused with the limit named, and nothing is stored', async () => {
  const page = await h.signIn(user.token);
  const panel = await openRun(page);
  const before = (await runFiles()).length;
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1100 * KB, 1) });
  const alert = panel.getByRole('alert').filter({ hasText: 'Not attached: a file is too large' });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('huge.bin: larger than the limit of 1 MB a file');
  await waitForSettled(page);
  expect((await runFiles()).length).toBe(before);
  await checkScreen(page, 'execute-attachment-too-large');
});

it('a Reader sees the files and opens them, but has no upload or delete, and a paste stores nothing', async () => {
  const page = await h.signIn(reader.token);
  const panel = await openRun(page);
  await tile(page, 'steps.txt').waitFor();
  expect(await panel.getByRole('button', { name: 'Attach files' }).count()).toBe(0);
  expect(await panel.locator('input[type=file]').count()).toBe(0);
  expect(await panel.getByRole('button', { name: /^Delete / }).count()).toBe(0);
  const before = (await runFiles()).length;
  expect(await page.evaluate(PASTE_SCREENSHOT)).toBe(false);
  await waitForSettled(page);
  expect((await runFiles()).length).toBe(before);
  await tile(page, 'steps.txt').click();
  await page.getByRole('dialog', { name: 'steps.txt' }).waitFor();
});

it('a run locked behind the page refuses an upload with 423; once shown locked it offers no upload or delete', async () => {
  const locked = (await startRun(h.t, user.token, projectId, testIds, 'Release 3.1')).runId;
  await upload(h.t, user.token, { projectId, testId: testIds[0], runId: locked }, [{ name: 'before.txt', content: 'kept' }]).expect(201);
  const page = await h.signIn(user.token);
  // Without the live feed, the page learns the lock only from the refusal.
  await page.route('**/api/v1/run/events**', (route) => route.abort());
  const panel = await openRun(page, locked);
  await h.t.as(user.token).put('/run/lock', { runId: locked, projectId }).expect(200);
  await panel.locator('input[type=file]').setInputFiles({ name: 'late.txt', mimeType: 'text/plain', buffer: Buffer.from('too late') });
  await panel.getByRole('alert').filter({ hasText: 'The run is locked' }).waitFor();
  expect((await listed({ testId: testIds[0], runId: locked })).map((f) => f.fileName)).toEqual(['before.txt']);
  // The refusal told the page: the banner shows, the upload and the deletion go; the file stays to be read.
  await page.getByTestId('locked-banner').waitFor();
  await panel.getByRole('button', { name: 'Attach files' }).waitFor({ state: 'detached' });
  expect(await panel.getByRole('button', { name: 'Delete before.txt' }).count()).toBe(0);
  await tile(page, 'before.txt').waitFor();
  expect(await page.evaluate(PASTE_SCREENSHOT)).toBe(false);
  await waitForSettled(page);
  expect(await listed({ testId: testIds[0], runId: locked })).toHaveLength(1);
});

it('a test case keeps its own files: add by button and drop, open in the viewer, delete after a confirm', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/tests/${testIds[1]}`);
  const files = page.getByRole('region', { name: /^Files/ });
  await files.waitFor();
  await files.getByText('No files.').waitFor();
  await files
    .locator('input[type=file]')
    .setInputFiles({ name: 'spec.txt', mimeType: 'text/plain', buffer: Buffer.from('Cards: Visa, Mastercard') });
  await tile(page, 'spec.txt').waitFor();
  await page.evaluate(dragFiles('.test-case-files', [{ name: 'data.csv', text: 'card,result\n4111,declined\n' }], false));
  await page.getByText('Drop files to attach them to this test case').waitFor();
  await page.evaluate(dragFiles('.test-case-files', [{ name: 'data.csv', text: 'card,result\n4111,declined\n' }], true));
  await tile(page, 'data.csv').waitFor();
  expect(await page.evaluate(PASTE_SCREENSHOT)).toBe(true);
  const pasted = tile(page, /^Open screenshot-.*\.png /);
  await pasted.waitFor();
  await thumbnailLoaded(page, (await pasted.locator('.attachment-name').textContent())!);
  await waitForSettled(page);

  // The test case's own files (no run), counted in its details; a run's files are not among them.
  const own = await listed({ testId: testIds[1] });
  expect(own.map((f) => f.fileName).slice(1)).toEqual(['data.csv', 'spec.txt']);
  expect((await h.t.as(reader.token).get('/test/details', { projectId, testId: testIds[1] }).expect(200)).body.data.attachmentCount).toBe(
    3,
  );
  await files.getByText('(3)').waitFor();
  await checkScreen(page, 'test-case-files');

  await tile(page, 'spec.txt').click();
  const viewer = page.getByRole('dialog', { name: 'spec.txt' });
  await viewer.waitFor();
  expect(await viewer.getByRole('link', { name: 'Open in a new tab' }).getAttribute('target')).toBe('_blank');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await viewer.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Delete spec.txt' }).click();
  await page.getByRole('dialog', { name: 'Delete spec.txt?' }).getByRole('button', { name: 'Delete' }).click();
  await tile(page, 'spec.txt').waitFor({ state: 'detached' });
  await waitForSettled(page);
  expect((await listed({ testId: testIds[1] })).map((f) => f.fileName)).not.toContain('spec.txt');
  await files.getByText('(2)').waitFor();
});

it('an upload past the organization’s quota is refused (507) with the quota named', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/tests/${testIds[2]}`);
  const files = page.getByRole('region', { name: /^Files/ });
  await files.getByText('No files.').waitFor();
  // About 1 MB is stored; four more of 900 KB pass the 4 MB quota.
  const big = (n: number) => ({ name: `part-${n}.bin`, mimeType: 'application/octet-stream', buffer: Buffer.alloc(900 * KB, n) });
  await files.locator('input[type=file]').setInputFiles([big(1), big(2), big(3), big(4)]);
  const alert = files.getByRole('alert').filter({ hasText: 'the organization has no room left' });
  await alert.waitFor({ timeout: 30_000 });
  expect(await alert.textContent()).toContain('quota of 4 MB');
  await waitForSettled(page);
  expect(await listed({ testId: testIds[2] })).toEqual([]);
});
