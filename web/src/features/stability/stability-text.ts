import type { StabilityFilters } from './stability-query';

// The Stability screen's own words: how long ago, the window counted and what an empty list means
// (flaky reasons, rates and times: lib/insight-text.ts). Plain TypeScript, unit-tested.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** How long ago `iso` was, from `now`: "just now", "5 minutes ago", "yesterday", "12 days ago"; a date after 30 days. */
export function agoText(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds >= 30 * 24 * 60 * 60) return new Date(iso).toLocaleDateString();
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const [unit, size] = [...UNITS].reverse().find(([, s]) => seconds >= s)!;
  return rtf.format(-Math.floor(seconds / size), unit);
}

const runsText = (n: number) => `${n} ${n === 1 ? 'run' : 'runs'}`;

/** The runs counted, as a phrase: "the last 30 runs", "the last run", "the project's 5 runs", "the project's one run". */
function countedRuns(asked: number | 'all', counted: number): string {
  if (asked === 'all' || counted < asked) return counted === 1 ? "the project's one run" : `the project's ${runsText(counted)}`;
  return counted === 1 ? 'the last run' : `the last ${runsText(counted)}`;
}

/** What the numbers count, above the table: the runs of the window as the answer gives them. */
export function windowText(asked: number | 'all', counted: number): string {
  if (counted === 0) return 'The project has no runs yet: nothing has been executed.';
  if (asked === 'all' || counted < asked)
    return counted === 1 ? "Counted: the project's one run." : `Counted: all ${runsText(counted)} of the project.`;
  return `Counted: ${countedRuns(asked, counted)}.`;
}

/** What an empty list says, per view. */
export function emptyText(f: StabilityFilters, counted: number): string {
  const narrowed = f.sectionId !== null || f.labelId !== null ? ' with these filters' : '';
  const where = f.window === 'all' ? 'in any run' : `in ${countedRuns(f.window, counted)}`;
  switch (f.view) {
    case 'flaky':
      return counted === 0 ? 'No flaky tests: the project has no runs yet.' : `No flaky tests${narrowed} ${where}.`;
    case 'never':
      return `Every test${narrowed} ran ${where}.`;
    case 'stale':
      return `Every test${narrowed} ran in the last ${f.staleDays} ${f.staleDays === 1 ? 'day' : 'days'}.`;
    default:
      return narrowed ? 'No tests match these filters.' : 'This project has no tests yet.';
  }
}
