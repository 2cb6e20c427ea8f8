// A plan's entry without React: the draft its editor holds (which tests, which options of each
// configuration group, who executes them), the combinations it makes, the fields POST /plan/create
// takes for it, and the preview of how many runs and results the entries make.

// The runs feature's SelectionState and SelectionFields, by shape: this file imports nothing, so it
// is tested without the app (test/web/unit/plans.test.ts).
interface SelectionState {
  allTests: boolean;
  sectionIds: ReadonlySet<number>;
  labelIds: ReadonlySet<number>;
  priorityIds: ReadonlySet<number>;
}
type SelectionFields = { allTests: true } | { sectionIds?: number[]; labelIds?: number[]; priorityIds?: number[] };

export type AssignMode = 'nobody' | 'one' | 'split';

export interface EntryDraft {
  /** Tells the entries apart (React keys, ids of their inputs). */
  key: number;
  selection: SelectionState;
  /** Checked option ids, of any group. */
  options: ReadonlySet<number>;
  assign: AssignMode;
  assignee: number | null;
  splitBetween: ReadonlySet<number>;
}

interface Group {
  options: { optionId: number }[];
}

const none: ReadonlySet<number> = new Set();
const noSelection: SelectionState = { allTests: false, sectionIds: none, labelIds: none, priorityIds: none };

let nextKey = 1;
export const newEntry = (): EntryDraft => ({
  key: nextKey++,
  selection: noSelection,
  options: new Set(),
  assign: 'nobody',
  assignee: null,
  splitBetween: new Set(),
});

/**
 * The entry's combinations: the cross product of the checked options of each group with at least
 * one checked, in the groups' order ([] when none is checked: one run without a configuration).
 */
export function combinations(groups: readonly Group[], checked: ReadonlySet<number>): number[][] {
  const used = groups.map((g) => g.options.map((o) => o.optionId).filter((id) => checked.has(id))).filter((ids) => ids.length > 0);
  if (used.length === 0) return [];
  return used.reduce<number[][]>((acc, ids) => acc.flatMap((combo) => ids.map((id) => [...combo, id])), [[]]);
}

/** Runs an entry makes: one per combination, one when it has none. */
export const runsOf = (combos: number[][]) => Math.max(1, combos.length);

/** The entry's fields for POST /plan/create and PUT /plan/add-entry, or a sentence saying what is missing. */
export function entryFields(
  draft: EntryDraft,
  selection: SelectionFields | null,
  groups: readonly Group[],
): { fields: SelectionFields & { configurations?: number[][]; assignTo?: number | number[] } } | { problem: string } {
  if (!selection) return { problem: 'Choose the tests of each entry: all tests, or at least one section, label or priority.' };
  const combos = combinations(groups, draft.options);
  let assignTo: number | number[] | undefined;
  if (draft.assign === 'one') {
    if (draft.assignee === null) return { problem: 'Choose the member to assign the entry to, or assign it to nobody.' };
    assignTo = draft.assignee;
  } else if (draft.assign === 'split') {
    if (draft.splitBetween.size === 0) return { problem: 'Choose the members to split the entry between, or assign it to nobody.' };
    assignTo = [...draft.splitBetween].sort((a, b) => a - b);
  }
  return {
    fields: { ...selection, ...(combos.length ? { configurations: combos } : {}), ...(assignTo === undefined ? {} : { assignTo }) },
  };
}

export interface EntrySize {
  runs: number;
  /** Tests of the selection; undefined while counting. */
  tests: number | undefined;
  exact: boolean;
  /** The selection is too large a combination to count here (see useSelectionCount). */
  tooMany?: boolean;
}

/** "3 runs, 36 results" (with "at most" when a count is an upper bound; "…" while counting). */
export function previewText(sizes: readonly EntrySize[]): string {
  const runs = sizes.reduce((sum, s) => sum + s.runs, 0);
  const runText = `${runs} ${runs === 1 ? 'run' : 'runs'}`;
  if (sizes.some((s) => s.tooMany)) return `${runText}; the results of one entry's selection cannot be counted here`;
  if (sizes.some((s) => s.tests === undefined)) return `${runText}, counting the results…`;
  const results = sizes.reduce((sum, s) => sum + s.runs * (s.tests ?? 0), 0);
  const bound = sizes.every((s) => s.exact) ? '' : 'at most ';
  return `${runText}, ${bound}${results} ${results === 1 ? 'result' : 'results'}`;
}

/** A set with `id` added or removed. */
export function toggledId(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** "66.67% passed", from the API's pass rate. */
export const passRateText = (passRate: number) => `${passRate}% passed`;
