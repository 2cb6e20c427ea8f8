import { chunk, isEmptyEdit, planBulkEdit, type TestValues } from '../../../web/src/features/test-cases/bulk-edit';

// The catalog's bulk edit: untouched fields change nothing, only tests that really change are
// sent, each with just what differs, and the undo gives every one of them its own previous values.

const test = (testId: number, fields: Partial<TestValues> = {}): TestValues => ({
  testId,
  priorityId: null,
  squadId: null,
  sectionId: null,
  labels: [],
  ...fields,
});

describe('isEmptyEdit', () => {
  it('is empty while every field is left unchanged, or labels are added/removed without a label', () => {
    expect(isEmptyEdit({})).toBe(true);
    expect(isEmptyEdit({ labels: { mode: 'add', ids: [] } })).toBe(true);
    expect(isEmptyEdit({ labels: { mode: 'remove', ids: [] } })).toBe(true);
  });
  it('is not empty when a field is set or cleared, or the labels are replaced (even by none)', () => {
    expect(isEmptyEdit({ priorityId: 3 })).toBe(false);
    expect(isEmptyEdit({ squadId: null })).toBe(false);
    expect(isEmptyEdit({ labels: { mode: 'replace', ids: [] } })).toBe(false);
    expect(isEmptyEdit({ labels: { mode: 'add', ids: [1] } })).toBe(false);
  });
});

describe('planBulkEdit', () => {
  it('changes nothing for an empty edit', () => {
    expect(planBulkEdit({}, [test(1, { priorityId: 2 }), test(2)])).toEqual({ changes: [], undo: [], unchanged: 2 });
  });

  it('sends only the tests and fields that differ, and undoes each to its own value', () => {
    const tests = [
      test(1, { priorityId: 5, sectionId: 7 }),
      test(2, { priorityId: 6, sectionId: 8 }),
      test(3, { priorityId: 6, sectionId: 9 }),
    ];
    const plan = planBulkEdit({ priorityId: 6, sectionId: null }, tests);
    expect(plan.changes).toEqual([
      { testId: 1, priorityId: 6, sectionId: null },
      { testId: 2, sectionId: null },
      { testId: 3, sectionId: null },
    ]);
    expect(plan.undo).toEqual([
      { testId: 1, priorityId: 5, sectionId: 7 },
      { testId: 2, sectionId: 8 },
      { testId: 3, sectionId: 9 },
    ]);
    expect(plan.unchanged).toBe(0);
  });

  it('adds labels a test lacks, and the undo removes just those', () => {
    const plan = planBulkEdit({ labels: { mode: 'add', ids: [1, 2] } }, [test(10, { labels: [1, 9] }), test(11, { labels: [1, 2] })]);
    expect(plan).toEqual({ changes: [{ testId: 10, addLabels: [2] }], undo: [{ testId: 10, removeLabels: [2] }], unchanged: 1 });
  });

  it('removes labels a test has, and the undo adds just those back', () => {
    const plan = planBulkEdit({ labels: { mode: 'remove', ids: [1, 2] } }, [test(10, { labels: [1, 9] }), test(11, { labels: [3] })]);
    expect(plan).toEqual({ changes: [{ testId: 10, removeLabels: [1] }], undo: [{ testId: 10, addLabels: [1] }], unchanged: 1 });
  });

  it('replaces labels that differ (in any order), and the undo puts the old list back', () => {
    const plan = planBulkEdit({ labels: { mode: 'replace', ids: [2, 1] } }, [test(10, { labels: [1, 2] }), test(11, { labels: [4] })]);
    expect(plan).toEqual({ changes: [{ testId: 11, labels: [2, 1] }], undo: [{ testId: 11, labels: [4] }], unchanged: 1 });
  });
});

describe('chunk', () => {
  it('splits in order into batches of at most the size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});
