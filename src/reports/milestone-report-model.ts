import type { MilestoneDetail, MilestoneRecord } from '../domain/milestones/milestones.schemas';

// What the milestone report's formats share: the report itself and the texts its HTML and PDF show.

export interface MilestoneReport {
  milestone: MilestoneDetail;
  project: { projectId: number; orgId: number; projectName: string; projectDescription: string | null };
}

/** `Due 2026-12-15 · overdue`, `Completed 2026-12-14 10:02 UTC`: the milestone's state in a line. */
export function stateText(m: MilestoneRecord): string {
  const dates = [m.startDate && `Starts ${m.startDate}`, m.dueDate && `Due ${m.dueDate}`].filter(Boolean).join(' · ');
  const state =
    m.status === 'completed' ? `Completed ${m.completedAt?.slice(0, 16).replace('T', ' ')} UTC` : m.overdue ? 'Open, overdue' : 'Open';
  return [dates, state].filter(Boolean).join(' · ');
}

/** A run's or sub-milestone's counts as table cells: total, passed, failed, blocked, retest, untested, pass rate. */
export const countCells = (c: MilestoneRecord['statusCounts'], passRate: number): string[] => [
  String(c.total),
  String(c.passed),
  String(c.failed),
  String(c.blocked),
  String(c.retest),
  String(c.untested),
  `${passRate}%`,
];
/** `2 runs (1 locked) · 1 test not executed yet` */
export function factsText(p: MilestoneDetail['progress']): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(p.runCount, 'run')} (${p.lockedRunCount} locked) · ${plural(p.untested, 'test')} not executed yet`;
}

export const COUNT_TITLES = ['Total', 'Passed', 'Failed', 'Blocked', 'Retest', 'Untested', 'Pass rate'];
