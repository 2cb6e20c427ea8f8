import type { Tx } from '../../db/client';
import { liveTestIds, testIdsByAutomationKey } from '../testcases/data/import';
import type { Attempt, Report } from './junit-import.collect';
import type { ImportAction, ImportStatus } from './junit-import.schemas';

// Step 2: which test each testcase is, with two queries whatever the report's
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

/** The status of a test: its last attempt's. */
export const finalStatus = (report: Report, o: Outcome): ImportStatus => report.attempts[o.attempts[o.attempts.length - 1]].status;
export const lastAttempt = (report: Report, o: Outcome): Attempt => report.attempts[o.attempts[o.attempts.length - 1]];

export async function matchReport(tx: Tx, projectId: number, report: Report, createMissing: boolean): Promise<Matching> {
  const ids = new Set<number>();
  const keys = new Set<string>();
  for (const a of report.attempts) {
    if (a.ids.length > 0) for (const id of a.ids) ids.add(id);
    else if (a.key !== '') keys.add(a.key);
  }
  const [live, byKey] = await Promise.all([liveTestIds(tx, projectId, [...ids]), testIdsByAutomationKey(tx, projectId, [...keys])]);

  const outcomes = new Map<string, Outcome>();
  const add = (slot: string, make: () => Omit<Outcome, 'attempts'>, index: number) => {
    let o = outcomes.get(slot);
    if (!o) outcomes.set(slot, (o = { ...make(), attempts: [] }));
    // Several ids of one testcase may resolve to one test: each attempt once.
    if (o.attempts[o.attempts.length - 1] !== index) o.attempts.push(index);
  };
  report.attempts.forEach((a, index) => {
    if (a.ids.length > 0) {
      for (const id of a.ids) {
        if (live.has(id)) add(`t${id}`, () => ({ action: 'matched', testId: id, key: null }), index);
        else add(`x${id}`, () => ({ action: 'unknown', testId: id, key: null }), index);
      }
      return;
    }
    const testId = byKey.get(a.key);
    if (testId !== undefined) add(`t${testId}`, () => ({ action: 'matched', testId, key: null }), index);
    else if (createMissing && a.key !== '' && a.title !== '') add(`c${a.key}`, () => ({ action: 'created', testId: null, key: a.key }), index);
    else add(`u${a.key}`, () => ({ action: 'unmatched', testId: null, key: a.key }), index);
  });
  return { outcomes: [...outcomes.values()] };
}
