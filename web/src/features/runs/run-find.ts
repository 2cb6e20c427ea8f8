// Finding tests inside a run on the execute screen: a search (title, section path or id) and a
// section (with its subsections), on top of the status filter. The screen holds the whole run
// (its counts, keys and live updates work on it), so matching runs here, at once, on every key;
// GET /run/tests takes the same `search` and `sectionId` for other clients.

export interface RunFind {
  /** Text of the title or of the section path (any case), or the test's id (`42` or `#42`). */
  search: string;
  /** A section path (`A > B`): its tests and those of its subsections; null: every section. */
  section: string | null;
}

export const NO_FIND: RunFind = { search: '', section: null };

/** Whether anything narrows the list. */
export const finding = (f: RunFind) => f.search.trim() !== '' || f.section !== null;

/** True when the test (with its section path, null outside any section) is one the find shows. */
export function matchesFind(test: { testId: number; title: string }, path: string | null, f: RunFind): boolean {
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
