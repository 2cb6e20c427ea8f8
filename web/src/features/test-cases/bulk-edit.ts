// A bulk edit of the catalog's selection, kept apart from React so its rules are unit-tested
// (test/web/unit/bulk-edit.test.ts): what the person asked for (every field "leave unchanged"
// until they choose), the per-test changes that really change something, and the per-test
// changes that put each test back as it was (Undo).

/** A field left out is left unchanged; null clears it. */
export interface BulkEdit {
  priorityId?: number | null;
  squadId?: number | null;
  sectionId?: number | null;
  /** Labels added to or removed from each test (its other labels kept), or all replaced. */
  labels?: { mode: LabelMode; ids: number[] };
}

export type LabelMode = 'add' | 'remove' | 'replace';
export type ScalarField = 'priorityId' | 'squadId' | 'sectionId';
export const scalarFields: ScalarField[] = ['priorityId', 'squadId', 'sectionId'];

/** One test's item of PUT /test/bulk-update. */
export interface BulkItem {
  testId: number;
  priorityId?: number | null;
  squadId?: number | null;
  sectionId?: number | null;
  labels?: number[];
  addLabels?: number[];
  removeLabels?: number[];
}

/** The fields of a test a bulk edit reads and writes. */
export interface TestValues {
  testId: number;
  priorityId: number | null;
  squadId: number | null;
  sectionId: number | null;
  labels: number[];
}

/** Whether the edit asks for any change at all (adding or removing no label is none). */
export const isEmptyEdit = (edit: BulkEdit) =>
  scalarFields.every((f) => edit[f] === undefined) &&
  (edit.labels === undefined || (edit.labels.mode !== 'replace' && edit.labels.ids.length === 0));

export interface BulkPlan {
  /** The items that change a test: only the fields that differ. */
  changes: BulkItem[];
  /** For each changed test, the items that give it back its previous values. */
  undo: BulkItem[];
  /** Tests that already have what the edit asks. */
  unchanged: number;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The per-test changes of `edit` on `tests` (as they are now), and their undo. */
export function planBulkEdit(edit: BulkEdit, tests: TestValues[]): BulkPlan {
  const plan: BulkPlan = { changes: [], undo: [], unchanged: 0 };
  for (const test of tests) {
    const change: BulkItem = { testId: test.testId };
    const back: BulkItem = { testId: test.testId };
    for (const field of scalarFields) {
      const value = edit[field];
      if (value === undefined || value === test[field]) continue;
      change[field] = value;
      back[field] = test[field];
    }
    if (edit.labels) {
      const { mode, ids } = edit.labels;
      const has = new Set(test.labels);
      const wanted = [...new Set(ids)];
      if (mode === 'add') {
        const added = wanted.filter((id) => !has.has(id));
        if (added.length) [change.addLabels, back.removeLabels] = [added, added];
      } else if (mode === 'remove') {
        const removed = wanted.filter((id) => has.has(id));
        if (removed.length) [change.removeLabels, back.addLabels] = [removed, removed];
      } else if (!sameSet(wanted, test.labels)) {
        [change.labels, back.labels] = [wanted, [...test.labels]];
      }
    }
    if (Object.keys(change).length > 1) {
      plan.changes.push(change);
      plan.undo.push(back);
    } else plan.unchanged += 1;
  }
  return plan;
}

/** `items` in batches of at most `size`, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** "3 tests", "1 test". */
export const testsText = (n: number) => `${n} ${n === 1 ? 'test' : 'tests'}`;
