// Splitting a run's tests between testers (PUT /run/assign with distribute), so that
// each gets an even share and keeps whole sections where that costs little evenness.
//
// The rule. The tests come in order (sections in tree order, tests without a section
// first; within a section by id), cut into blocks: each run of consecutive tests of
// one section. A block no larger than an even share (N / k tests) is kept whole: the
// only places a cut may fall are its edges. A larger block may be cut anywhere.
// Tester i (in the order given) gets the tests between cuts i-1 and i, where cut i is
// the allowed place nearest to i·N/k (the lower one on a tie).
//
// What follows: every tester's tests are consecutive in that order; the same input
// gives the same split; a section no larger than a share goes to one tester; and each
// tester's count differs from N / k by at most the largest block kept whole (by at
// most 1 when every block is a single test), since each cut lies within half of that
// from its even place.

/**
 * Where the tests are cut: k + 1 positions from 0 to N, non-decreasing; tester i gets
 * the tests [cuts[i], cuts[i + 1]). `blockSizes` are the sizes of the consecutive
 * blocks, in order (their sum is N).
 */
export function distributionCuts(blockSizes: readonly number[], k: number): number[] {
  if (k < 1) throw new RangeError('at least one tester');
  const n = blockSizes.reduce((a, b) => a + b, 0);
  const share = n / k;
  const allowed: number[] = [0];
  let at = 0;
  for (const size of blockSizes) {
    if (size > share) for (let p = at + 1; p < at + size; p++) allowed.push(p);
    at += size;
    allowed.push(at);
  }
  const cuts = [0];
  let j = 0;
  for (let i = 1; i < k; i++) {
    const target = (i * n) / k;
    // The targets grow, so the nearest allowed place does too: walk on from the last one.
    while (j + 1 < allowed.length && Math.abs(allowed[j + 1] - target) < Math.abs(allowed[j] - target)) j++;
    cuts.push(allowed[j]);
  }
  cuts.push(n);
  return cuts;
}

/** Sizes of the runs of equal consecutive keys. */
export function blockSizesOf<K>(keys: readonly K[]): number[] {
  const sizes: number[] = [];
  keys.forEach((key, i) => {
    if (i > 0 && keys[i - 1] === key) sizes[sizes.length - 1]++;
    else sizes.push(1);
  });
  return sizes;
}

/**
 * The assignee of each test: `tests` in order with the block (section) each belongs to,
 * split between `assignees` by the rule above.
 */
export function distribute<T>(
  tests: readonly { item: T; block: unknown }[],
  assignees: readonly number[],
): { item: T; assigneeId: number }[] {
  const cuts = distributionCuts(blockSizesOf(tests.map((t) => t.block)), assignees.length);
  const out: { item: T; assigneeId: number }[] = [];
  assignees.forEach((assigneeId, i) => {
    for (let p = cuts[i]; p < cuts[i + 1]; p++) out.push({ item: tests[p].item, assigneeId });
  });
  return out;
}
