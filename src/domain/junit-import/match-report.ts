import type { Tx } from '../../db/client';
import { countAutomationKeys, liveTestIds, testIdsByAutomationKey } from '../test-cases/data/import';
import { automationKeyOf, keyOf, titleOf, type Attempt, type Report } from './collect-report';
import { MAX_DEFECTS } from '../defects/defect-links';
import type { CaseMatcher, ImportAction, ImportStatus } from './junit-import.schemas';

// Step 2: which test each testcase is, with a few queries whatever the report's
// size. In order: (a) the explicit ids it names (casebook_id / test_id properties;
// with caseMatcher=name also [C123] / C123_ tokens in its name): live tests of the
// project, else unknown (never created, never matched otherwise); (b) its key, the
// full path in the report (collect.ts); a test still holding the testcase's old key
// (`classname.name`) is found by it and moves to the full key, unless several keys
// of the report share that old key (then none moves: which one it was is unknown);
// (c) otherwise a test to create (createMissing) or unmatched. With caseMatcher=property
// only (a) applies. Attempts naming the same test are one test, its attempts in file order.

/** One distinct test the report names, and what the import does with it. */
export interface Outcome {
  action: ImportAction;
  /** matched: the test; unknown: the id named; created, unmatched: null. */
  testId: number | null;
  /** The key of its first testcase; null when matched by id or unknown. */
  key: string | null;
  /** matched by its old key: it moves to `key`. */
  moved: boolean;
  /** Indexes of its attempts in Report.attempts, in file order (never empty). */
  attempts: number[];
}

export interface Matching {
  /** In order of first appearance in the report. */
  outcomes: Outcome[];
  matcher: CaseMatcher;
}

/** failed > blocked > retest > passed > untested: a test that ran once is not untested. */
const WORST: Record<ImportStatus, number> = { failed: 4, blocked: 3, retest: 2, passed: 1, untested: 0 };

/** A test's result in the run, and the attempts recorded in history before it. */
export interface Settled {
  status: ImportStatus;
  comment: string | null;
  elapsedMs: number | null;
  /** The defects of its final attempts, in file order, duplicates dropped, at most MAX_DEFECTS. */
  defects: string[];
  /** Earlier attempts of its testcases (flaky ones, and all but the last rerun), in file order: one history entry each. */
  earlier: number[];
  /** Passed in the end after an attempt that did not. */
  flaky: boolean;
}

/**
 * The result of a test: each of its testcases counts with its last attempt (reruns, and testcases
 * retrying it (gotestsum): the final outcome); testcases repeating it (repetitions, pytest's teardown error) are merged: the worst
 * status wins, every message is kept, and the elapsed time is the sum of all attempts.
 */
export function settle(report: Report, o: Outcome): Settled {
  const finals: Attempt[] = [];
  const earlier: number[] = [];
  let elapsed: number | null = null;
  o.attempts.forEach((index, i) => {
    const a = report.attempts[index];
    const next = o.attempts[i + 1];
    // An attempt followed by another of its testcase, or by a testcase retrying it, is not the final one.
    if (next !== undefined && (report.attempts[next].testcase === a.testcase || report.attempts[next].kind === 'retry'))
      earlier.push(index);
    else finals.push(a);
    if (a.elapsedMs !== null) elapsed = (elapsed ?? 0) + a.elapsedMs;
  });
  const status = finals.reduce<ImportStatus>((worst, a) => (WORST[a.status] > WORST[worst] ? a.status : worst), finals[0].status);
  const flaky = status === 'passed' && earlier.some((i) => report.attempts[i].status !== 'passed');
  const comments = finals.map((a) => a.comment).filter((c): c is string => c !== null);
  if (flaky) {
    const failed = earlier.filter((i) => report.attempts[i].status !== 'passed').length;
    comments.unshift(`Flaky: passed after ${failed} failed attempt${failed === 1 ? '' : 's'}`);
  }
  const defects = [...new Set(finals.flatMap((a) => a.defects))].slice(0, MAX_DEFECTS);
  return { status, comment: comments.length > 0 ? comments.join('\n\n') : null, elapsedMs: elapsed, defects, earlier, flaky };
}

/**
 * The tests holding the report's keys. Whichever is smaller crosses the wire:
 * the report's keys, or the project's `keyed` tests.
 */
