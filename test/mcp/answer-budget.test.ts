import crypto from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ANSWER_BUDGET, answerText, fitValue, headerPage, LIST_TEXT_MAX } from '../../src/mcp/answer-budget';
import { requiredParams, tools, toolsByName } from '../../src/mcp/tools';
import { TOOLSETS } from '../../src/mcp/toolsets';
import { createWorld, type World } from '../support/factories';
import { connectMcp, dataOf, restAs, startRealApp, textOf, type McpSession, type RunningApp } from './support';

// Answers that fit an assistant's context, on a 5,000-test project through the real
// `casebook mcp` and the SDK client: every list tool answers one line of JSON under
// 80,000 characters (20,000 tokens at 4 characters a token) and says total, returned,
// hasMore and where to go on; a page over the budget is cut at a row boundary and
// says so; long text in list rows is shortened with a marker, the details tools give
// it whole; downloads answer a summary and the REST call for the whole file.

type Rec = Record<string, unknown>;
type Page = Rec & { total: number; returned: number; hasMore: boolean; nextOffset?: number; truncated?: boolean; note?: string };

const TESTS = 5000;
const STEPS = 'Open the checkout page, add an item, pay by card and check the receipt. '.repeat(70); // 5,040 characters
const COMMENT = 'AssertionError: expected the receipt to show the total, got an empty page. '.repeat(27); // 2,025 characters

let app: RunningApp;
let w: World;
let mcp: McpSession;
let projectId: number;
let runId: number;
let testIds: number[];
let webhookId: number;
/** The largest answer seen per tool, in characters, and each list tool's default page. */
const largest = new Map<string, number>();
const defaultPage = new Map<string, number>();

const rest = (method: string, path: string, body?: unknown) => restAs(app.url, w.admin.token).call<Rec>(method, path, body);

/** A call's text: measured, one line of compact JSON, within the budget. */
async function answer(name: string, args: Rec): Promise<{ text: string; data: Page }> {
  const result: CallToolResult = await mcp.call(name, args);
  const text = textOf(result);
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  largest.set(name, Math.max(largest.get(name) ?? 0, text.length));
  expect([name, text.length <= ANSWER_BUDGET]).toEqual([name, true]);
  const data = JSON.parse(text) as Page;
  expect(text).toBe(JSON.stringify(data)); // no pretty-printing
  return { text, data };
}

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  projectId = w.projectA.projectId;
  // Every set, the opt-in ones too: every list tool is measured.
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ['--toolsets', TOOLSETS.join(',')]);

  // A webhook with 60 delivery attempts (as the queue's worker records them), each with a 4 KB answer.
  webhookId = Number(
    (await rest('POST', '/webhook/create', { orgId: w.orgA.orgId, url: 'https://203.0.113.10/hook', events: ['run.completed'] })).webhookId,
  );
  const eventId = String((await rest('POST', '/webhook/test', { webhookId })).eventId);
  await app.db.webhookDelivery.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      webhookId,
      eventId,
      jobId: crypto.randomUUID(),
      attempt: i + 1,
      statusCode: 503,
      requestBody: '{"id":"x"}',
      responseBody: 'x'.repeat(4096),
    })),
  });

  // 120 sections, 60 labels and squads: more than a default page of each.
  const sectionIds: number[] = [];
  for (let i = 0; i < 120; i++)
    sectionIds.push(Number((await rest('POST', '/project/add-section', { projectId, sectionName: `Area ${i}` })).sectionId));
  await rest('POST', '/project/add-labels', { projectId, labels: Array.from({ length: 60 }, (_, i) => `label-${i}`) });
  await rest('POST', '/project/add-squads', { projectId, squads: Array.from({ length: 60 }, (_, i) => `squad-${i}`) });

  // 5,000 tests in two bulk calls; every tenth with 5,040 characters of steps.
  testIds = [];
  for (let from = 0; from < TESTS; from += 2500) {
    const tests = Array.from({ length: 2500 }, (_, k) => {
      const i = from + k;
      return {
        title: `Checkout case ${i}`,
        sectionId: sectionIds[i % sectionIds.length],
        ...(i % 10 === 0 ? { steps: STEPS, expectedResult: 'A receipt' } : {}),
      };
    });
    testIds.push(...((await rest('POST', '/test/bulk-add', { projectId, tests })).testIds as number[]));
  }

  // A run of all of them, every fifth failed with a 2,025-character comment, and one test changed 60 times.
  runId = Number((await rest('POST', '/run/create', { projectId, runName: 'Nightly', testIds })).runId);
  const testResults = testIds.map((testId, i) =>
    i % 5 === 0 ? { testId, status: 'failed', comment: COMMENT } : { testId, status: 'passed' },
  );
  await rest('PUT', '/run/update-test-status', { runId, projectId, testResults });
  for (let i = 0; i < 60; i++) {
    await rest('PUT', '/run/update-test-status', {
      runId,
      projectId,
      testResults: [{ testId: testIds[0], status: i % 2 ? 'passed' : 'failed', comment: `${i} ${COMMENT}` }],
    });
  }
}, 180_000);

