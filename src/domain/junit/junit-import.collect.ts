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

/** One testcase element (one attempt of a test), in file order. */
export interface Attempt {
  name: string;
  classname: string | null;
  /** Explicit Casebook ids (properties, name tokens); empty: matched by automationKey. */
  ids: number[];
  /** `classname.name` (or name), the automationKey a test of it carries; '' when it has no name at all. */
  key: string;
  title: string;
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

/** Suite names, outermost first, each split on '/' into nested sections; blank parts dropped. */
function sectionPath(suites: string[]): string[] {
  return suites.flatMap((suite) => suite.split('/').map((part) => part.trim().slice(0, SECTION_NAME_MAX)).filter(Boolean));
}

export function automationKeyOf(name: string, classname: string | null): string {
  return (classname ? `${classname}.${name}` : name).slice(0, AUTOMATION_KEY_MAX);
}

/** Reads every testcase of the report; malformed XML is a 400 naming where. */
export async function collectReport(body: Buffer, statusMap: StatusMap): Promise<Report> {
  const attempts: Attempt[] = [];
  const paths: string[][] = [[]];
  const pathIndex = new Map<string, number>([['', 0]]);
  try {
    for await (const c of parseJUnit(body)) {
      if (attempts.length === MAX_JUNIT_CASES) throw badRequest(`a report holds at most ${MAX_JUNIT_CASES} testcases`);
      const suitesKey = c.suites.join('\u0000');
      let path = pathIndex.get(suitesKey);
      if (path === undefined) {
        path = paths.push(sectionPath(c.suites)) - 1;
        pathIndex.set(suitesKey, path);
      }
      attempts.push({
        name: c.name,
        classname: c.classname,
        ids: c.ids,
        key: automationKeyOf(c.name, c.classname),
        title: c.title.slice(0, TITLE_MAX).trim(),
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
