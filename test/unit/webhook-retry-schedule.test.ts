import { RETRY_WINDOW_MS, isRetriable, nextAttemptAt } from '../../src/domain/webhooks/retry-schedule';

/** The times of every attempt of a delivery that always fails, with `random` as the jitter. */
function attempts(baseMs: number, random: () => number): number[] {
  const first = new Date(Date.UTC(2026, 0, 1));
  const times = [0];
  let now = first;
  for (let attempt = 1; ; attempt++) {
    const next = nextAttemptAt(attempt, first, now, baseMs, random);
    if (!next) return times;
    times.push(next.getTime() - first.getTime());
    now = next;
  }
}

test.each([
  ['least jitter', () => 0],
  ['middling jitter', () => 0.5],
  ['most jitter', () => 0.999],
])('with the default base, a failing delivery is tried at least 8 times, over 24 hours and not beyond (%s)', (_what, random) => {
  const times = attempts(60_000, random);
  expect(times.length).toBeGreaterThanOrEqual(8);
  expect(times.at(-1)).toBe(RETRY_WINDOW_MS);
  // Each wait is longer than the one before: the backoff is exponential.
  const waits = times.slice(1).map((t, i) => t - times[i]);
  for (let i = 1; i < waits.length - 1; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
});

test('jitter spreads the retries of deliveries that failed together', () => {
  const first = new Date(0);
  const a = nextAttemptAt(3, first, first, 60_000, () => 0.1)!;
  const b = nextAttemptAt(3, first, first, 60_000, () => 0.9)!;
  expect(b.getTime() - a.getTime()).toBeGreaterThan(60_000);
});

test.each([
  [null, true],
  [429, true],
  [500, true],
  [503, true],
  [400, false],
  [404, false],
  [410, false],
])('an answer of %s is retried: %s', (status, retried) => {
  expect(isRetriable(status)).toBe(retried);
});
