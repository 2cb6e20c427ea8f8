import type { JUnitCase, JUnitOutcome } from './junit-case';
import { idsAndTitleFromName, parseElapsedMs } from './junit-ids';
import { CappedText, formatComment } from './junit-text';

// One <testcase> element as read so far, and the cases it stands for. A retried test may hold
// earlier attempts (Surefire/Playwright flakyFailure, flakyError: the test passed in the end) and
// later ones (rerunFailure, rerunError: it failed every time); each attempt is a case of its own:
// flaky attempts in file order, then the testcase's own result, then the reruns in file order.
// The testcase's time belongs to its own result; an attempt has its own time attribute or none.

export type Result = {
  outcome: Exclude<JUnitOutcome, 'passed'>;
  type: string;
  message: string;
  time: string | undefined;
  text: CappedText;
  systemErr: CappedText | null;
};

export type OpenCase = {
  name: string;
  classname: string | null;
  suites: string[];
  line: number;
  time: string | undefined;
  ids: number[];
  depth: number;
  /** The testcase's own failure/error/skipped, if any. */
  main: Result | null;
  /** Earlier attempts (flakyFailure/flakyError): they come before the testcase's own result. */
  before: Result[];
  /** Later attempts (rerunFailure/rerunError, extra failure/error): they come after it. */
  after: Result[];
  systemErr: CappedText | null;
};

export const MAIN: Record<string, Result['outcome']> = { failure: 'failure', error: 'error', skipped: 'skipped' };
export const FLAKY: Record<string, Result['outcome']> = { flakyFailure: 'failure', flakyError: 'error' };
export const RERUN: Record<string, Result['outcome']> = { rerunFailure: 'failure', rerunError: 'error' };

/** The cases a finished testcase stands for, in the order the attempts ran. */
export function casesOf(tc: OpenCase): JUnitCase[] {
  const out: JUnitCase[] = [];
  const ids = tc.ids;
  const title = idsAndTitleFromName(tc.name, ids);
  const base = { name: tc.name, classname: tc.classname, suites: tc.suites, ids, title, line: tc.line };
  const attempt = (r: Result, time: string | undefined, systemErr: CappedText | null): JUnitCase => ({
    ...base,
    outcome: r.outcome,
    comment: formatComment(r.type, r.message, r.text.value(), systemErr?.value() ?? ''),
    elapsedMs: parseElapsedMs(time),
  });
  // Every case gets its own arrays so a consumer may change one without touching the others.
  const copy = (c: JUnitCase): JUnitCase => ({ ...c, suites: [...c.suites], ids: [...c.ids] });
  for (const r of tc.before) out.push(copy(attempt(r, r.time, r.systemErr)));
  if (tc.main) out.push(copy(attempt(tc.main, tc.time, tc.systemErr ?? tc.main.systemErr)));
  else out.push(copy({ ...base, outcome: 'passed', comment: null, elapsedMs: parseElapsedMs(tc.time) }));
  for (const r of tc.after) out.push(copy(attempt(r, r.time, r.systemErr)));
  return out;
}
