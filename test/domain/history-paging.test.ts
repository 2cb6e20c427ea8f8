import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// The status histories page like every other list, by limit/offset
// and by cursor, while their answer stays the bare array of entries the contract
// gives: the list's total comes in X-Total-Count and, while more entries follow,
// the next page's cursor in X-Next-Cursor. Without a limit a page holds up to 1000
// entries, so a history answers whole as before.

let t: TestApp;
let w: World;
let p: number;
let testId: number;
let runA: number;
let runB: number;

type Entry = Record<string, unknown> & { runId: number; comment: string | null; createdAt: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  [testId] = await createTests(t.db, p, 1);
  // Run A: created (untested) and 24 results; run B: created and 4 results, in between.
  runA = (await startRun(t, w.user.token, p, [testId], 'A')).runId;
  runB = (await startRun(t, w.user.token, p, [testId], 'B')).runId;
  const statuses = ['passed', 'failed', 'blocked', 'retest'];
  for (let i = 1; i <= 24; i++) {
    const at = i % 6 === 0 ? runB : runA;
    await t
      .as(w.user.token)
      .put('/run/update-test-status', { runId: at, projectId: p, testResults: [{ testId, status: statuses[i % 4], comment: `#${i}` }] })
      .expect(200);
  }
});
afterAll(() => t.close());

// Their queries are read once beforeAll has made the history.
const lists = [
  // 2 creations and 24 results across both runs.
  {
    path: '/test/status-history',
    get query() {
      return { testId, projectId: p };
    },
    total: 26,
    newest: '#24',
  },
  // Run A's creation and its 20 results (every sixth went to run B).
  {
    path: '/run/test-status-history',
    get query() {
      return { runId: runA, testId };
    },
    total: 21,
    newest: '#23',
  },
];

async function page(path: string, query: Record<string, unknown>) {
  const res = await t.as(w.reader.token).get(path, query).expect(200);
  return {
    entries: res.body.data as Entry[],
    total: res.headers['x-total-count'],
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}

const key = (e: Entry) => `${e.runId} ${e.comment ?? 'created'}`;

describe.each(lists.map((l) => [l.path, l] as const))('GET %s', (_path, list) => {
  it('answers the whole history without a limit, newest first, its total in X-Total-Count and no next cursor', async () => {
    const { entries, total, next } = await page(list.path, list.query);
    expect(entries).toHaveLength(list.total);
    expect(total).toBe(String(list.total));
    expect(next).toBeUndefined();
    // Newest first: the last result first, the run's creation last.
    expect(entries[0].comment).toBe(list.newest);
    expect(entries.at(-1)).toMatchObject({ runId: runA, comment: null, status: 'untested' });
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('walks by offset and by cursor, 10 at a time, through every entry once, newest first', async () => {
    const whole = (await page(list.path, list.query)).entries.map(key);
    const byOffset: string[] = [];
    for (let offset = 0; offset < list.total + 10; offset += 10) {
      const { entries, total } = await page(list.path, { ...list.query, limit: 10, offset });
      expect(total).toBe(String(list.total));
      byOffset.push(...entries.map(key));
    }
    const byCursor: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { entries, total, next } = await page(list.path, { ...list.query, limit: 10, ...(cursor ? { cursor } : {}) });
      expect(total).toBe(String(list.total));
      // A page with a next cursor is full; the last one has none.
      if (next) expect(entries).toHaveLength(10);
      byCursor.push(...entries.map(key));
      cursor = next;
      expect(++pages).toBeLessThanOrEqual(3);
    } while (cursor);
    expect(pages).toBe(3);
    expect(byOffset).toEqual(whole);
    expect(byCursor).toEqual(whole);
    expect(new Set(whole).size).toBe(list.total);
  });

  it('skips offset entries after a cursor; a full last page and a page past the end have no next cursor', async () => {
    const whole = (await page(list.path, list.query)).entries.map(key);
    const first = await page(list.path, { ...list.query, limit: 5 });
    expect(first.next).toEqual(expect.any(String));
    const skipped = await page(list.path, { ...list.query, limit: 5, offset: 3, cursor: first.next });
    expect(skipped.entries.map(key)).toEqual(whole.slice(8, 13));
    expect(skipped.next).toEqual(expect.any(String));

    const exact = await page(list.path, { ...list.query, limit: list.total });
    expect(exact.entries).toHaveLength(list.total);
    expect(exact.next).toBeUndefined();
    const past = await page(list.path, { ...list.query, offset: 1000 });
    expect(past).toEqual({ entries: [], total: String(list.total), next: undefined });
  });

  it.each([
    [{ limit: '0' }, 'limit: Must be at least 1'],
    [{ limit: '1001' }, 'limit: Must be at most 1000'],
    [{ limit: 'ten' }, 'limit: Expected an integer'],
    [{ offset: '-1' }, 'offset: Must be at least 0'],
    [{ cursor: '!!!' }, 'cursor: Not a cursor of this list: pass a nextCursor as it came'],
    [{ cursor: Buffer.from('[0]').toString('base64url') }, 'cursor: Not a cursor of this list: pass a nextCursor as it came'],
  ])('refuses %j with a 400 naming it', async (bad, message) => {
    const res = await t
      .as(w.reader.token)
      .get(list.path, { ...list.query, ...bad })
      .expect(400);
    expect(res.body.error).toBe(`Invalid request: ${message}`);
    expect(res.headers['x-total-count']).toBeUndefined();
  });

  it("answers 404 for another organization's caller, cursor or not", async () => {
    const { next } = await page(list.path, { ...list.query, limit: 1 });
    await t.as(w.adminB.token).get(list.path, list.query).expect(404);
    const res = await t
      .as(w.adminB.token)
      .get(list.path, { ...list.query, cursor: next })
      .expect(404);
    expect(res.headers['x-total-count']).toBeUndefined();
  });
});

it('reads the page ids from the index alone: entries before the page are never fetched', async () => {
  await t.db.$executeRawUnsafe('VACUUM (ANALYZE) status_history');
  // The id scans of both histories, as their queries run them: (test_id, id) and (run_id, test_id, id), backwards.
  const plans = await t.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    const plan = async (where: string) =>
      (
        await tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
          `EXPLAIN SELECT h.id FROM status_history h WHERE ${where} ORDER BY h.id DESC LIMIT 11 OFFSET 10`,
        )
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    return [await plan(`h.test_id = ${testId}`), await plan(`h.run_id = ${runA} AND h.test_id = ${testId}`)];
  });
  expect(plans[0]).toMatch(/Index Only Scan Backward using status_history_test_id_id_idx/);
  expect(plans[1]).toMatch(/Index Only Scan Backward using status_history_run_id_test_id_id_idx/);
});
