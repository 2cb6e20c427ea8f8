import {
  deselectIds,
  emptySelection,
  forgetAnchor,
  pagesCovering,
  rangeBounds,
  selectIds,
  selectionChunks,
  selectRange,
  toggle,
} from '../../../web/src/features/test-cases/catalog-selection';
import { buildSectionTree, moveTargets, sectionPath, subtreeIds } from '../../../web/src/features/test-cases/section-tree';

// Rows 0..9 hold tests 100..109; rows of unloaded pages are unknown.
const idAt = (i: number) => (i >= 0 && i < 10 ? 100 + i : undefined);
const sorted = (ids: ReadonlySet<number>) => [...ids].sort((a, b) => a - b);

describe('catalog selection', () => {
  it('toggles one test and anchors at its row', () => {
    const one = toggle(emptySelection, 3, 103);
    expect(sorted(one.ids)).toEqual([103]);
    expect(one.anchor).toBe(3);
    const none = toggle(one, 3, 103);
    expect(sorted(none.ids)).toEqual([]);
    expect(emptySelection.ids.size).toBe(0); // never mutated
  });

  it('shift-click selects the range from the anchor, in either direction', () => {
    const down = selectRange(toggle(emptySelection, 2, 102), 5, idAt);
    expect(sorted(down.ids)).toEqual([102, 103, 104, 105]);
    expect(down.anchor).toBe(2);
    const up = selectRange(toggle(emptySelection, 6, 106), 4, idAt);
    expect(sorted(up.ids)).toEqual([104, 105, 106]);
    expect(rangeBounds(up, 1)).toEqual([1, 6]);
  });

  it('shift-click on a selected row clears the range; without an anchor it acts on the row alone', () => {
    const all = selectIds(emptySelection, [100, 101, 102, 103, 104]);
    const anchored = { ...all, anchor: 1 };
    expect(sorted(selectRange(anchored, 3, idAt).ids)).toEqual([100, 104]);
    const alone = selectRange(emptySelection, 7, idAt);
    expect(sorted(alone.ids)).toEqual([107]);
    expect(alone.anchor).toBe(7);
  });

  it('skips rows it does not know and ignores a click on an unknown row', () => {
    const withHole = (i: number) => (i === 4 ? undefined : idAt(i));
    const partial = selectRange(toggle(emptySelection, 2, 102), 6, withHole);
    expect(sorted(partial.ids)).toEqual([102, 103, 105, 106]);
    const start = toggle(emptySelection, 1, 101);
    expect(selectRange(start, 20, idAt)).toBe(start);
  });

  it('adds all that match, drops deleted ones, forgets the anchor when the rows change', () => {
    const s = selectIds(toggle(emptySelection, 0, 100), [100, 200, 300]);
    expect(sorted(s.ids)).toEqual([100, 200, 300]);
    expect(sorted(deselectIds(s, [200]).ids)).toEqual([100, 300]);
    expect(forgetAnchor(s)).toEqual({ ids: s.ids, anchor: null });
  });

  it('cuts the selection into ascending batches for the bulk calls', () => {
    const s = selectIds(
      emptySelection,
      Array.from({ length: 12_001 }, (_, i) => 12_001 - i),
    );
    const chunks = selectionChunks(s, 5000);
    expect(chunks.map((c) => c.length)).toEqual([5000, 5000, 2001]);
    expect(chunks[0][0]).toBe(1);
    expect(chunks[2].at(-1)).toBe(12_001);
    expect(selectionChunks(emptySelection, 5000)).toEqual([]);
    expect(() => selectionChunks(s, 0)).toThrow(RangeError);
  });

  it('names the pages a range needs', () => {
    expect(pagesCovering(0, 0, 100)).toEqual([0]);
    expect(pagesCovering(95, 305, 100)).toEqual([0, 1, 2, 3]);
  });
});

describe('section tree', () => {
  // GET /sections order: depth-first, siblings by name.
  const sections = [
    { sectionId: 1, sectionName: 'Auth', parentSectionId: null, depth: 0 },
    { sectionId: 2, sectionName: 'Login', parentSectionId: 1, depth: 1 },
    { sectionId: 3, sectionName: 'SSO', parentSectionId: 2, depth: 2 },
    { sectionId: 4, sectionName: 'Logout', parentSectionId: 1, depth: 1 },
    { sectionId: 5, sectionName: 'Billing', parentSectionId: null, depth: 0 },
  ];

  it('nests the flat list under parents, in order', () => {
    const tree = buildSectionTree(sections);
    const shape = (nodes: ReturnType<typeof buildSectionTree>): unknown => nodes.map((n) => [n.section.sectionName, shape(n.children)]);
    expect(shape(tree)).toEqual([
      [
        'Auth',
        [
          ['Login', [['SSO', []]]],
          ['Logout', []],
        ],
      ],
      ['Billing', []],
    ]);
  });

  it("knows a subtree, the sections a section may move under, and a section's path", () => {
    expect(sorted(subtreeIds(sections, 1))).toEqual([1, 2, 3, 4]);
    expect(sorted(subtreeIds(sections, 3))).toEqual([3]);
    expect(moveTargets(sections, 2).map((s) => s.sectionId)).toEqual([1, 4, 5]);
    expect(sectionPath(sections, 3)).toBe('Auth > Login > SSO');
    expect(sectionPath(sections, 99)).toBe('');
  });
});
