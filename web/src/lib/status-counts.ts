// The five statuses of a test in a run, as every screen shows them: order, names and the
// colors of the PDF/HTML reports (src/reports/run-report.ts), so a run looks the same everywhere.

export const STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const;
export type Status = (typeof STATUSES)[number];
export type StatusCounts = Record<Status, number> & { total: number };

export const STATUS_LABELS: Record<Status, string> = {
  passed: 'Passed',
  failed: 'Failed',
  blocked: 'Blocked',
  retest: 'Retest',
  untested: 'Untested',
};
export const STATUS_COLORS: Record<Status, string> = {
  passed: '#2e7d32',
  failed: '#c62828',
  blocked: '#6a1b9a',
  retest: '#ef6c00',
  untested: '#90a4ae',
};

/** Percent of `total`, one decimal; 0 for an empty run. */
export const percentOf = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 1000) / 10);

/** The non-empty statuses with their share of the run, in status order (the bar's segments). */
export function segments(counts: StatusCounts): { status: Status; count: number; percent: number }[] {
  return STATUSES.filter((s) => counts[s] > 0).map((status) => ({
    status,
    count: counts[status],
    percent: percentOf(counts[status], counts.total),
  }));
}

/** "3 of 10 tested: 2 passed, 1 failed, 0 blocked, 0 retest, 7 untested" — the bar as text. */
export function summaryText(counts: StatusCounts): string {
  if (counts.total === 0) return 'No tests';
  const tested = counts.total - counts.untested;
  return `${tested} of ${counts.total} tested: ${STATUSES.map((s) => `${counts[s]} ${s}`).join(', ')}`;
}
