import type { paths } from '../../lib/api-types';
import type { TestFilters } from './api/get-tests';

// The catalog's filters live in the URL (?section=3&priority=1&q=login), so a filtered view
// survives a reload and can be shared. Plain TypeScript.

const keys = {
  sectionId: 'section',
  priorityId: 'priority',
  labelId: 'label',
  squadId: 'squad',
  automationStatusId: 'automation',
} as const satisfies Record<Exclude<keyof TestFilters, 'search'>, string>;
export type IdFilter = keyof typeof keys;

const positiveId = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function filtersFromParams(params: URLSearchParams): TestFilters {
  const filters: TestFilters = {};
  for (const [field, key] of Object.entries(keys) as [IdFilter, string][]) {
    const id = positiveId(params.get(key));
    if (id !== undefined) filters[field] = id;
  }
  const search = params.get('q')?.trim();
  if (search) filters.search = search;
  return filters;
}

/** The params with one filter set (or removed when undefined/empty). */
export function withFilter(params: URLSearchParams, field: keyof TestFilters, value: number | string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  const key = field === 'search' ? 'q' : keys[field];
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, String(value));
  return next;
}

// The list's order lives in the URL too (?sort=title&order=desc); the default order (by id,
// ascending) is left out of it.

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
