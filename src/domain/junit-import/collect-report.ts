import { badRequest } from '../../core/errors';
import { AUTOMATION_KEY_MAX } from '../test-cases/test-cases.schemas';
import type { AttemptKind, JUnitCase } from './junit-case';
import { idsAndTitleFromName } from './junit-ids';
import { JUnitSyntaxError, parseJUnit } from './junit-parser';
import { MAX_JUNIT_CASES, type ImportStatus, type StatusMap } from './junit-import.schemas';
import { defectRef, MAX_DEFECTS } from '../defects/defect-links';

// Step 1 of an import: the whole report is read before anything is matched or
// written (malformed XML anywhere means nothing is written), keeping only what
// the import needs of each testcase, with its suite path and key scope shared among cases.
//
// A test's key is its full path in the report: the suite chain and file, then `classname.name`,
// then its Playwright project: `<suites and file, joined by " / "> :: <classname>.<name> [<project>]`
// (a suite or file equal to the classname is not repeated; the nth suite of one name under one
// parent is "<name> #n"). The project is a `project` / `browser` property, else the suite's hostname
// where that is Playwright's project: the report holds the same suite under several hostnames, or
// it is a Playwright report (suites named after a .js/.ts spec file that are the testcases'
// classname, and a testcase name joining describe and title with " › "). Elsewhere (node, pytest,
// vitest, Ant) hostname is the machine, which must not split tests.
// Only testcases with the same key are the same test.

/** Longest title and section name the catalog takes (the create and add-section routes' limits). */
export const TITLE_MAX = 500;
export const SECTION_NAME_MAX = 200;
/** Longest comment kept: message, stack, system-out and system-err of 64 KB each, with room to spare. */
export const COMMENT_MAX = 200_000;

/**
 * One attempt of a test (a testcase element, or one rerun element in it), in file order. Kept
 * small: a 50 MiB report holds up to 200,000 of them (classnames shared, titles only when they
 * differ from the name, keys made when needed).
 */
export interface Attempt {
  name: string;
  classname: string | null;
  /** Ids from casebook_id / test_id properties; empty: matched by key. */
  ids: readonly number[];
  /** Ids from "[C123]" / "C123_" tokens in the name: used only with caseMatcher=name. */
  nameIds: readonly number[];
  /** The title of a test made of it (describe path and jest-junit's repeated prefix cut off), when it differs from the name. */
  title?: string;
  status: ImportStatus;
  comment: string | null;
  elapsedMs: number | null;
  /** Its testcase's defects (`defect` properties that are defect ids or URLs, at most MAX_DEFECTS). */
  defects: readonly string[];
  /** Index into `Report.paths`: the section path made of its file, suites and describe path. */
  path: number;
  /** Index into `Report.scopes`: what its key holds besides `classname.name`. */
  scope: number;
  /** The <testcase> element it belongs to (0-based, document order). */
  testcase: number;
  kind: AttemptKind;
}

export interface Scope {
  prefix: string;
  hostname: string | null;
  project: string | null;
  /** Its suite is a spec file holding its testcases (Playwright, vitest). */
  specSuite: boolean;
  /** Its suite is a Go package's (a go.version property). */
  go: boolean;
  /** ` [project]`, set once the whole report is read. */
  suffix: string;
}

export interface Report {
  attempts: Attempt[];
  /** Distinct section paths (names, outermost first); index 0 is the empty path (no section). */
  paths: string[][];
  scopes: Scope[];
  counts: { testcases: number; tests: number; repetitions: number; reruns: number };
  /** The files each <testcase> (by Attempt.testcase) names for its result, for those that name any. */
  attachments: Map<number, readonly string[]>;
}

const NO_IDS: readonly number[] = Object.freeze([]);
const NO_DEFECTS: readonly string[] = Object.freeze([]);

/** A testcase's defect properties as a result takes them: values that are no defect id or URL left out, duplicates dropped, at most MAX_DEFECTS. */
function defectsOf(values: string[]): readonly string[] {
  if (values.length === 0) return NO_DEFECTS;
  const valid = values.filter((v) => defectRef.safeParse(v).success);
  return [...new Set(valid.map(detach))].slice(0, MAX_DEFECTS);
}

/**
 * A copy of a text the parser gave that keeps nothing else alive: V8 makes a substring of 13
 * characters or more a slice of its parent, so a testcase name kept for the import held the
 * parser's whole chunk of the document (40 MB of a 33 MB report of 100,000 testcases). The
 * concatenation is flattened into a new string of its own before it is sliced. Every text the
 * report keeps goes through it: section names and suite prefixes too (4,000 of them held 34 MB of
 * chunks of that report), as a join or split of one part may give back that part itself.
 */
