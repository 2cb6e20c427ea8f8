// The execute screen's logic, kept free of React and the DOM so it is unit-tested on its own
// (test/web/unit/run-execution.test.ts): keys to actions, optimistic count arithmetic, section
// grouping and range selection.

import { STATUSES, type Status as TestStatus, type StatusCounts } from '../../lib/status-counts';
import type { DefectLink } from '../../lib/defect-link';

export type { TestStatus, StatusCounts };

/** The key that sets each status (p, f, b, r, u). */
export const STATUS_KEY: Record<TestStatus, string> = { passed: 'p', failed: 'f', blocked: 'b', retest: 'r', untested: 'u' };

export type KeyAction =
  | { type: 'move'; by: 1 | -1 }
  | { type: 'status'; status: TestStatus }
  | { type: 'comment' }
  | { type: 'defect' }
  | { type: 'toggle-select' }
  | { type: 'search' }
  | { type: 'help' };

/** What a key press means on the execute screen, or null when the screen leaves it alone. */
export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element's tag, input type and editability, to leave typing alone. */
  target?: { tagName?: string; type?: string; isContentEditable?: boolean } | null;
}

// Inputs that do not take text: keys still drive the screen while one of them has focus.
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** True when the key goes into a text field (input, textarea, select, contenteditable). */
export function isTyping(target: KeyInput['target']): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

const STATUS_BY_KEY = new Map(STATUSES.map((s) => [STATUS_KEY[s], s]));

export function keyAction(input: KeyInput): KeyAction | null {
  // Browser and system shortcuts (Ctrl+F, Cmd+R...) stay theirs.
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (isTyping(input.target)) return null;
  switch (input.key) {
    case 'j':
    case 'ArrowDown':
      return { type: 'move', by: 1 };
    case 'k':
    case 'ArrowUp':
      return { type: 'move', by: -1 };
    case 'c':
      return { type: 'comment' };
    case 'd':
      return { type: 'defect' };
    case 'x':
      return { type: 'toggle-select' };
    case '/':
      return { type: 'search' };
    case '?':
      return { type: 'help' };
  }
  const status = STATUS_BY_KEY.get(input.key);
  return status ? { type: 'status', status } : null;
}

/** The index `by` steps from `index`, kept inside a list of `length` (no wrap-around). */
export function moveIndex(index: number, by: number, length: number): number {
  if (length === 0) return -1;
  if (index < 0) return by > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, index + by));
}

/** The result of one step of a test (numbered from 1, as GET /run/test-detail numbers them). */
export interface StepResult {
  index: number;
  status: TestStatus;
  comment?: string | null;
}

/** A step as GET /run/test-detail numbers it, with its result in the run. */
export interface ExecutionStep {
  index: number;
  action: string;
  expected: string | null;
  data: string | null;
  sharedSteps: { sharedStepsId: number; name: string } | null;
  result: { status: TestStatus; comment: string | null } | null;
}

export interface Result {
  testId: number;
  status: TestStatus;
  comment: string | null;
  /** The result's defects; none when absent (a result records only the defects sent with it). */
  defects?: DefectLink[];
  /**
   * Results of single steps: such a result is sent without its status, which the server takes
   * from the test's steps; `status` is then what the page expects it to become.
   */
  stepResults?: StepResult[];
}

/**
 * The counts of the five statuses and the total over the run's rows. The page counts the rows it
 * shows rather than moving counts read apart from them: the two reads may see the run at different
 * moments (one before a write, one after), and a count moved by a mark would then stay wrong.
 */
export function countStatuses(tests: readonly { status: TestStatus }[]): StatusCounts {
  const counts: StatusCounts = { total: tests.length, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 };
  for (const t of tests) counts[t.status] += 1;
  return counts;
}

/** Tests with `results` applied (status, comment and defects), other tests unchanged (same objects). */
export function applyToTests<T extends Result>(tests: readonly T[], results: readonly Result[]): T[] {
  const byId = new Map(results.map((r) => [r.testId, r]));
  return tests.map((t) => {
    const r = byId.get(t.testId);
    return r ? { ...t, status: r.status, comment: r.comment, defects: r.defects ?? [] } : t;
  });
}

export interface SectionInfo {
  sectionId: number;
  sectionName: string;
  parentSectionId: number | null;
}

/**
 * Each section's path ("Checkout > Cards") and its position in the tree read depth first, so
 * groups show in the catalog's order.
 */
export function sectionPaths(sections: readonly SectionInfo[]): Map<number, { path: string; order: number }> {
  const children = new Map<number | null, SectionInfo[]>();
  const ids = new Set(sections.map((s) => s.sectionId));
  for (const s of sections) {
    const parent = s.parentSectionId !== null && ids.has(s.parentSectionId) ? s.parentSectionId : null;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const out = new Map<number, { path: string; order: number }>();
  const walk = (parent: number | null, prefix: string) => {
    for (const s of children.get(parent) ?? []) {
      const path = prefix ? `${prefix} > ${s.sectionName}` : s.sectionName;
      out.set(s.sectionId, { path, order: out.size });
      walk(s.sectionId, path);
    }
  };
  walk(null, '');
  return out;
}

export interface Group<T> {
  /** The section path, or null for tests outside any section. */
  path: string | null;
  tests: T[];
}

/**
 * Tests grouped by section path: tests with no section first (as the run report and the section
 * counts list them), then groups in `order` (unknown orders after, by path); tests keep their
 * given order inside a group.
 */
export function groupBySection<T>(
  tests: readonly T[],
  pathOf: (t: T) => string | null,
  orderOf: (path: string) => number | undefined,
): Group<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const t of tests) {
    const path = pathOf(t);
    const list = groups.get(path);
    if (list) list.push(t);
    else groups.set(path, [t]);
  }
  const rank = (path: string | null) => (path === null ? -1 : (orderOf(path) ?? Number.MAX_SAFE_INTEGER));
  return [...groups.entries()]
    .map(([path, list]) => ({ path, tests: list }))
    .sort((a, b) => rank(a.path) - rank(b.path) || (a.path ?? '').localeCompare(b.path ?? ''));
}

/**
 * The selection after a click on `target`: a plain click toggles it; a shift-click selects every
 * test between the last clicked one (`anchor`) and `target` in the shown order.
 */
export function selectWithClick(
  selected: ReadonlySet<number>,
  order: readonly number[],
  anchor: number | null,
  target: number,
  shift: boolean,
): Set<number> {
  const next = new Set(selected);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(target);
  if (!shift || from < 0 || to < 0) {
    if (next.has(target)) next.delete(target);
    else next.add(target);
    return next;
  }
  const [lo, hi] = from < to ? [from, to] : [to, from];
  for (const id of order.slice(lo, hi + 1)) next.add(id);
  return next;
}

/** The test after `current` in the shown order (the last one stays), where a status change moves on. */
export function nextAfter(order: readonly number[], current: number): number | null {
  const i = order.indexOf(current);
  if (i < 0) return order[0] ?? null;
  return order[Math.min(order.length - 1, i + 1)] ?? null;
}
