import { durationText, flakyReasonsText, percentText } from '../../../web/src/lib/insight-text';

// The words and numbers the dashboard, the Stability page and the run comparison share.

it('says why a test is flaky in words', () => {
  expect(flakyReasonsText(['flips', 'same_commit', 'flaky_in_run'])).toBe(
    'flips between passed and failed; passed and failed on one commit; passed on a rerun within one run',
  );
  expect(flakyReasonsText([])).toBe('');
});

it('shows shares as percents, with one decimal or whole', () => {
  expect([0, 0.4, 1 / 3, 1].map((x) => percentText(x))).toEqual(['0%', '40%', '33.3%', '100%']);
  expect([0, 0.3333, 0.5, 1].map((x) => percentText(x, 0))).toEqual(['0%', '33%', '50%', '100%']);
});

it('shows times as people read them', () => {
  expect([null, 0, 850, 1000, 1234, 3240, 59_940, 59_960, 125_000, 180_000].map(durationText)).toEqual([
    '—',
    '0 ms',
    '850 ms',
    '1 s',
    '1.2 s',
    '3.2 s',
    '59.9 s',
    '1 min',
    '2 min 5 s',
    '3 min',
  ]);
});