afterAll(async () => {
  await mcp?.close();
  await app?.close();
  if (largest.size) {
    const rows = [...largest]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, size]) => `  ${name.padEnd(32)} ${String(defaultPage.get(name) ?? '').padStart(13)} ${String(size).padStart(8)}`);
    process.stdout.write(
      `Answer sizes in characters (budget ${ANSWER_BUDGET}):\n  ${'tool'.padEnd(32)}  default page  largest\n${rows.join('\n')}\n`,
    );
  }
});

/** Required arguments of a tool from the project's ids. */
function argsFor(name: string): Rec {
  const pool: Rec = { projectId, runId, testId: testIds[0], orgId: w.orgA.orgId, userId: w.admin.userId, webhookId };
  const spec = tools.find((t) => t.name === name)!;
  return Object.fromEntries(
    requiredParams(spec).map((p) => {
      if (!(p in pool)) throw new Error(`${name}: no value for ${p} in the test's pool`);
      return [p, pool[p]];
    }),
  );
}

const listTools = tools.filter((t) => t.paged);

it('covers every list tool', () => {
  expect(listTools.length).toBeGreaterThanOrEqual(17);
});

it.each(listTools.map((t) => t.name))('%s: a default page stays under the budget and says total, returned and hasMore', async (name) => {
  const { text, data } = await answer(name, argsFor(name));
  defaultPage.set(name, text.length);
  const rows = Object.values(data).find(Array.isArray) as unknown[];
  expect(data).toMatchObject({ total: expect.any(Number), returned: rows.length, hasMore: expect.any(Boolean) });
  expect(data.hasMore).toBe(rows.length < data.total);
  // A full page: 50 rows, or the tool's own default (get-test-stability's 25).
  if (data.hasMore && !data.truncated) expect(rows).toHaveLength((toolsByName.get(name)!.defaults?.limit as number | undefined) ?? 50);
  if (data.hasMore) expect(data.nextOffset ?? data.nextPage).toEqual(expect.any(Number));
});

it.each(listTools.map((t) => t.name))('%s: the largest page stays under the budget', async (name) => {
  const spec = tools.find((t) => t.name === name)!;
  const { data } = await answer(name, { ...argsFor(name), ...(spec.paged === 'page' ? { pageSize: 1000 } : { limit: 1000 }) });
  const rows = Object.values(data).find(Array.isArray) as unknown[];
  expect(data.returned).toBe(rows.length);
  if (data.truncated) expect(data.note).toMatch(/^Cut after \d+ of the \d+ rows of this page/);
});

it('reports more pages of the big lists', async () => {
  for (const [name, total] of [
    ['get-tests', TESTS],
    ['get-run-tests-list', TESTS],
    ['get-run-test-status', TESTS],
    ['get-sections', 120],
    ['get-labels', 60],
    ['get-squads', 60],
  ] as const) {
    const { data } = await answer(name, argsFor(name));
    expect([name, data.total, data.returned, data.hasMore, data.nextOffset]).toEqual([name, total, 50, true, 50]);
  }
  const failed = (await answer('get-run-test-status', { runId, projectId, status: 'failed', offset: 950 })).data;
  expect(failed).toMatchObject({ total: 999, returned: 49, hasMore: false, offset: 950, limit: 50 });
});

