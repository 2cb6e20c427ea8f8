import { elapsedChangeText, shownCategory } from '../../../web/src/features/run-compare/compare-categories';

const totals = (t: Partial<Record<string, number>>) => ({
  new_failure: 0,
  fixed: 0,
  still_failing: 0,
  flaky_in_run: 0,
  added: 0,
  removed: 0,
  ...t,
});

it('shows the asked category, else New failures when there are any, else the first with tests', () => {
  expect(shownCategory(totals({ new_failure: 2, fixed: 5 }), null)).toBe('new_failure');
  expect(shownCategory(totals({ new_failure: 2 }), 'removed')).toBe('removed');
  expect(shownCategory(totals({ fixed: 5, added: 1 }), null)).toBe('fixed');
  expect(shownCategory(totals({ added: 1 }), 'nonsense')).toBe('added');
  expect(shownCategory(totals({}), null)).toBe('new_failure');
  expect(shownCategory(undefined, null)).toBe('new_failure');
});

it('says a time change with a sign, slower positive', () => {
  expect(elapsedChangeText(2200)).toBe('+2.2 s');
  expect(elapsedChangeText(-300)).toBe('−300 ms');
  expect(elapsedChangeText(0)).toBe('no change');
  expect(elapsedChangeText(null)).toBe('—');
});
