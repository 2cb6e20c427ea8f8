import type { Tx } from '../../db/client';
import { countAutomationKeys, liveTestIds, testIdsByAutomationKey } from '../testcases/data/import';
import { automationKeyOf, titleOf, type Attempt, type Report } from './junit-import.collect';
import type { ImportAction, ImportStatus } from './junit-import.schemas';

// Step 2: which test each testcase is, with a few queries whatever the report's
// size. In order: (a) the explicit ids it names: live tests of the project, else
// unknown (never created, never matched otherwise); (b) its automationKey
// (`classname.name`); (c) otherwise a test to create (createMissing) or unmatched.
// Attempts naming the same test (reruns, or one testcase matched by id and
// another by key) are one test, its attempts in file order.

/** One distinct test the report names, and what the import does with it. */
export interface Outcome {
  action: ImportAction;
  /** matched: the test; unknown: the id named; created, unmatched: null. */
  testId: number | null;
  /** created and unmatched: the automation key. */
  key: string | null;
  /** Indexes of its attempts in Report.attempts, in file order (never empty). */
  attempts: number[];
}

export interface Matching {
  /** In order of first appearance in the report. */
  outcomes: Outcome[];
}

export const lastAttempt = (report: Report, o: Outcome): Attempt => report.attempts[o.attempts[o.attempts.length - 1]];
/** The status of a test: its last attempt's. */
export const finalStatus = (report: Report, o: Outcome): ImportStatus => lastAttempt(report, o).status;

/**
 * The tests holding the report's keys. Whichever is smaller crosses the wire:
 * the report's keys, or the project's keyed tests (none on a first import).
 */
async function testsByKey(tx: Tx, projectId: number, keys: Set<string>): Promise<Map<string, number>> {
  if (keys.size === 0) return new Map();
  const keyed = await countAutomationKeys(tx, projectId);
  return keyed === 0 ? new Map() : testIdsByAutomationKey(tx, projectId, keys.size > keyed ? null : [...keys]);
}

export async function matchReport(tx: Tx, projectId: number, report: Report, createMissing: boolean): Promise<Matching> {
  const ids = new Set<number>();
  const keys = new Set<string>();
  // Keys of the testcases without ids ('' for those with ids), dropped after matching.
  const keyOf = report.attempts.map((a) => {
    if (a.ids.length > 0) {
      for (const id of a.ids) ids.add(id);
      return '';
    }
    const key = automationKeyOf(a);
    if (key !== '') keys.add(key);
    return key;
  });
  const live = await liveTestIds(tx, projectId, [...ids]);
  const byKey = await testsByKey(tx, projectId, keys);

  const outcomes: Outcome[] = [];
  const byTest = new Map<number, Outcome>();
  const unknown = new Map<number, Outcome>();
  const byNewKey = new Map<string, Outcome>();
  const add = <K>(map: Map<K, Outcome>, slot: K, index: number, make: () => Omit<Outcome, 'attempts'>) => {
    let o = map.get(slot);
    if (!o) {
      o = { ...make(), attempts: [] };
      map.set(slot, o);
      outcomes.push(o);
    }
    // Several ids of one testcase may resolve to one test: each attempt once.
    if (o.attempts[o.attempts.length - 1] !== index) o.attempts.push(index);
  };
  report.attempts.forEach((a, index) => {
    if (a.ids.length > 0) {
      for (const id of a.ids) {
        if (live.has(id)) add(byTest, id, index, () => ({ action: 'matched', testId: id, key: null }));
        else add(unknown, id, index, () => ({ action: 'unknown', testId: id, key: null }));
      }
      return;
    }
    const key = keyOf[index];
    const testId = byKey.get(key);
    if (testId !== undefined) add(byTest, testId, index, () => ({ action: 'matched', testId, key: null }));
    else {
      const creatable = createMissing && key !== '' && titleOf(a) !== '';
      add(byNewKey, key, index, () => ({ action: creatable ? 'created' : 'unmatched', testId: null, key }));
    }
  });
  return { outcomes };
}
