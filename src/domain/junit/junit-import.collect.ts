import { badRequest } from '../../core/errors';
import { AUTOMATION_KEY_MAX } from '../testcases/testcases.schemas';
import { JUnitSyntaxError, parseJUnit } from './junit-parser';
import { MAX_JUNIT_CASES, type ImportStatus, type StatusMap } from './junit-import.schemas';

// Step 1 of an import: the whole report is read before anything is matched or
// written (malformed XML anywhere means nothing is written), keeping only what
// the import needs of each testcase, with its suite path shared among cases.

/** Longest title and section name the catalog takes (the create and add-section routes' limits). */
export const TITLE_MAX = 500;
export const SECTION_NAME_MAX = 200;
/** Longest comment update-test-status takes. */
export const COMMENT_MAX = 10_000;

/**
 * One testcase element (one attempt of a test), in file order. Kept small: a
 * 50 MiB report holds up to 200,000 of them (classnames shared, the title only
 * when it differs from the name, the automation key made when needed).
 */
export interface Attempt {
  name: string;
  classname: string | null;
  /** Explicit Casebook ids (properties, name tokens); empty: matched by automationKey. */
  ids: readonly number[];
  /** The name without id tokens, when that differs from the name. */
  title?: string;
  status: ImportStatus;
  comment: string | null;
  elapsedMs: number | null;
  /** Index into `Report.paths`: the section path made of its suites. */
  path: number;
}

export interface Report {
  attempts: Attempt[];
  /** Distinct section paths (names, outermost first); index 0 is the empty path (no section). */
  paths: string[][];
}

const NO_IDS: readonly number[] = Object.freeze([]);

/** Suite names, outermost first, each split on '/' into nested sections; blank parts dropped. */
function sectionPath(suites: string[]): string[] {
  return suites.flatMap((suite) =>
    suite
      .split('/')
      .map((part) => part.trim().slice(0, SECTION_NAME_MAX))
      .filter(Boolean),
  );
}

/** `classname.name` (or name): the automationKey a test of this testcase carries; '' when it has no name at all. */
export function automationKeyOf(a: Pick<Attempt, 'name' | 'classname'>): string {
  return (a.classname ? `${a.classname}.${a.name}` : a.name).slice(0, AUTOMATION_KEY_MAX);
}

/** The title of a test created for the testcase: its name without id tokens, cut to the title limit. */
export const titleOf = (a: Attempt) => (a.title ?? a.name).slice(0, TITLE_MAX).trim();

/** Reads every testcase of the report (whole, or its pieces as they arrive); malformed XML is a 400 naming where. */
export async function collectReport(body: Buffer | AsyncIterable<Buffer>, statusMap: StatusMap): Promise<Report> {
  const attempts: Attempt[] = [];
  const paths: string[][] = [[]];
  const pathIndex = new Map<string, number>([['', 0]]);
  const classnames = new Map<string, string>();
  try {
    for await (const c of parseJUnit(body)) {
      if (attempts.length === MAX_JUNIT_CASES) throw badRequest(`a report holds at most ${MAX_JUNIT_CASES} testcases`);
      const suitesKey = c.suites.join('\u0000');
      let path = pathIndex.get(suitesKey);
      if (path === undefined) {
        path = paths.push(sectionPath(c.suites)) - 1;
        pathIndex.set(suitesKey, path);
      }
      let classname = c.classname;
      if (classname !== null) {
        const known = classnames.get(classname);
        if (known === undefined) classnames.set(classname, classname);
        else classname = known;
      }
      attempts.push({
        name: c.name,
        classname,
        ids: c.ids.length > 0 ? c.ids : NO_IDS,
        title: c.title !== c.name ? c.title : undefined,
        status: statusMap[c.outcome],
        comment: c.comment === null ? null : c.comment.slice(0, COMMENT_MAX),
        elapsedMs: c.elapsedMs,
        path,
      });
    }
  } catch (err) {
    if (err instanceof JUnitSyntaxError) {
      const what = err.message.replace(/^malformed XML at line \d+, column \d+:\s*/i, '');
      throw badRequest(`malformed XML at line ${err.line}, column ${err.column}: ${what}`);
    }
    throw err;
  }
  return { attempts, paths };
}