it('cuts a page over the budget at a row boundary, says so, and goes on from there', async () => {
  // Whole rows (fields "*"): a thousand of them are over the budget.
  const { text, data } = await answer('get-tests', { projectId, limit: 1000, offset: 100, fields: ['*'] });
  const rows = data.tests as { testId: number; updatedAt: string }[];
  expect(text.length).toBeGreaterThan(ANSWER_BUDGET - 2000); // as many rows as fit
  expect(data).toMatchObject({ total: TESTS, limit: 1000, offset: 100, returned: rows.length, hasMore: true, truncated: true });
  expect(rows.length).toBeGreaterThan(50);
  expect(rows.length).toBeLessThan(1000);
  expect(data.nextOffset).toBe(100 + rows.length);
  expect(data.note).toBe(
    `Cut after ${rows.length} of the 1000 rows of this page to keep the answer under 80000 characters (about 20000 tokens); ` +
      `call again with offset=${data.nextOffset} for the rest (limit=${rows.length} pages without cuts).`,
  );
  // Whole rows, in order, and the next call starts right after the last one.
  expect(rows.map((r) => r.testId)).toEqual(testIds.slice(100, 100 + rows.length));
  for (const row of rows) expect(row.updatedAt).toEqual(expect.any(String));
  const next = (await answer('get-tests', { projectId, limit: 5, offset: data.nextOffset })).data;
  expect((next.tests as { testId: number }[]).map((r) => r.testId)).toEqual(testIds.slice(data.nextOffset, data.nextOffset! + 5));
});

it('cuts a history whose rows are whole text at a row boundary too', async () => {
  const history = (await answer('get-test-status-history-in-run', { runId, testId: testIds[0] })).data;
  const rows = history.items as { comment: string }[];
  expect(history).toMatchObject({ total: 62, limit: 50, offset: 0, hasMore: true, truncated: true, nextOffset: rows.length });
  expect(rows.length).toBeLessThan(50);
  // Its comments are whole: this is where a list's shortened comment points.
  expect(rows[0].comment).toBe(`59 ${COMMENT}`);
  const rest2 = (await answer('get-test-status-history-in-run', { runId, testId: testIds[0], offset: history.nextOffset, limit: 30 })).data;
  expect((rest2.items as unknown[]).length + rows.length).toBe(Math.min(62, rows.length + 30));
});

it('pages a history through REST by cursor and by offset: every entry once, newest first', async () => {
  const all = (await rest('GET', `/run/test-status-history?runId=${runId}&testId=${testIds[0]}`)) as unknown as {
    historyId: number;
  }[];
  expect(all).toHaveLength(62);
  const whole = all.map((e) => e.historyId);
  const args = { runId, testId: testIds[0], limit: 20 };
  // By cursor: each page names the next one until the last.
  const byCursor: number[] = [];
  let cursor: string | undefined;
  const seen: Page[] = [];
  do {
    const { data } = await answer('get-test-status-history-in-run', { ...args, ...(cursor ? { cursor } : {}) });
    seen.push(data);
    byCursor.push(...(data.items as { historyId: number }[]).map((e) => e.historyId));
    cursor = data.nextCursor as string | undefined;
  } while (cursor && seen.length < 10);
  expect(byCursor).toEqual(whole);
  expect(seen.map((p) => [p.total, p.returned, p.hasMore, p.nextCursor !== undefined])).toEqual([
    [62, 20, true, true],
    [62, 20, true, true],
    [62, 20, true, true],
    [62, 2, false, false],
  ]);
  expect(seen[1]).toMatchObject({ cursor: seen[0].nextCursor, offset: 0, limit: 20, nextOffset: 20 });
  // By offset, as before.
  const byOffset: number[] = [];
  for (let offset = 0; offset < 62; offset += 20) {
    const { data } = await answer('get-test-status-history-in-run', { ...args, offset });
    expect(data).toMatchObject({ total: 62, offset, hasMore: offset + 20 < 62 });
    byOffset.push(...(data.items as { historyId: number }[]).map((e) => e.historyId));
  }
  expect(byOffset).toEqual(whole);
  // A page cut for the budget names no cursor (it would skip the rows cut): its offset, with the same cursor, goes on.
  const cut = (await answer('get-test-status-history-in-run', { runId, testId: testIds[0], limit: 50, cursor: seen[0].nextCursor })).data;
  const shown = (cut.items as { historyId: number }[]).map((e) => e.historyId);
  expect(cut).toMatchObject({ total: 62, truncated: true, hasMore: true, nextOffset: shown.length });
  expect(cut.nextCursor).toBeUndefined();
  expect(cut.note).toContain(`call again with offset=${shown.length} and the same cursor for the rest`);
  const after = (await answer('get-test-status-history-in-run', { ...args, cursor: seen[0].nextCursor, offset: shown.length })).data;
  expect([...shown, ...(after.items as { historyId: number }[]).map((e) => e.historyId)]).toEqual(whole.slice(20, 40 + shown.length));
  // A bad cursor is REST's 400, in the tool's words.
  const bad = await mcp.call('get-test-status-history', { testId: testIds[0], projectId, cursor: 'nope!' });
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toMatch(/^❌ Error: Invalid request: cursor: Not a cursor of this list/);
});

