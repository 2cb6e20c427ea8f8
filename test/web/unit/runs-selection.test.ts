import { coveredByAncestor, sectionRows, selectionFields, toggled } from '../../../web/src/features/runs/selection';
import { segments, summaryText } from '../../../web/src/lib/status-counts';

// In GET /sections order (depth-first, siblings by name), the one order of every screen.
const sections = [
  { sectionId: 1, sectionName: 'Payments', parentSectionId: null },
  { sectionId: 2, sectionName: 'Cards', parentSectionId: 1 },
  { sectionId: 4, sectionName: 'Amex', parentSectionId: 2 },
  { sectionId: 3, sectionName: 'Shipping', parentSectionId: null },
];
const none = new Set<number>();

describe('create-run selection', () => {
  it('lists sections in tree order with depth and ancestors', () => {
    expect(sectionRows(sections).map((r) => [r.sectionName, r.depth, r.ancestors])).toEqual([
      ['Payments', 0, []],
      ['Cards', 1, [1]],
      ['Amex', 2, [2, 1]],
      ['Shipping', 0, []],
    ]);
  });

  it('keeps the order of the list among siblings instead of sorting them again', () => {
    // The server sorts with the database's collation; a second sort here could disagree with it.
    const listed = [
      { sectionId: 7, sectionName: 'beta', parentSectionId: null },
      { sectionId: 5, sectionName: 'Alpha', parentSectionId: null },
    ];
    expect(sectionRows(listed).map((r) => r.sectionName)).toEqual(['beta', 'Alpha']);
  });

  it('sends only the topmost checked sections, with labels and priorities; nothing chosen is null', () => {
    const rows = sectionRows(sections);
    const checked = new Set([1, 4, 3]);
    expect(coveredByAncestor(rows[2], checked)).toBe(true);
    expect(selectionFields({ allTests: false, sectionIds: checked, labelIds: new Set([9, 5]), priorityIds: none }, rows)).toEqual({
      sectionIds: [1, 3],
      labelIds: [5, 9],
    });
    expect(selectionFields({ allTests: true, sectionIds: checked, labelIds: none, priorityIds: none }, rows)).toEqual({ allTests: true });
    expect(selectionFields({ allTests: false, sectionIds: none, labelIds: none, priorityIds: none }, rows)).toBeNull();
    expect([...toggled(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...toggled(new Set([1, 2]), 1, false)]).toEqual([2]);
  });
});

describe('status bar', () => {
  it('stacks the non-empty statuses by share and says the same in text', () => {
    const counts = { total: 8, passed: 4, failed: 2, blocked: 0, retest: 0, untested: 2 };
    expect(segments(counts)).toEqual([
      { status: 'passed', count: 4, percent: 50 },
      { status: 'failed', count: 2, percent: 25 },
      { status: 'untested', count: 2, percent: 25 },
    ]);
    expect(summaryText(counts)).toBe('6 of 8 tested: 4 passed, 2 failed, 0 blocked, 0 retest, 2 untested');
    expect(summaryText({ total: 0, passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 })).toBe('No tests');
  });
});
