import {
  applyToTests,
  countStatuses,
  groupBySection,
  keyAction,
  moveIndex,
  nextAfter,
  sectionPaths,
  selectWithClick,
  type Result,
  type TestStatus,
} from '../../../web/src/features/runs/run-execution';

// The execute screen's keyboard map and the optimistic arithmetic behind its rows and counts.

describe('keys', () => {
  it('maps movement, the five statuses, comment, check and help', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp'].map((key) => keyAction({ key }))).toEqual([
      { type: 'move', by: 1 },
      { type: 'move', by: 1 },
      { type: 'move', by: -1 },
      { type: 'move', by: -1 },
    ]);
    expect(['p', 'f', 'b', 'r', 'u'].map((key) => keyAction({ key }))).toEqual(
      (['passed', 'failed', 'blocked', 'retest', 'untested'] as TestStatus[]).map((status) => ({ type: 'status', status })),
    );
    expect(keyAction({ key: 'c' })).toEqual({ type: 'comment' });
    expect(keyAction({ key: 'd' })).toEqual({ type: 'defect' });
    expect(keyAction({ key: 'x' })).toEqual({ type: 'toggle-select' });
    expect(keyAction({ key: '?' })).toEqual({ type: 'help' });
    expect(keyAction({ key: 'z' })).toBeNull();
    expect(keyAction({ key: 'P' })).toBeNull(); // shift+p is not a shortcut
  });

  it('leaves typing in a text field and browser shortcuts alone', () => {
    for (const target of [
      { tagName: 'TEXTAREA' },
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'input' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect({ target, action: keyAction({ key: 'p', target }) }).toEqual({ target, action: null });
    }
    expect(keyAction({ key: 'f', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'r', metaKey: true })).toBeNull();
    expect(keyAction({ key: 'j', altKey: true })).toBeNull();
  });

  it('still acts while a checkbox or a button has focus', () => {
    expect(keyAction({ key: 'p', target: { tagName: 'INPUT', type: 'checkbox' } })).toEqual({ type: 'status', status: 'passed' });
    expect(keyAction({ key: 'j', target: { tagName: 'BUTTON' } })).toEqual({ type: 'move', by: 1 });
  });

  it('moves inside the list without wrapping around', () => {
    expect(moveIndex(0, 1, 3)).toBe(1);
    expect(moveIndex(2, 1, 3)).toBe(2);
    expect(moveIndex(0, -1, 3)).toBe(0);
    expect(moveIndex(-1, 1, 3)).toBe(0);
    expect(moveIndex(-1, -1, 3)).toBe(2);
    expect(moveIndex(0, 1, 0)).toBe(-1);
    expect(nextAfter([4, 7, 9], 7)).toBe(9);
    expect(nextAfter([4, 7, 9], 9)).toBe(9);
    expect(nextAfter([4, 7, 9], 5)).toBe(4);
  });
});

describe('marks on the rows, and the counts of the rows', () => {
  const current = new Map<number, TestStatus>([
    [1, 'passed'],
    [2, 'failed'],
    [3, 'untested'],
    [4, 'untested'],
    [5, 'untested'],
  ]);
  const tests = [...current].map(([testId, status]) => ({ testId, status, comment: testId === 2 ? 'old' : null, title: `T${testId}` }));

  it('counts each status and the total of the rows', () => {
    expect(countStatuses(tests)).toEqual({ total: 5, passed: 1, failed: 1, blocked: 0, retest: 0, untested: 3 });
    expect(countStatuses([])).toEqual({ total: 0, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 });
  });

  it('applies marks to the rows (a repeated test: the last wins, a test not in the run: ignored), leaving other rows the same objects', () => {
    const results: Result[] = [
      { testId: 2, status: 'passed', comment: 'fixed' },
      { testId: 5, status: 'failed', comment: null },
      { testId: 5, status: 'blocked', comment: null },
      { testId: 99, status: 'failed', comment: null },
    ];
    const applied = applyToTests(tests, results);
    // A mark records only the defects sent with it (none here).
    expect(applied.find((t) => t.testId === 2)).toEqual({ testId: 2, status: 'passed', comment: 'fixed', defects: [], title: 'T2' });
    expect(applied[0]).toBe(tests[0]); // untouched rows keep their identity (no re-render)
    expect(applied.find((t) => t.testId === 5)).toEqual({ testId: 5, status: 'blocked', comment: null, defects: [], title: 'T5' });
    expect(applied).toHaveLength(5);
    expect(countStatuses(applied)).toEqual({ total: 5, passed: 2, failed: 0, blocked: 1, retest: 0, untested: 2 });
    expect(tests[1].status).toBe('failed'); // the cache's rows are not mutated
  });
});

describe('sections and selection', () => {
  it('names sections by path and orders them depth first', () => {
    const paths = sectionPaths([
      { sectionId: 3, sectionName: 'Cards', parentSectionId: 1 },
      { sectionId: 1, sectionName: 'Checkout', parentSectionId: null },
      { sectionId: 2, sectionName: 'Search', parentSectionId: null },
    ]);
    expect([...paths.entries()]).toEqual([
      [1, { path: 'Checkout', order: 0 }],
      [3, { path: 'Checkout > Cards', order: 1 }],
      [2, { path: 'Search', order: 2 }],
    ]);
  });

  it('groups tests by section in tree order, unknown paths by name, no section last', () => {
    const tests = [
      { id: 1, path: 'Search' },
      { id: 2, path: null },
      { id: 3, path: 'Checkout' },
      { id: 4, path: 'Search' },
      { id: 5, path: 'Archive' },
    ];
    const order = new Map([
      ['Checkout', 0],
      ['Search', 1],
    ]);
    const groups = groupBySection(
      tests,
      (t) => t.path,
      (p) => order.get(p),
    );
    expect(groups.map((g) => [g.path, g.tests.map((t) => t.id)])).toEqual([
      [null, [2]],
      ['Checkout', [3]],
      ['Search', [1, 4]],
      ['Archive', [5]],
    ]);
  });

  it('toggles one test on a click and adds the range on a shift-click', () => {
    const order = [10, 11, 12, 13, 14];
    const one = selectWithClick(new Set(), order, null, 11, false);
    expect([...one]).toEqual([11]);
    expect([...selectWithClick(one, order, 11, 14, true)].sort()).toEqual([11, 12, 13, 14]);
    expect([...selectWithClick(one, order, 11, 10, true)].sort()).toEqual([10, 11]);
    expect([...selectWithClick(one, order, 11, 11, false)]).toEqual([]);
    expect([...selectWithClick(new Set(), order, null, 13, true)]).toEqual([13]); // no anchor yet: a plain toggle
  });
});
