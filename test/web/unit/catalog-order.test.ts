import { ariaSort, DEFAULT_ORDER, nextOrder, orderFromParams, withOrder } from '../../../web/src/features/test-cases/catalog-order';
import { sectionPath, sectionPathNames } from '../../../web/src/features/test-cases/section-tree';

// The catalog's order in the URL and its column headers, and the section path of a row.

describe('catalog order', () => {
  it('reads the order from the URL, falling back to the default for anything unknown', () => {
    expect(orderFromParams(new URLSearchParams('sort=title&order=desc'))).toEqual({ sort: 'title', order: 'desc' });
    expect(orderFromParams(new URLSearchParams('sort=priority'))).toEqual({ sort: 'priority', order: 'asc' });
    expect(orderFromParams(new URLSearchParams('sort=steps&order=sideways'))).toEqual(DEFAULT_ORDER);
    expect(orderFromParams(new URLSearchParams(''))).toEqual(DEFAULT_ORDER);
  });

  it('reverses the same column, starts another ascending (the last change newest first)', () => {
    expect(nextOrder(DEFAULT_ORDER, 'testId')).toEqual({ sort: 'testId', order: 'desc' });
    expect(nextOrder({ sort: 'title', order: 'desc' }, 'title')).toEqual({ sort: 'title', order: 'asc' });
    expect(nextOrder({ sort: 'title', order: 'desc' }, 'priority')).toEqual({ sort: 'priority', order: 'asc' });
    expect(nextOrder(DEFAULT_ORDER, 'updatedAt')).toEqual({ sort: 'updatedAt', order: 'desc' });
  });

  it('writes the order beside the filters, leaving the default out', () => {
    const params = new URLSearchParams('section=3&q=card');
    expect(withOrder(params, { sort: 'title', order: 'desc' }).toString()).toBe('section=3&q=card&sort=title&order=desc');
    expect(withOrder(new URLSearchParams('section=3&sort=title&order=desc'), DEFAULT_ORDER).toString()).toBe('section=3');
  });

  it("gives each header's aria-sort", () => {
    expect(ariaSort({ sort: 'title', order: 'asc' }, 'title')).toBe('ascending');
    expect(ariaSort({ sort: 'title', order: 'desc' }, 'title')).toBe('descending');
    expect(ariaSort({ sort: 'title', order: 'desc' }, 'testId')).toBe('none');
  });
});

describe('section path', () => {
  const sections = [
    { sectionId: 1, sectionName: 'Checkout', parentSectionId: null, depth: 0 },
    { sectionId: 2, sectionName: 'Cards', parentSectionId: 1, depth: 1 },
    { sectionId: 3, sectionName: 'Happy path', parentSectionId: 2, depth: 2 },
  ];
  it('names every section from the top down', () => {
    expect(sectionPathNames(sections, 3)).toEqual(['Checkout', 'Cards', 'Happy path']);
    expect(sectionPath(sections, 3)).toBe('Checkout > Cards > Happy path');
    expect(sectionPathNames(sections, 99)).toEqual([]);
  });
});
