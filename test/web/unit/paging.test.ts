import { nextOffset, previousOffset, rangeText } from '../../../web/src/lib/paging';

it('names the range shown, or what the list calls empty', () => {
  expect(rangeText({ offset: 0, limit: 25, total: 0 })).toBe('0 of 0');
  expect(rangeText({ offset: 0, limit: 25, total: 0 }, 'No members')).toBe('No members');
  expect(rangeText({ offset: 0, limit: 25, total: 3 })).toBe('1–3 of 3');
  expect(rangeText({ offset: 25, limit: 25, total: 60 })).toBe('26–50 of 60');
  expect(rangeText({ offset: 50, limit: 25, total: 60 })).toBe('51–60 of 60');
  expect(rangeText({ offset: 0, limit: 50, total: 120 })).toBe('1–50 of 120');
  expect(rangeText({ offset: 100, limit: 50, total: 120 })).toBe('101–120 of 120');
});

it('offers previous and next pages only when they exist', () => {
  expect(previousOffset({ offset: 0, limit: 25, total: 60 })).toBeUndefined();
  expect(previousOffset({ offset: 10, limit: 25, total: 60 })).toBe(0);
  expect(previousOffset({ offset: 50, limit: 25, total: 60 })).toBe(25);
  expect(nextOffset({ offset: 25, limit: 25, total: 60 })).toBe(50);
  expect(nextOffset({ offset: 50, limit: 25, total: 60 })).toBeUndefined();
  expect(nextOffset({ offset: 0, limit: 25, total: 25 })).toBeUndefined();
});
