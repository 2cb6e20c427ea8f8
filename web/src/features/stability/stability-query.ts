import type { paths } from '../../lib/api-types';

// The Stability screen's view, filters, sort and page live in the address, under the API's own
// names (?window=&sectionId=&labelId=&sort=&flakyOnly=true&minFlips=&neverRun=true&staleDays=&offset=),
// so a filtered list survives a reload and the Dashboard links straight into it. One view at a
// time: neverRun, then staleDays, then flakyOnly decide it when a link carries several.

export type StabilityQuery = paths['/api/v1/project/test-stability']['get']['parameters']['query'];
export type StabilitySort = NonNullable<StabilityQuery['sort']>;

export const STABILITY_PAGE_SIZE = 50;
export const DEFAULT_WINDOW = 30;
export const MAX_WINDOW = 200;
export const DEFAULT_MIN_FLIPS = 3;
export const DEFAULT_STALE_DAYS = 30;

export type StabilityView = 'all' | 'flaky' | 'never' | 'stale';

export const SORTS: { value: StabilitySort; label: string }[] = [
  { value: 'flakiness', label: 'Flakiness (most flips first)' },
  { value: 'failureRate', label: 'Failure rate (highest first)' },
  { value: 'duration', label: 'Duration (slowest first)' },
  { value: 'lastExecuted', label: 'Last executed (longest ago first)' },
];

/** What the address says: the view and its filters, checked and with defaults filled in. */
export interface StabilityFilters {
  view: StabilityView;
  /** Runs counted; 'all' only in the Never run view. */
  window: number | 'all';
  sectionId: number | null;
  labelId: number | null;
  sort: StabilitySort;
  minFlips: number;
  /** The Stale view's days (kept for the view's name in the others). */
  staleDays: number;
  offset: number;
}

/** A whole number in [min, max] from the address, or undefined. */
function intIn(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

export function filtersOf(params: URLSearchParams): StabilityFilters {
  const staleDays = intIn(params.get('staleDays'), 1, 3650);
  const view: StabilityView =
    params.get('neverRun') === 'true' ? 'never' : staleDays !== undefined ? 'stale' : params.get('flakyOnly') === 'true' ? 'flaky' : 'all';
  const sort = SORTS.find((s) => s.value === params.get('sort'))?.value ?? 'flakiness';
  const window =
    view === 'never' && params.get('window') === 'all' ? 'all' : (intIn(params.get('window'), 1, MAX_WINDOW) ?? DEFAULT_WINDOW);
  return {
    view,
    window,
    sectionId: intIn(params.get('sectionId'), 1, Number.MAX_SAFE_INTEGER) ?? null,
    labelId: intIn(params.get('labelId'), 1, Number.MAX_SAFE_INTEGER) ?? null,
    sort,
    minFlips: intIn(params.get('minFlips'), 1, MAX_WINDOW) ?? DEFAULT_MIN_FLIPS,
    staleDays: staleDays ?? DEFAULT_STALE_DAYS,
    offset: intIn(params.get('offset'), 0, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}

/** The address's parameters for the filters, defaults left out. */
export function paramsOf(f: StabilityFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.window !== DEFAULT_WINDOW) out.window = String(f.window);
  if (f.sectionId !== null) out.sectionId = String(f.sectionId);
  if (f.labelId !== null) out.labelId = String(f.labelId);
  if (f.sort !== 'flakiness') out.sort = f.sort;
  if (f.view === 'flaky') out.flakyOnly = 'true';
  if (f.view === 'never') out.neverRun = 'true';
  if (f.view === 'stale') out.staleDays = String(f.staleDays);
  if (f.minFlips !== DEFAULT_MIN_FLIPS) out.minFlips = String(f.minFlips);
  if (f.offset > 0) out.offset = String(f.offset);
  return out;
}

/** The filters in another view, from its first page; 'all' runs leave with the Never run view. */
export function inView(f: StabilityFilters, view: StabilityView): StabilityFilters {
  return { ...f, view, offset: 0, window: view !== 'never' && f.window === 'all' ? DEFAULT_WINDOW : f.window };
}

/** The API query of the filters. */
export function apiQueryOf(projectId: number, f: StabilityFilters): StabilityQuery {
  return {
    projectId,
    window: String(f.window),
    sort: f.sort,
    limit: STABILITY_PAGE_SIZE,
    offset: f.offset,
    ...(f.sectionId !== null ? { sectionId: f.sectionId } : {}),
    ...(f.labelId !== null ? { labelId: f.labelId } : {}),
    ...(f.minFlips !== DEFAULT_MIN_FLIPS ? { minFlips: f.minFlips } : {}),
    ...(f.view === 'flaky' ? { flakyOnly: 'true' as const } : {}),
    ...(f.view === 'never' ? { neverRun: 'true' as const } : {}),
    ...(f.view === 'stale' ? { staleDays: f.staleDays } : {}),
  };
}

/** The views' names, as their switches show them. */
export function viewLabel(view: StabilityView, staleDays: number): string {
  if (view === 'stale') return `Stale (${staleDays} ${staleDays === 1 ? 'day' : 'days'})`;
  return { all: 'All', flaky: 'Flaky', never: 'Never run' }[view];
}
