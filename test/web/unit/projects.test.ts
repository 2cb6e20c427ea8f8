import { clampPage, pageCount } from '../../../web/src/features/projects/paging';
import { namedFields } from '../../../web/src/components/named-fields';

describe('project list paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount({ pageSize: 50, total: 0 })).toBe(1);
    expect(pageCount({ pageSize: 50, total: 50 })).toBe(1);
    expect(pageCount({ pageSize: 50, total: 51 })).toBe(2);
  });

  it('steps back to the last page when the list shrank below the current one', () => {
    expect(clampPage({ page: 3, pageSize: 50, total: 100 })).toBe(2);
    expect(clampPage({ page: 2, pageSize: 50, total: 0 })).toBe(1);
    expect(clampPage({ page: 2, pageSize: 50, total: 51 })).toBe(2);
  });
});

it('sends a trimmed name and no description for a blank one', () => {
  expect(namedFields('  Checkout ', '   ')).toEqual({ name: 'Checkout', description: null });
  expect(namedFields('Checkout', ' Web shop ')).toEqual({ name: 'Checkout', description: 'Web shop' });
});
