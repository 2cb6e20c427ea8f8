import { durationText } from '../../lib/insight-text';

// The categories of a run comparison as the screen shows them, which one is shown first, and
// time changes as text. Plain TypeScript, unit-tested.

export const COMPARE_CATEGORIES = ['new_failure', 'fixed', 'still_failing', 'flaky_in_run', 'added', 'removed'] as const;
export type CompareCategory = (typeof COMPARE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<CompareCategory, string> = {
  new_failure: 'New failures',
  fixed: 'Fixed',
  still_failing: 'Still failing',
  flaky_in_run: 'Flaky in run',
  added: 'Added',
  removed: 'Removed',
};

/** What each category holds, said under its tabs. */
export const CATEGORY_HINTS: Record<CompareCategory, string> = {
  new_failure: 'Passed in the base run, failed or blocked in this one.',
  fixed: 'Failed or blocked in the base run, passed in this one.',
  still_failing: 'Failed or blocked in both runs.',
  flaky_in_run: 'Passed and failed within this run (a rerun in one import).',
  added: 'In this run, not in the base run.',
  removed: 'In the base run, not in this one.',
};

export const isCategory = (value: string | null): value is CompareCategory => COMPARE_CATEGORIES.includes(value as CompareCategory);

/**
 * The category on screen: the one asked for (the URL's), else New failures when there are any,
 * else the first that has tests, else New failures.
 */
export function shownCategory(totals: Record<CompareCategory, number> | undefined, asked: string | null): CompareCategory {
  if (isCategory(asked)) return asked;
  if (!totals || totals.new_failure > 0) return 'new_failure';
  return COMPARE_CATEGORIES.find((c) => totals[c] > 0) ?? 'new_failure';
}

/** "+1.2 s" (slower), "−300 ms" (faster), "no change"; "—" when a time is missing. */
export function elapsedChangeText(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : '−'}${durationText(Math.abs(change))}`;
}