const detach = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));
const SPEC_FILE = /\.[cm]?[jt]sx?$/i;
/** pytest writes an error in a fixture's setup or teardown as a second testcase of the test: part of its result, not a repetition. */
const PYTEST_PHASE_ERROR = /^failed on (?:setup|teardown) with /;
const DESCRIBE_SEPARATOR = ' › ';

const parts = (text: string) =>
  text
    .split('/')
    .map((part) => part.trim().slice(0, SECTION_NAME_MAX))
    .filter(Boolean);

/** The file (when no suite names it already), the suites (each split on '/'), then the describe path. */
function sectionPath(file: string | null, suites: string[], describe: string[]): string[] {
  const fromFile = file !== null && !suites.includes(file) ? parts(file) : [];
  return [...fromFile, ...suites.flatMap(parts), ...describe.map((d) => d.slice(0, SECTION_NAME_MAX)).filter(Boolean)];
}

/**
 * The describe path and title of a testcase name: Playwright joins describes and title with " › ",
 * vitest with " > " (read only when the classname is a spec file, `specFile`); jest-junit repeats
 * the describe path in the name ("math adds numbers" in suite "math"): cut it off.
 */
export function describeAndTitle(name: string, suites: string[], specFile = false): { describe: string[]; title: string } {
  const split = name.split(specFile ? /(?: › | > )/ : DESCRIBE_SEPARATOR).map((p) => p.trim());
  let title = split.pop() ?? '';
  const describe = split.filter(Boolean);
  for (const suite of [...suites].reverse()) {
    if (title.length > suite.length + 1 && title.startsWith(`${suite} `)) {
      title = title.slice(suite.length + 1).trim();
      break;
    }
  }
  return { describe, title: title || name };
}

/** `classname.name` (or name): the key tests carried before keys were full paths; '' when it has no name at all. */
export function automationKeyOf(a: Pick<Attempt, 'name' | 'classname'>): string {
  return (a.classname ? `${a.classname}.${a.name}` : a.name).slice(0, AUTOMATION_KEY_MAX);
}

/** The full key of the attempt's test ('' when it has no name at all). */
export function keyOf(report: Report, a: Attempt): string {
  const bare = automationKeyOf(a);
  if (bare === '') return '';
  const scope = report.scopes[a.scope];
  return `${scope.prefix}${bare}${scope.suffix}`.slice(0, AUTOMATION_KEY_MAX);
}

/** The title of a test created for the testcase, cut to the title limit; with caseMatcher=name without its id tokens. */
export function titleOf(a: Attempt, stripIds = false): string {
  const title = a.title ?? a.name;
  return (stripIds ? idsAndTitleFromName(title, []) : title).slice(0, TITLE_MAX).trim();
}

function scopePrefix(c: JUnitCase): string {
  const scope: string[] = [];
  for (const s of [...c.suiteKeys, c.file]) if (s !== null && s !== c.classname && !scope.includes(s)) scope.push(s);
  return scope.length > 0 ? `${scope.join(' / ')} :: ` : '';
}

/** Projects become part of the key: explicit ones always, hostnames only where they are Playwright's projects. */
function settleScopes(scopes: Scope[], playwright: boolean): void {
  const hostnames = new Map<string, Set<string>>();
  for (const s of scopes) if (s.hostname !== null) hostnames.set(s.prefix, (hostnames.get(s.prefix) ?? new Set()).add(s.hostname));
  for (const s of scopes) {
    const byHost = (playwright && s.specSuite) || (hostnames.get(s.prefix)?.size ?? 0) > 1;
    const project = s.project ?? (byHost ? s.hostname : null);
    s.suffix = project ? ` [${project}]` : '';
  }
}

function countTests(report: Report): Report['counts'] {
  const keys = new Set<string>();
  let testcases = 0;
  let tests = 0;
  let repetitions = 0;
  let reruns = 0;
  for (const a of report.attempts) {
    if (a.kind === 'flaky' || a.kind === 'rerun') {
      reruns += 1;
      continue;
    }
    testcases += 1;
    if (a.kind === 'retry') {
      reruns += 1;
      continue;
    }
    const key = `${report.scopes[a.scope].prefix}\u0000${automationKeyOf(a)}\u0000${report.scopes[a.scope].suffix}`;
    if (!keys.has(key)) {
      keys.add(key);
      tests += 1;
    } else if (!PYTEST_PHASE_ERROR.test(a.comment ?? '')) repetitions += 1;
  }
  return { testcases, tests, repetitions, reruns };
}