it('shortens long text in list rows with a marker; the details tools give it whole', async () => {
  const long = testIds[10];
  // Fields asked for are cut at the list's length, with the marker naming where the whole text is.
  const page = (await answer('get-tests', { projectId, limit: 2, offset: 10, fields: ['testId', 'title', 'steps'] })).data;
  const [row, plain] = page.tests as { testId: number; steps: string | null; title: string }[];
  expect(row.testId).toBe(long);
  expect(row.steps).toBe(`${STEPS.slice(0, LIST_TEXT_MAX)}…[+${STEPS.length - LIST_TEXT_MAX} chars; get-test-details has the full text]`);
  expect(plain).toMatchObject({ steps: null, title: 'Checkout case 11' });
  const details = (await answer('get-test-details', { testId: long, projectId })).data;
  expect(details.steps).toBe(STEPS);

  const inRun = (await answer('get-run-test-status', { runId, projectId, status: 'failed', limit: 1, offset: 1, fields: ['*'] })).data;
  expect((inRun.tests as { comment: string }[])[0].comment).toBe(
    `${COMMENT.slice(0, LIST_TEXT_MAX)}…[+${COMMENT.length - LIST_TEXT_MAX} chars; get-test-status-history-in-run has the full text]`,
  );
});

it('download-tests gives a summary and the REST call for the whole file', async () => {
  for (const format of ['json', 'csv'] as const) {
    const { data } = await answer('download-tests', { projectId, format });
    const fetchHint = data.fetch as { method: string; url: string; headers: Rec; curl: string };
    const url = `${app.url}/api/v1/tests/download?projectId=${projectId}&format=${format}`;
    expect(fetchHint).toEqual({
      method: 'GET',
      url,
      headers: { Authorization: 'Bearer <your Casebook API token>' },
      curl: `curl -fsS -H "Authorization: Bearer $CASEBOOK_TOKEN" -o '${String(data.filename)}' '${url}'`,
    });
    expect(data).toMatchObject({ format, count: TESTS, first: expect.any(Array) });
    expect(data.first).toHaveLength(10);
    // The call named fetches the whole file, of the size the summary gives.
    const file = await fetch(url, { headers: { Authorization: `Bearer ${w.admin.token}` } });
    const body = Buffer.from(await file.arrayBuffer());
    expect(file.status).toBe(200);
    expect(body.length).toBe(data.bytes);
    expect(body.length).toBeGreaterThan(ANSWER_BUDGET * 10);
    if (format === 'json') expect((JSON.parse(body.toString()) as unknown[]).length).toBe(TESTS);
  }
});

