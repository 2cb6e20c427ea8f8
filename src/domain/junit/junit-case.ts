// What the JUnit XML parser yields: one entry per test attempt found in a report.
// Pure data; the import service maps these onto a run's results.

export type JUnitOutcome = 'passed' | 'failure' | 'error' | 'skipped';

export interface JUnitCase {
  /** testcase@name, trimmed ('' when the attribute is missing). */
  name: string;
  /** testcase@classname (or @class when classname is missing), trimmed; null when absent or empty. */
  classname: string | null;
  /** Names of the enclosing <testsuite> elements, outermost first; the <testsuites> root and unnamed suites are left out. */
  suites: string[];
  /**
   * Explicit Casebook test ids, in order of appearance, without duplicates: first from the testcase's
   * casebook_id / test_id properties, then from "[C123]" / "C123_" tokens in the name (see junit-ids.ts).
   */
  ids: number[];
  /** The name without its id tokens, whitespace collapsed; the name itself when nothing else is left. */
  title: string;
  outcome: JUnitOutcome;
  /** "<type>: <message>", the element's text (first 4096 chars) and system-err (first 4096 chars); null for passed or when empty. */
  comment: string | null;
  /** The time attribute (seconds) in whole milliseconds; null when absent or not a plain non-negative number. */
  elapsedMs: number | null;
  /** 1-based line where the <testcase> start tag begins. */
  line: number;
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
