import { blockSizesOf, distribute, distributionCuts } from '../../src/domain/assignment/distribute';

// The split of PUT /run/assign's distribute (the rule is written in distribute.ts):
// consecutive shares, sections no larger than a share kept whole, every share within
// the largest such section of an even one, and the same input always the same split.

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const counts = (cuts: number[]) => cuts.slice(1).map((c, i) => c - cuts[i]);

describe('distributionCuts', () => {
  it('splits tests without sections into shares differing by at most one', () => {
    expect(counts(distributionCuts(Array(10).fill(1), 3))).toEqual([3, 4, 3]);
    expect(counts(distributionCuts(Array(9).fill(1), 3))).toEqual([3, 3, 3]);
    expect(counts(distributionCuts(Array(2).fill(1), 4))).toEqual([0, 1, 0, 1]);
  });

  it('keeps sections no larger than a share with one tester, at the boundary nearest the even cut', () => {
    // 12 tests, 3 testers, shares of 4: sections of 3, 3, 2, 4 → cuts at 3 (nearest 4: 3 or 6 → 3) and 8 (exact).
    expect(distributionCuts([3, 3, 2, 4], 3)).toEqual([0, 3, 8, 12]);
    // A tie between two boundaries takes the lower one.
    expect(distributionCuts([2, 2], 1)).toEqual([0, 4]);
    expect(distributionCuts([3, 3], 2)).toEqual([0, 3, 6]);
    expect(distributionCuts([1, 2, 1], 2)).toEqual([0, 1, 4]);
  });

  it('cuts a section larger than a share where evenness wants', () => {
    // One section of 10 and one of 2, 3 testers: the large one is cut at 4 and 8.
    expect(distributionCuts([10, 2], 3)).toEqual([0, 4, 8, 12]);
    expect(distributionCuts([7], 2)).toEqual([0, 3, 7]);
  });

  it('holds the rule on many random catalogs: consecutive, sections kept, shares near even, deterministic', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed);
      const blocks = Array.from({ length: 1 + Math.floor(next() * 30) }, () => 1 + Math.floor(next() * (next() < 0.2 ? 40 : 8)));
      const k = 1 + Math.floor(next() * 8);
      const n = blocks.reduce((a, b) => a + b, 0);
      const cuts = distributionCuts(blocks, k);
      const context = `seed ${seed}: blocks ${blocks.join(',')}, ${k} testers, cuts ${cuts.join(',')}`;
      expect([context, cuts.length, cuts[0], cuts[k]]).toEqual([context, k + 1, 0, n]);
      cuts.slice(1).forEach((c, i) => expect([context, c >= cuts[i]]).toEqual([context, true]));
      // No cut falls inside a section no larger than a share.
      const share = n / k;
      let at = 0;
      for (const size of blocks) {
        if (size <= share) expect([context, cuts.filter((c) => c > at && c < at + size)]).toEqual([context, []]);
        at += size;
      }
      // Each share differs from an even one by at most the largest section kept whole (1 without any).
      const bound = Math.max(1, ...blocks.filter((b) => b <= share));
      counts(cuts).forEach((count) => expect([context, Math.abs(count - share) <= bound]).toEqual([context, true]));
      expect(distributionCuts([...blocks], k)).toEqual(cuts);
    }
  });
});

describe('distribute', () => {
  it('gives each assignee, in the order given, a consecutive run of the tests, whole sections kept', () => {
    const tests = [
      ...[1, 2, 3].map((id) => ({ item: id, block: null })),
      ...[4, 5, 6].map((id) => ({ item: id, block: 10 })),
      ...[7, 8].map((id) => ({ item: id, block: 11 })),
      ...[9, 10, 11, 12].map((id) => ({ item: id, block: 12 })),
    ];
    const split = distribute(tests, [7, 5, 9]);
    expect(split.map((s) => [s.item, s.assigneeId])).toEqual([
      [1, 7],
      [2, 7],
      [3, 7],
      [4, 5],
      [5, 5],
      [6, 5],
      [7, 5],
      [8, 5],
      [9, 9],
      [10, 9],
      [11, 9],
      [12, 9],
    ]);
    expect(blockSizesOf(tests.map((t) => t.block))).toEqual([3, 3, 2, 4]);
  });
});
