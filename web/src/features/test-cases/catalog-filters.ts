// The catalog's filters live in the URL (?section=3&priority=1&q=login&cf.area=search), so a
// filtered view survives a reload and can be shared. Custom field filters keep the API's own
// parameter names (cf.<key>, cf.<key>.gte, cf.<key>.lte). Plain TypeScript.

/** A filter by custom field, named as its query parameter: cf.<key>, cf.<key>.gte or cf.<key>.lte. */
export type FieldFilterParam = `cf.${string}`;

/** The catalog's filters; a section filter always covers its subsections. */
export interface TestFilters {
  sectionId?: number;
  priorityId?: number;
  labelId?: number;
  squadId?: number;
  automationStatusId?: number;
  search?: string;
  /** Custom field filters by parameter name, their values as the query sends them. */
  fields?: Partial<Record<FieldFilterParam, string>>;
}

const keys = {
  sectionId: 'section',
  priorityId: 'priority',
  labelId: 'label',
  squadId: 'squad',
  automationStatusId: 'automation',
} as const satisfies Record<Exclude<keyof TestFilters, 'search' | 'fields'>, string>;
export type IdFilter = keyof typeof keys;

/** What one filter control sets: a filter of its own, or a custom field filter by its parameter. */
export type FilterName = Exclude<keyof TestFilters, 'fields'> | FieldFilterParam;

const FIELD_PARAM = /^cf\.[a-z][a-z0-9_]{0,49}(\.(gte|lte))?$/;
const isFieldParam = (name: string): name is FieldFilterParam => FIELD_PARAM.test(name);

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
  const fields = [...params].filter(([name, value]) => isFieldParam(name) && value.trim() !== '');
  if (fields.length > 0) filters.fields = Object.fromEntries(fields.map(([name, value]) => [name, value.trim()]));
  return filters;
}

/** The params with one filter set (or removed when undefined/empty). */
export function withFilter(params: URLSearchParams, field: FilterName, value: number | string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  const key = isFieldParam(field) ? field : field === 'search' ? 'q' : keys[field];
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, String(value));
  return next;
}
