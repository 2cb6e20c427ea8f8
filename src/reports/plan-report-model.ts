import type { PlanDetail } from '../domain/plans/plans.schemas';

// What the plan report's formats share: the report and the texts its HTML and PDF show.

export interface PlanReport {
  plan: PlanDetail;
  project: { projectId: number; orgId: number; projectName: string; projectDescription: string | null };
}

/** The most tests the report's matrix lists (those failed or blocked in some run, by id). */
export const REPORT_MATRIX_ROWS = 1000;

/** `6 runs (2 locked) · 1,200 tests not executed yet · Locked` */
export function planFacts(p: PlanDetail): string {
  const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
  const locked = p.runs.filter((r) => r.locked).length;
  return `${plural(p.runs.length, 'run')} (${locked} locked) · ${plural(p.statusCounts.untested, 'result')} not executed yet${p.locked ? ' · Locked' : ''}`;
}

/** Each assignee's line: name, done, total, percent done. */
export const assigneeCells = (a: PlanDetail['assignees'][number]): string[] => [
  a.assigneeId === null ? 'Unassigned' : (a.name ?? `User ${a.assigneeId}`),
  String(a.done),
  String(a.total),
  `${a.total ? Math.round((a.done / a.total) * 100) : 0}%`,
];
export const ASSIGNEE_TITLES = ['Assignee', 'Done', 'Total', 'Done %'];

/** The matrix's caption: how many of how many problem tests it lists. */
export function matrixTitle(p: PlanDetail): string {
  const m = p.matrix;
  if (!m.total) return 'Tests failed or blocked: none';
  return m.total > m.tests.length ? `Tests failed or blocked (the first ${m.tests.length} of ${m.total})` : 'Tests failed or blocked';
}

/** A column's title: its options, or "No configuration". */
export const columnTitle = (c: PlanDetail['configurations'][number]) => c.label || 'No configuration';
