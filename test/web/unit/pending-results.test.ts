import {
  enqueue,
  latestByTest,
  parsePending,
  retryDelay,
  settle,
  takeBatch,
  withPending,
  type PendingResult,
} from '../../../web/src/features/runs/pending-results';

// The marks waiting for the server (offline, signed out, a failed try): sent one batch at a time,
// a test's marks in order, a batch retried under its own Idempotency-Key, the latest mark shown.

const mark = (testId: number, status: PendingResult['status'], comment: string | null = null, runId = 7) => ({
  projectId: 3,
  runId,
  testId,
  status,
  comment,
});

it('sends the earliest mark of each test of the first run, and a later mark of a test only after its batch', () => {
  let list = enqueue([], mark(1, 'failed', 'Card declined'));
  list = enqueue(list, mark(2, 'passed'));
  list = enqueue(list, mark(1, 'passed', 'Fixed'));
  list = enqueue(list, mark(5, 'blocked', null, 8)); // another run
  const first = takeBatch(list, 'k1')!;
  expect(first.batch).toEqual({
    key: 'k1',
    projectId: 3,
    runId: 7,
    results: [
      { testId: 1, status: 'failed', comment: 'Card declined' },
      { testId: 2, status: 'passed', comment: null },
    ],
  });
  // Unanswered: the same batch again, with its first key (the server answers a repeat from the first).
  expect(takeBatch(first.list, 'k2')!.batch).toEqual(first.batch);
  list = settle(first.list, 'k1');
  const second = takeBatch(list, 'k3')!;
  expect(second.batch.results).toEqual([{ testId: 1, status: 'passed', comment: 'Fixed' }]);
  const third = takeBatch(settle(second.list, 'k3'), 'k4')!;
  expect(third.batch).toMatchObject({ runId: 8, results: [{ testId: 5, status: 'blocked' }] });
  expect(takeBatch(settle(third.list, 'k4'), 'k5')).toBeNull();
});

it('keeps a batch to at most `max` tests', () => {
  const list = [1, 2, 3].reduce<PendingResult[]>((l, id) => enqueue(l, mark(id, 'passed')), []);
  const { batch, list: next } = takeBatch(list, 'k', 2)!;
  expect(batch.results.map((r) => r.testId)).toEqual([1, 2]);
  expect(takeBatch(settle(next, 'k'), 'k2', 2)!.batch.results.map((r) => r.testId)).toEqual([3]);
});

it('shows the latest waiting mark of each test, flagged unsent, and leaves the other tests as they are', () => {
  let list = enqueue([], mark(1, 'failed', 'Card declined'));
  list = enqueue(list, mark(1, 'retest'));
  list = enqueue(list, mark(2, 'passed', null, 8));
  const latest = latestByTest(list, 7);
  expect([...latest.values()].map((r) => [r.testId, r.status])).toEqual([[1, 'retest']]);
  const served = [
    { testId: 1, status: 'untested' as const, comment: null, title: 'Pay' },
    { testId: 2, status: 'untested' as const, comment: null, title: 'Find' },
  ];
  const shown = withPending(served, latest);
  expect(shown[0]).toEqual({ testId: 1, status: 'retest', comment: null, defects: [], title: 'Pay', unsent: true });
  expect(shown[1]).toBe(served[1]);
  expect(withPending(served, new Map())).toBe(served);
});

it('reads back what it stored, and drops what is not a mark', () => {
  const list = takeBatch(enqueue(enqueue([], mark(1, 'failed', 'x')), mark(2, 'passed')), 'k1')!.list;
  expect(parsePending(JSON.stringify(list))).toEqual(list);
  expect(parsePending(null)).toEqual([]);
  expect(parsePending('not json')).toEqual([]);
  expect(parsePending('{"a":1}')).toEqual([]);
  expect(
    parsePending(JSON.stringify([mark(1, 'passed'), { ...mark(2, 'passed'), status: 'done' }, { ...mark(3, 'passed'), testId: -1 }, null])),
  ).toEqual([mark(1, 'passed')]);
});

it('waits 1, 2, 4 … up to 30 s between tries', () => {
  expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
