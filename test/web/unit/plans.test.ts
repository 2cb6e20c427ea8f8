import { combinations, entryFields, newEntry, previewText, runsOf } from '../../../web/src/features/plans/plan-entry';

// A plan's entry without React: the combinations its checked options make, the fields it sends,
// and the preview of the runs and results of all entries.

const groups = [
  { options: [{ optionId: 1 }, { optionId: 2 }, { optionId: 3 }] }, // Browser: Chrome, Firefox, Safari
  { options: [{ optionId: 4 }, { optionId: 5 }] }, // OS: Linux, Windows
];

it('makes the cross product of the checked options of the groups with one checked, in group order', () => {
  expect(combinations(groups, new Set())).toEqual([]);
  expect(combinations(groups, new Set([2, 1]))).toEqual([[1], [2]]);
  expect(combinations(groups, new Set([5, 1, 2, 4]))).toEqual([
    [1, 4],
    [1, 5],
    [2, 4],
    [2, 5],
  ]);
  expect(runsOf([])).toBe(1);
  expect(runsOf(combinations(groups, new Set([1, 2, 3, 4, 5])))).toBe(6);
});

it('sends the selection, the combinations and whom to assign them to, or says what is missing', () => {
  const draft = newEntry();
  expect(entryFields(draft, null, groups)).toEqual({
    problem: 'Choose the tests of each entry: all tests, or at least one section, label or priority.',
  });
  expect(entryFields(draft, { allTests: true }, groups)).toEqual({ fields: { allTests: true } });
  const checked = { ...draft, options: new Set([1, 4]) };
  expect(entryFields({ ...checked, assign: 'one', assignee: 7 }, { sectionIds: [3] }, groups)).toEqual({
    fields: { sectionIds: [3], configurations: [[1, 4]], assignTo: 7 },
  });
  expect(entryFields({ ...checked, assign: 'split', splitBetween: new Set([9, 7]) }, { labelIds: [2] }, groups)).toEqual({
    fields: { labelIds: [2], configurations: [[1, 4]], assignTo: [7, 9] },
  });
  expect(entryFields({ ...checked, assign: 'one' }, { allTests: true }, groups)).toEqual({
    problem: 'Choose the member to assign the entry to, or assign it to nobody.',
  });
  expect(entryFields({ ...checked, assign: 'split' }, { allTests: true }, groups)).toEqual({
    problem: 'Choose the members to split the entry between, or assign it to nobody.',
  });
});

it('previews runs and results over all entries, an upper bound said as such', () => {
  expect(previewText([{ runs: 2, tests: 3, exact: true }])).toBe('2 runs, 6 results');
  expect(
    previewText([
      { runs: 2, tests: 3, exact: true },
      { runs: 1, tests: 5, exact: true },
    ]),
  ).toBe('3 runs, 11 results');
  expect(previewText([{ runs: 1, tests: 1, exact: true }])).toBe('1 run, 1 result');
  expect(previewText([{ runs: 4, tests: 10, exact: false }])).toBe('4 runs, at most 40 results');
  expect(previewText([{ runs: 1, tests: undefined, exact: true }])).toBe('1 run, counting the results…');
  expect(previewText([{ runs: 2, tests: undefined, exact: true, tooMany: true }])).toBe(
    "2 runs; the results of one entry's selection cannot be counted here",
  );
});
