import type { AttemptKind, JUnitCase, JUnitOutcome } from './junit-case';
import { idsAndTitleFromName, parseElapsedMs } from './junit-ids';
import { CappedText, formatComment } from './junit-text';

// One <testcase> element as read so far, and the cases it stands for. A retried test may hold
// earlier attempts (Surefire/Playwright flakyFailure, flakyError: the test passed in the end) and
// later ones (rerunFailure, rerunError: it failed every time); each attempt is a case of its own:
// flaky attempts in file order, then the testcase's own result, then the reruns in file order.
// The testcase's time belongs to its own result; an attempt has its own time attribute or none.
// Several failure/error elements directly in one testcase are attempts (vitest writes one per
// retry): the first is the testcase's own result, the others reruns. With a <skipped> among them
// they are one result instead: node writes a failing todo as <skipped type="todo"> plus <failure>;
// the skipped element wins, and every element's message is kept in the comment.

export type Result = {
  outcome: 'failure' | 'error' | 'skipped';
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
  suiteKeys: string[];
  file: string | null;
  hostname: string | null;
  project: string | null;
  go: boolean;
  line: number;
  time: string | undefined;
  /** Ids from the casebook_id / test_id properties. */
  ids: number[];
  /** Values of the `defect` properties. */
  defects: string[];
  /** Files it names for its result (attachment-lines.ts). */
  attachments: string[];
  depth: number;
  testcase: number;
  /** The testcase's own failure/error/skipped elements, in file order. */
  mains: Result[];
  /** Earlier attempts (flakyFailure/flakyError): they come before the testcase's own result. */
  before: Result[];
  /** Later attempts (rerunFailure/rerunError; extra failure/error elements count as reruns too): they come after it. */
  after: Result[];
  systemOut: CappedText | null;
  systemErr: CappedText | null;
};

export const MAIN: Record<string, Result['outcome']> = { failure: 'failure', error: 'error', skipped: 'skipped' };
export const FLAKY: Record<string, Result['outcome']> = { flakyFailure: 'failure', flakyError: 'error' };
export const RERUN: Record<string, Result['outcome']> = { rerunFailure: 'failure', rerunError: 'error' };

/** A <skipped> element's outcome by its type: pytest's xfail, node's / jest's todo, mocha's pending, else skipped. */
export function skippedOutcome(type: string): JUnitOutcome {
  if (/xfail/i.test(type)) return 'xfail';
  if (/todo/i.test(type)) return 'todo';
  if (/pending/i.test(type)) return 'pending';
  return 'skipped';
}

const outcomeOf = (r: Result): JUnitOutcome => (r.outcome === 'skipped' ? skippedOutcome(r.type) : r.outcome);

/** The cases a finished testcase stands for, in the order the attempts ran. */
export function casesOf(tc: OpenCase): JUnitCase[] {
  const out: JUnitCase[] = [];
  const propertyIds = tc.ids;
  const ids = [...propertyIds];
  const title = idsAndTitleFromName(tc.name, ids);
  const base = {
    name: tc.name,
    classname: tc.classname,
    suites: tc.suites,
    suiteKeys: tc.suiteKeys,
    file: tc.file,
    hostname: tc.hostname,
    project: tc.project,
    go: tc.go,
    ids,
    propertyIds,
    defects: tc.defects,
    attachments: tc.attachments,
    title,
    line: tc.line,
    testcase: tc.testcase,
  };
  const commentOf = (r: Result, systemErr: CappedText | null, systemOut: CappedText | null) =>
    formatComment(r.type, r.message, r.text.value(), systemErr?.value() ?? '', systemOut?.value() ?? '');
  const attempt = (r: Result, kind: AttemptKind, time: string | undefined): JUnitCase => ({
    ...base,
    kind,
    outcome: outcomeOf(r),
    comment: commentOf(r, r.systemErr, null),
    elapsedMs: parseElapsedMs(time),
  });
  // Every case gets its own arrays so a consumer may change one without touching the others.
  const copy = (c: JUnitCase): JUnitCase => ({
    ...c,
    suites: [...c.suites],
    suiteKeys: [...c.suiteKeys],
    ids: [...c.ids],
    propertyIds: [...c.propertyIds],
    defects: [...c.defects],
  });
  for (const r of tc.before) out.push(copy(attempt(r, 'flaky', r.time)));
  const skipped = tc.mains.find((r) => r.outcome === 'skipped');
  let reruns = tc.after;
  if (skipped) {
    // A skipped element wins over a failure or error of the same testcase; the others' messages follow.
    const comments = [skipped, ...tc.mains.filter((r) => r !== skipped)].map((r, i) =>
      commentOf(r, i === 0 ? (tc.systemErr ?? r.systemErr) : r.systemErr, null),
    );
    const comment = comments.filter((c): c is string => c !== null).join('\n\n') || null;
    out.push(copy({ ...base, kind: 'main', outcome: outcomeOf(skipped), comment, elapsedMs: parseElapsedMs(tc.time) }));
  } else if (tc.mains.length > 0) {
    // vitest writes one <failure> per attempt of a retried test: the later ones are reruns.
    const [main, ...more] = tc.mains;
    const comment = commentOf(main, tc.systemErr ?? main.systemErr, tc.systemOut);
    out.push(copy({ ...base, kind: 'main', outcome: outcomeOf(main), comment, elapsedMs: parseElapsedMs(tc.time) }));
    reruns = [...more, ...tc.after];
  } else out.push(copy({ ...base, kind: 'main', outcome: 'passed', comment: null, elapsedMs: parseElapsedMs(tc.time) }));
  for (const r of reruns) out.push(copy(attempt(r, 'rerun', r.time)));
  return out;
}
