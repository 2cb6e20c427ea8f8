// Finding tests inside a run on the execute screen: a search (title, section path or id) and a
// section (with its subsections), on top of the status filter. The screen holds the whole run
// (its counts, keys and live updates work on it), so matching runs here, at once, on every key;
// GET /run/tests takes the same `search` and `sectionId` for other clients.

import { STATUS_LABELS } from '../../lib/status-counts';
import type { TestStatus } from './run-execution';

export interface RunFind {
  /** Text of the title or of the section path (any case), or the test's id (`42` or `#42`). */
  search: string;
  /** A section path (`A > B`): its tests and those of its subsections; null: every section. */
  section: string | null;
  /** Only the tests of this user (me: the signed-in one), or of nobody (none); absent: anyone's. */
  assignee?: number | 'me' | 'none';
}

export const NO_FIND: RunFind = { search: '', section: null };

/** Whether anything narrows the list. */
export const finding = (f: RunFind) => f.search.trim() !== '' || f.section !== null || f.assignee !== undefined;

/** Whether the test is assigned as the find asks (`meId`: the signed-in user's id). */
function assignedAsFound(assigneeId: number | null | undefined, f: RunFind, meId?: number): boolean {
  if (f.assignee === undefined) return true;
  if (f.assignee === 'none') return assigneeId == null;
  return assigneeId === (f.assignee === 'me' ? meId : f.assignee);
}

/** True when the test (with its section path, null outside any section) is one the find shows. */
export function matchesFind(
  test: { testId: number; title: string; assigneeId?: number | null },
  path: string | null,
  f: RunFind,
  meId?: number,
): boolean {
  if (!assignedAsFound(test.assigneeId, f, meId)) return false;
  if (f.section !== null && path !== f.section && !path?.startsWith(`${f.section} > `)) return false;
  const s = f.search.trim().toLowerCase();
  if (!s) return true;
  if (/^#?\d+$/.test(s) && test.testId === Number(s.replace('#', ''))) return true;
  return test.title.toLowerCase().includes(s) || (path?.toLowerCase().includes(s) ?? false);
}

/**
 * The sections a tester can narrow to: each section path the run's tests sit in, preceded by
 * its ancestors (a parent shows its subsections' tests), in the order given (the tree's).
 */
export function sectionChoices(paths: readonly (string | null)[]): string[] {
  const seen = new Set<string>();
  for (const path of paths) {
    if (path === null) continue;
    const parts = path.split(' > ');
    for (let i = 1; i <= parts.length; i++) seen.add(parts.slice(0, i).join(' > '));
  }
  return [...seen];
}

/** What the screen says when the list is empty: nothing matches the find or the status filter, or the run has no tests. */
export function emptyListText(find: RunFind, filter: TestStatus | null): string {
  if (finding(find)) return 'No tests match.';
  return filter ? `No ${STATUS_LABELS[filter].toLowerCase()} tests.` : 'This run has no tests.';
}