it('download-report gives the run, its counts and first tests, and the REST call for the file', async () => {
  const { data } = await answer('download-report', { runId, projectId });
  expect(data).toMatchObject({
    format: 'json',
    run: { runId, runName: 'Nightly' },
    project: { projectId },
    summary: { total: TESTS, passed: 4001, failed: 999 },
    count: TESTS,
  });
  expect(data.first).toHaveLength(10);
  expect((data.fetch as { url: string }).url).toBe(`${app.url}/api/v1/run/report?runId=${runId}&projectId=${projectId}&format=json`);

  const html = (await answer('download-report', { runId, projectId, format: 'html' })).data;
  expect(html).toMatchObject({ format: 'html', contentType: expect.stringContaining('text/html'), bytes: expect.any(Number) });
  expect(html.bytes).toBeGreaterThan(ANSWER_BUDGET * 10);
  expect(html).not.toHaveProperty('content');
});

it('answers every tool as compact JSON (no pretty-printing)', async () => {
  const { text } = await answer('get-project-detail', { projectId });
  expect(text).not.toContain('\n');
  expect(dataOf(await mcp.call('get-tests-count', { projectId }))).toEqual({ count: TESTS });
});

describe('the budget on its own (answer-budget.ts, with small budgets)', () => {
  const projects = Array.from({ length: 10 }, (_, i) => ({
    projectId: i + 1,
    projectName: `Project ${i + 1}`,
    projectDescription: 'x'.repeat(100),
  }));

  it('cuts a page/pageSize list at a row boundary and names the page that starts right after it', () => {
    const page = { projects, total: 95, page: 3, pageSize: 10 };
    const text = answerText(toolsByName.get('get-projects')!, page, undefined, 1200, ['*']);
    expect(text.length).toBeLessThanOrEqual(1200);
    const data = JSON.parse(text) as Page & { projects: Rec[]; nextPage: number; nextPageSize: number };
    const n = data.projects.length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(10);
    expect(data.projects).toEqual(projects.slice(0, n));
    expect(data).toMatchObject({ returned: n, hasMore: true, truncated: true });
    // Rows 20 .. 20+n-1 were given: the next page of nextPageSize rows starts at row 20+n.
    expect((data.nextPage - 1) * data.nextPageSize).toBe(20 + n);
    expect(data.nextPageSize).toBeLessThanOrEqual(n);
    expect(data.note).toContain(`call again with page=${data.nextPage} and pageSize=${data.nextPageSize}`);
  });

  it('gives a row alone over the budget with its longest fields cut, and says so', () => {
    const huge = [{ testId: 1, title: 'T', steps: 's'.repeat(5000), expectedResult: 'e'.repeat(3000) }];
    const page = headerPage(huge, new Headers({ 'X-Total-Count': '1' }), { limit: 50 });
    const text = answerText(toolsByName.get('get-test-status-history-in-run')!, page, undefined, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    const data = JSON.parse(text) as Page & { items: { testId: number; title: string; steps: string }[] };
    expect(data).toMatchObject({ total: 1, returned: 1, hasMore: false, truncated: true });
    expect(data.items[0]).toMatchObject({ testId: 1, title: 'T' });
    expect(data.items[0].steps).toMatch(/^s+…\[\+\d+ chars\]$/);
  });

  it('keeps a record over the budget whole in structure, its longest strings cut, and says so', () => {
    const record = { testId: 7, title: 'Long', steps: 'a'.repeat(50_000), preconditions: 'b'.repeat(40_000), labels: [1, 2] };
    const text = fitValue(record);
    expect(text.length).toBeLessThanOrEqual(ANSWER_BUDGET);
    const data = JSON.parse(text) as Rec & { steps: string; preconditions: string };
    expect(data).toMatchObject({ testId: 7, title: 'Long', labels: [1, 2], truncated: true });
    expect(data.note).toContain('over the 80000 an answer may have');
    expect(data.steps).toMatch(/^a+…\[\+\d+ chars\]$/);
    expect(data.preconditions).toMatch(/^b+…\[\+\d+ chars\]$/);
    // As much text as fits is kept.
    expect(text.length).toBeGreaterThan(ANSWER_BUDGET - 200);
    expect(fitValue({ a: 1 })).toBe('{"a":1}');
  });
});
