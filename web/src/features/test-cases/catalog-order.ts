import type { paths } from '../../lib/api-types';

// The catalog list's order, in the URL beside the filters (?sort=title&order=desc); the
// default order (by id, ascending) is left out of it. Plain TypeScript.

type ListQuery = NonNullable<paths['/api/v1/project/tests']['get']['parameters']['query']>;
export type TestSort = NonNullable<ListQuery['sort']>;
export type SortOrder = NonNullable<ListQuery['order']>;
export interface TestOrder {
  sort: TestSort;
  order: SortOrder;
}
export const DEFAULT_ORDER: TestOrder = { sort: 'testId', order: 'asc' };

/** The sortable columns, in the list's order, with their headings. */
export const SORT_COLUMNS = [
  { sort: 'testId', label: 'ID' },
  { sort: 'title', label: 'Title' },
  { sort: 'priority', label: 'Priority' },
  { sort: 'updatedAt', label: 'Last change' },
] as const satisfies readonly { sort: TestSort; label: string }[];
const SORTS: readonly string[] = SORT_COLUMNS.map((c) => c.sort);

export function orderFromParams(params: URLSearchParams): TestOrder {
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    sort: sort !== null && SORTS.includes(sort) ? (sort as TestSort) : DEFAULT_ORDER.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_ORDER.order,
  };
}

export const isDefaultOrder = (o: TestOrder) => o.sort === DEFAULT_ORDER.sort && o.order === DEFAULT_ORDER.order;

/**
 * The order after choosing a column: the same column again reverses it; another starts
 * ascending, except the last change, which starts with the newest.
 */
export function nextOrder(current: TestOrder, sort: TestSort): TestOrder {
  if (current.sort === sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: sort === 'updatedAt' ? 'desc' : 'asc' };
}

/** The params with the order set; the default order leaves no trace in the URL. */
export function withOrder(params: URLSearchParams, order: TestOrder): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('sort');
  next.delete('order');
  if (!isDefaultOrder(order)) {
    next.set('sort', order.sort);
    next.set('order', order.order);
  }
  return next;
}

/** A column header's aria-sort. */
export const ariaSort = (current: TestOrder, sort: TestSort) =>
  current.sort !== sort ? ('none' as const) : current.order === 'asc' ? ('ascending' as const) : ('descending' as const);