/**
 * gotestsum's --rerun-fails writes each rerun of a failed test as the same testcase again (failures
 * first, then passes), with nothing to tell it from `go test -count=N`, which writes every test of
 * the package N times. So in a Go package's suite, when its tests do not all repeat as often, a
 * repeated testcase is a rerun: the later ones become attempts of the first ('retry'), the last its
 * final outcome. Tests all repeated alike stay repetitions.
 */
function markGoRetries(report: Report): void {
  const byScope = new Map<number, Map<string, number[]>>();
  report.attempts.forEach((a, index) => {
    if (a.kind !== 'main' || !report.scopes[a.scope].go) return;
    const tests = byScope.get(a.scope) ?? byScope.set(a.scope, new Map()).get(a.scope)!;
    const key = automationKeyOf(a);
    const seen = tests.get(key);
    if (seen) seen.push(index);
    else tests.set(key, [index]);
  });
  for (const tests of byScope.values()) {
    if (new Set([...tests.values()].map((t) => t.length)).size < 2) continue;
    for (const indexes of tests.values()) for (const index of indexes.slice(1)) report.attempts[index].kind = 'retry';
  }
}

/** Reads every testcase of the report (whole, or its pieces as they arrive); malformed XML is a 400 naming where. */
export async function collectReport(body: Buffer | AsyncIterable<Buffer>, statusMap: StatusMap): Promise<Report> {
  const attempts: Attempt[] = [];
  const paths: string[][] = [[]];
  const pathIndex = new Map<string, number>([['', 0]]);
  const scopes: Scope[] = [];
  const scopeIndex = new Map<string, number>();
  const classnames = new Map<string, string>();
  const attachments = new Map<number, readonly string[]>();
  let playwright = false;
  try {
    for await (const c of parseJUnit(body)) {
      if (attempts.length === MAX_JUNIT_CASES) throw badRequest(`a report holds at most ${MAX_JUNIT_CASES} testcases`, 'junit_too_large');
      const specFile = c.classname !== null && SPEC_FILE.test(c.classname);
      const { describe, title } = describeAndTitle(c.name, c.suites, specFile);
      const pathKey = [c.file ?? '', ...c.suites, '\u0001', ...describe].join('\u0000');
      let path = pathIndex.get(pathKey);
      if (path === undefined) {
        path = paths.push(sectionPath(c.file, c.suites, describe).map(detach)) - 1;
        pathIndex.set(pathKey, path);
      }
      const prefix = scopePrefix(c);
      const specSuite = specFile && c.classname === c.suites[c.suites.length - 1];
      if (specSuite && c.name.includes(DESCRIBE_SEPARATOR)) playwright = true;
      const scopeKey = [prefix, c.hostname ?? '', c.project ?? '', specSuite, c.go].join('\u0000');
      let scope = scopeIndex.get(scopeKey);
      if (scope === undefined) {
        const [hostname, project] = [c.hostname, c.project].map((text) => (text === null ? null : detach(text)));
        scope = scopes.push({ prefix: detach(prefix), hostname, project, specSuite, go: c.go, suffix: '' }) - 1;
        scopeIndex.set(scopeKey, scope);
      }
      let classname = c.classname;
      if (classname !== null) {
        const known = classnames.get(classname);
        if (known === undefined) {
          classname = detach(classname);
          classnames.set(classname, classname);
        } else classname = known;
      }
      if (c.attachments.length > 0 && !attachments.has(c.testcase)) attachments.set(c.testcase, c.attachments.map(detach));
      const nameIds = c.ids.filter((id) => !c.propertyIds.includes(id));
      const name = detach(c.name);
      attempts.push({
        name,
        classname,
        ids: c.propertyIds.length > 0 ? c.propertyIds : NO_IDS,
        nameIds: nameIds.length > 0 ? nameIds : NO_IDS,
        title: title !== c.name ? detach(title) : undefined,
        status: statusMap[c.outcome],
        comment: c.comment === null ? null : detach(c.comment.slice(0, COMMENT_MAX)),
        elapsedMs: c.elapsedMs,
        defects: defectsOf(c.defects),
        path,
        scope,
        testcase: c.testcase,
        kind: c.kind,
      });
    }
  } catch (err) {
    if (err instanceof JUnitSyntaxError) {
      const what = err.message.replace(/^malformed XML at line \d+, column \d+:\s*/i, '');
      throw badRequest(`malformed XML at line ${err.line}, column ${err.column}: ${what}`, 'junit_malformed');
    }
    throw err;
  }
  settleScopes(scopes, playwright);
  const report: Report = { attempts, paths, scopes, counts: { testcases: 0, tests: 0, repetitions: 0, reruns: 0 }, attachments };
  markGoRetries(report);
  report.counts = countTests(report);
  return report;
}
