import { nextOffset, pageSummary, previousOffset } from '../../../web/src/features/users/paging';

it('summarises a page of members', () => {
  expect(pageSummary({ offset: 0, limit: 25, total: 0 })).toBe('No members');
  expect(pageSummary({ offset: 0, limit: 25, total: 3 })).toBe('1–3 of 3');
  expect(pageSummary({ offset: 25, limit: 25, total: 60 })).toBe('26–50 of 60');
  expect(pageSummary({ offset: 50, limit: 25, total: 60 })).toBe('51–60 of 60');
});

it('offers previous and next pages only when they exist', () => {
  expect(previousOffset({ offset: 0, limit: 25, total: 60 })).toBeUndefined();
  expect(previousOffset({ offset: 10, limit: 25, total: 60 })).toBe(0);
  expect(previousOffset({ offset: 50, limit: 25, total: 60 })).toBe(25);
  expect(nextOffset({ offset: 25, limit: 25, total: 60 })).toBe(50);
  expect(nextOffset({ offset: 50, limit: 25, total: 60 })).toBeUndefined();
  expect(nextOffset({ offset: 0, limit: 25, total: 25 })).toBeUndefined();
});
