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
import { statusFromSteps, withPendingSteps } from '../../../web/src/features/runs/pending-steps';

// The marks waiting for the server (offline, signed out, a failed try): sent one batch at a time,
// a test's marks in order, a batch retried under its own Idempotency-Key, the latest mark shown;
// marks of single steps wait in the same queue and show on the test's steps.

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

const stepMark = (testId: number, index: number, status: PendingResult['status'], shown: PendingResult['status']) => ({
  ...mark(testId, shown, 'Card declined'),
  stepResults: [{ index, status }],
});

it('queues the marks of single steps with the others: in order, one per test a batch, kept and read back', () => {
  let list = enqueue([], stepMark(1, 2, 'passed', 'untested'));
  list = enqueue(list, mark(2, 'blocked'));
  list = enqueue(list, stepMark(1, 4, 'failed', 'failed'));
  list = enqueue(list, mark(1, 'passed')); // the whole test, after its steps
  const first = takeBatch(list, 'k1')!;
  expect(first.batch.results).toEqual([
    { testId: 1, status: 'untested', comment: 'Card declined', stepResults: [{ index: 2, status: 'passed' }] },
    { testId: 2, status: 'blocked', comment: null },
  ]);
  expect(parsePending(JSON.stringify(first.list))).toEqual(first.list);
  const second = takeBatch(settle(first.list, 'k1'), 'k2')!;
  expect(second.batch.results).toEqual([
    { testId: 1, status: 'failed', comment: 'Card declined', stepResults: [{ index: 4, status: 'failed' }] },
  ]);
  expect(takeBatch(settle(second.list, 'k2'), 'k3')!.batch.results).toEqual([{ testId: 1, status: 'passed', comment: null }]);
  // A step mark with damaged steps is left out whole (sent without them, it would have no status of its own).
  const damaged = [
    { ...stepMark(1, 2, 'passed', 'untested'), stepResults: [{ index: 0, status: 'passed' }] },
    { ...mark(2, 'passed'), stepResults: [] },
  ];
  expect(parsePending(JSON.stringify(damaged))).toEqual([]);
});

it("lays a test's waiting step marks over its steps, the latest of each step, flagged unsent", () => {
  const step = (index: number, result: { status: PendingResult['status']; comment: string | null } | null = null) => ({
    index,
    action: `Step ${index}`,
    expected: null,
    data: null,
    sharedSteps: null,
    result,
  });
  const served = [step(1, { status: 'passed', comment: 'ok' }), step(2), step(3)];
  let list = enqueue([], stepMark(1, 2, 'failed', 'failed'));
  list = enqueue(list, stepMark(1, 2, 'passed', 'untested'));
  list = enqueue(list, stepMark(2, 3, 'blocked', 'blocked')); // another test
  list = enqueue(list, { ...stepMark(1, 3, 'blocked', 'blocked'), runId: 8 }); // another run
  const shown = withPendingSteps(served, list, 7, 1);
  expect(shown.map((s) => s.result)).toEqual([
    { status: 'passed', comment: 'ok' },
    { status: 'passed', comment: null, unsent: true },
    null,
  ]);
  expect(shown[0]).toBe(served[0]);
  expect(withPendingSteps(served, [], 7, 1)).toBe(served);

  // The status the test takes from its steps, as the server sets it when a step mark comes without one.
  expect(statusFromSteps(shown, 'retest')).toBe('retest'); // step 3 has no result yet
  const withResult = (status: PendingResult['status']) => [...shown.slice(0, 2), step(3, { status, comment: null })];
  expect(statusFromSteps(withResult('passed'), 'retest')).toBe('passed');
  expect(statusFromSteps(withResult('blocked'), 'passed')).toBe('blocked');
  expect(statusFromSteps([step(1, { status: 'blocked', comment: null }), step(2, { status: 'failed', comment: null })], 'passed')).toBe(
    'failed',
  );
  expect(statusFromSteps([], 'untested')).toBe('untested');
});

it('waits 1, 2, 4 … up to 30 s between tries', () => {
  expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
