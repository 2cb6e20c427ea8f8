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
