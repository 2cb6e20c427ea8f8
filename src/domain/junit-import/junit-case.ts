// What the JUnit XML parser yields: one entry per test attempt found in a report.
// Pure data; the import service maps these onto a run's results.

/**
 * What a testcase says happened: no element (passed), <failure>, <error>, or <skipped>, which by
 * its type is xfail (pytest's expected failure), todo (node's and jest's todo) or pending (mocha).
 */
export type JUnitOutcome = 'passed' | 'failure' | 'error' | 'skipped' | 'todo' | 'pending' | 'xfail';

/**
 * flaky: a flakyFailure/flakyError (ran before the testcase's own result); main: the testcase's own
 * result; rerun: a rerunFailure/rerunError (after it); retry: a whole testcase that is a later attempt
 * of the testcase before it of the same test (gotestsum's --rerun-fails writes a rerun that way).
 */
export type AttemptKind = 'flaky' | 'main' | 'rerun' | 'retry';

export interface JUnitCase {
  /** testcase@name, trimmed ('' when the attribute is missing). */
  name: string;
  /** testcase@classname (or @class when classname is missing), trimmed; null when absent or empty. */
  classname: string | null;
  /** Names of the enclosing <testsuite> elements, outermost first; the <testsuites> root and unnamed suites are left out. */
  suites: string[];
  /**
   * The suites as they name the test: a suite whose name (and hostname) an earlier sibling suite
   * already has is "<name> #<n>" (jest-junit writes one suite per file, named after its top describe).
   */
  suiteKeys: string[];
  /** testcase@file, else the file attribute of the nearest enclosing testsuite that has one; null when none. */
  file: string | null;
  /** hostname of the nearest enclosing testsuite that has one (Playwright writes its project there; others the machine). */
  hostname: string | null;
  /** Its suite (or an enclosing one) has a `go.version` property: a Go package's tests (gotestsum, go-junit-report). */
  go: boolean;
  /** A `project` or `browser` property of the testcase, else of the nearest enclosing testsuite; null when none. */
  project: string | null;
  /**
   * Explicit Casebook test ids, in order of appearance, without duplicates: first from the testcase's
   * casebook_id / test_id properties, then from "[C123]" / "C123_" tokens in the name (see junit-ids.ts).
   */
  ids: number[];
  /** The ids from casebook_id / test_id properties only. */
  propertyIds: number[];
  /** Values of the testcase's `defect` properties, trimmed, in order (checked when the report is collected). */
  defects: string[];
  /**
   * Files the testcase names for its result: `[[ATTACHMENT|path]]` in its system-out / system-err and
   * `attachment` properties, in order, each once (shared by the attempts of one testcase).
   */
  attachments: readonly string[];
  /** The name without its id tokens, whitespace collapsed; the name itself when nothing else is left. */
  title: string;
  outcome: JUnitOutcome;
  /**
   * "<type>: <message>", the element's text, and (for a failure or error) the testcase's system-out and
   * system-err, each up to 64 KB; other failure/error/skipped elements of the same testcase follow; null when empty.
   */
  comment: string | null;
  /** The time attribute (seconds, any number form) in whole milliseconds; null when absent or not a non-negative number. */
  elapsedMs: number | null;
  /** 1-based line where the <testcase> start tag begins. */
  line: number;
  /** 0-based number of the <testcase> element in the document: the attempts of one testcase share it. */
  testcase: number;
  kind: AttemptKind;
}

/** The report is not well-formed XML, or not a JUnit report. Nothing parsed before it should be kept. */
export class JUnitSyntaxError extends Error {
  constructor(
    message: string,
    public readonly line: number,
    public readonly column: number,
  ) {
    super(message);
    this.name = 'JUnitSyntaxError';
  }
}