async function testsByKey(tx: Tx, projectId: number, keys: Set<string>, keyed: number): Promise<Map<string, number>> {
  if (keys.size === 0 || keyed === 0) return new Map();
  return testIdsByAutomationKey(tx, projectId, keys.size > keyed ? null : [...keys]);
}

export async function matchReport(
  tx: Tx,
  projectId: number,
  report: Report,
  createMissing: boolean,
  matcher: CaseMatcher = 'auto',
): Promise<Matching> {
  // A project without keyed tests (a first import) matches no key: no key is gathered to look up.
  const keyed = matcher === 'property' ? 0 : await countAutomationKeys(tx, projectId);
  const idsOf = (a: Attempt) => (matcher === 'name' && a.nameIds.length > 0 ? [...a.ids, ...a.nameIds] : a.ids);
  const ids = new Set<number>();
  const keys = new Set<string>();
  // New keys per old key, to move a test only when its old key names one test of the report.
  // The one new key, or null for several (a Set per old key took 26 MB for 100,000 tests).
  const newKeys = new Map<string, string | null>();
  // Keys of the testcases without ids ('' for those with ids), dropped after matching.
  const keyOfAttempt = report.attempts.map((a) => {
    const named = idsOf(a);
    if (named.length > 0) {
      for (const id of named) ids.add(id);
      return '';
    }
    const key = keyOf(report, a);
    if (key === '' || keyed === 0) return key;
    keys.add(key);
    const old = automationKeyOf(a);
    if (old !== key) {
      keys.add(old);
      const known = newKeys.get(old);
      if (known === undefined) newKeys.set(old, key);
      else if (known !== key) newKeys.set(old, null);
    }
    return key;
  });
  const live = await liveTestIds(tx, projectId, [...ids]);
  const byKey = await testsByKey(tx, projectId, keys, keyed);

  const outcomes: Outcome[] = [];
  const byTest = new Map<number, Outcome>();
  const unknown = new Map<number, Outcome>();
  const byNewKey = new Map<string, Outcome>();
  const add = <K>(map: Map<K, Outcome>, slot: K, index: number, make: () => Omit<Outcome, 'attempts'>) => {
    const o = map.get(slot);
    if (!o) {
      // One literal of every field (no spread): V8 gave each spread copy a hidden class of its own,
      // 24 MB for 100,000 tests; `[index]` holds one element where `[]` then push() reserves 17.
      const { action, testId, key, moved } = make();
      const made: Outcome = { action, testId, key, moved, attempts: [index] };
      map.set(slot, made);
      outcomes.push(made);
      return;
    }
    // Several ids of one testcase may resolve to one test: each attempt once.
    if (o.attempts[o.attempts.length - 1] !== index) o.attempts.push(index);
  };
  report.attempts.forEach((a, index) => {
    const named = idsOf(a);
    if (named.length > 0) {
      for (const id of named) {
        if (live.has(id)) add(byTest, id, index, () => ({ action: 'matched', testId: id, key: null, moved: false }));
        else add(unknown, id, index, () => ({ action: 'unknown', testId: id, key: null, moved: false }));
      }
      return;
    }
    const key = keyOfAttempt[index];
    let testId = matcher === 'property' ? undefined : byKey.get(key);
    let moved = false;
    if (testId === undefined && key !== '' && matcher !== 'property') {
      const old = automationKeyOf(a);
      const oldTest = old !== key && typeof newKeys.get(old) === 'string' ? byKey.get(old) : undefined;
      // Not when the old key's test was matched by another route (an id, or its own new key).
      if (oldTest !== undefined && (!byTest.has(oldTest) || byTest.get(oldTest)!.key === key)) {
        testId = oldTest;
        moved = true;
      }
    }
    if (testId !== undefined) {
      const id = testId;
      add(byTest, id, index, () => ({ action: 'matched', testId: id, key, moved }));
    } else {
      const creatable = createMissing && matcher !== 'property' && key !== '' && titleOf(a, matcher === 'name') !== '';
      add(byNewKey, key, index, () => ({ action: creatable ? 'created' : 'unmatched', testId: null, key: key || null, moved: false }));
    }
  });
  return { outcomes, matcher };
}
