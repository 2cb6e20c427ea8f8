import type { LookupKind } from '../../generated/prisma/client';
import { MAX_LABELS } from '../test-cases/test-cases.schemas';
import { MAX_STEPS } from '../test-cases/steps.schemas';
import type { RowError } from './csv-import.schemas';
import { nameKey, type ImportCatalog, type Named } from './catalog';
import { customValue } from './custom-values';
import { valueFault } from '../custom-fields/field-values';
import { checkTestFields } from './check-fields';
import type { ResolvedColumns } from './resolve-columns';
import type { PlannedTest } from './planned-test';
import { splitStepsText, stepsFromColumns } from './split-steps';

// Step 3: each row read into the test it makes, as the rows are read, names looked up in the
// project's catalog. A row that cannot be imported gets an error per column at fault (row, header,
// reason); every row is read, so one answer lists every error. Sections and labels not found are
// to be created. A test is complete when the next test's row (or the end) comes: a row of only step
// cells continues the test above. Only what the answer needs of the tests outlives their batch.

export type { PlannedTest } from './planned-test';

/** A Qase suite's path, names outermost first (suite-paths.ts). */
export type SuitePaths = (suiteId: string) => string[];

export const SECTION_NAME_MAX = 200;
export const LABEL_NAME_MAX = 100;

/** What the planner keeps of the whole file: every error, counts, and the names to create. */
export interface ImportPlan {
  errors: RowError[];
  /** Tests the file makes, bad ones included. */
  testCount: number;
  /** Paths of sections that do not exist yet, as `A > B`, in order of first use. */
  newSections: string[];
  /** Labels that do not exist yet, as first written. */
  newLabels: string[];
  rowsRead: number;
}

/** Plans rows one at a time: `push` a row, and take each test it completes; `end` completes the last. */
export interface ImportPlanner {
  push(cells: string[], row: number): PlannedTest | undefined;
  end(): PlannedTest | undefined;
  /** What the file made, once ended (its errors sorted by row). */
  plan(): ImportPlan;
}

const LOOKUP_COLUMNS: [field: 'priority' | 'type' | 'platform' | 'automationStatus' | 'coveredBy', kind: LookupKind, noun: string][] = [
  ['priority', 'priority', 'priority'],
  ['type', 'type', 'type'],
  ['platform', 'platform', 'platform'],
  ['automationStatus', 'automation_status', 'automation status'],
  ['coveredBy', 'test_covered_by', 'test-covered-by entry'],
];
const STEP_FIELDS = ['stepAction', 'stepExpected', 'stepData'];

/** `A > B > C` or `A/B/C`: the names, outermost first. */
export const sectionNames = (path: string): string[] =>
  path
    .split(path.includes('>') ? '>' : '/')
    .map((n) => n.trim())
    .filter(Boolean);

/** A text the export escaped (reports/test-export-csv.ts escapeFormula): its leading ' dropped. */
const ESCAPED_FORMULA = /^'(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const unescape = (cell: string) => (ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);

const textOrNull = (s: string) => (s.trim() === '' ? null : s);
const listed = (m: Map<string, Named>) =>
  [...m.values()]
    .slice(0, 20)
    .map((n) => n.name)
    .join(', ');

export function importPlanner(
  headers: string[],
  columns: ResolvedColumns,
  catalog: ImportCatalog,
  suitePaths: SuitePaths | undefined,
  /** Where each row error goes: the import's one list (its checks against the database add theirs). */
  errors: RowError[],
): ImportPlanner {
  const keyRows = new Map<string, number>();
  const labelNames = new Map<string, string>();
  const newSections = new Map<string, string>();
  const customFields = [...columns.index.keys()].flatMap((name) =>
    name.startsWith('cf_') ? [catalog.customFields.get(name.slice(3))!] : [],
  );
  const valueAliases = columns.preset.values ?? {};
  const others = [...columns.index].filter(([name]) => name !== 'title' && !STEP_FIELDS.includes(name)).map(([, i]) => i);
  const stepsHeader = headers[columns.index.get('stepAction') ?? columns.index.get('steps') ?? -1];
  const headerOf = (field: string) => {
    const i = columns.index.get(field);
    return i === undefined ? null : headers[i];
  };
  let rowsRead = 0;
  let testCount = 0;
  let open: PlannedTest | undefined;

  /** The open test is complete: its steps counted, its fields checked as a create checks them, its new sections noted. */
  const complete = (): PlannedTest | undefined => {
    const test = open;
    open = undefined;
    if (!test) return undefined;
    if (Array.isArray(test.steps) && test.steps.length > MAX_STEPS) {
      errors.push({ row: test.row, column: stepsHeader, reason: `At most ${MAX_STEPS} steps; this test has ${test.steps.length}` });
      test.bad = true;
    }
    if (Array.isArray(test.steps) && test.steps.length === 0) test.steps = null;
    if (!test.bad && checkTestFields(test, errors, headerOf)) test.bad = true;
    for (let depth = 1; test.section && depth <= test.section.length; depth++) {
      const path = test.section.slice(0, depth).join(' > ');
      const key = nameKey(path);
      if (!catalog.sectionPaths.has(key) && !newSections.has(key)) newSections.set(key, path);
    }
    return test;
  };

  const push = (cells: string[], row: number): PlannedTest | undefined => {
    rowsRead += 1;
    const cell = (field: string) => {
      const i = columns.index.get(field);
      const text = i === undefined ? '' : (cells[i] ?? '');
      return columns.preset.unescapesFormulas ? unescape(text) : text;
    };
    const fail = (field: string | null, reason: string) => {
      errors.push({ row, column: field === null ? null : headers[columns.index.get(field)!], reason });
      return false;
    };
    const stepCells = () => stepsFromColumns(cell('stepAction'), cell('stepExpected'), cell('stepData'));
    const hasStepCells = STEP_FIELDS.some((f) => cell(f).trim() !== '');
    const title = cell('title').trim();

    // A row of only step cells continues the test above (TestRail's and Qase's step rows).
    if (title === '' && hasStepCells && others.every((i) => (cells[i] ?? '').trim() === '') && open) {
      const test = open;
      const { steps, missing } = stepCells();
      for (const n of missing) fail('stepAction', `Step ${n} has an expected result or data but no action`);
      if (typeof test.steps === 'string') fail('stepAction', 'A step row under a test whose steps are a text');
      else test.steps = [...(test.steps ?? []), ...steps];
      if (missing.length > 0 || typeof test.steps === 'string') test.bad = true;
      return undefined;
    }

    const completed = complete();
    testCount += 1;
    const test: PlannedTest = {
      row,
      title,
      section: null,
      testDescription: textOrNull(cell('description')),
      preconditions: textOrNull(cell('preconditions')),
      steps: null,
      expectedResult: textOrNull(cell('expectedResult')),
      lookups: {},
      squad: null,
      labels: [],
      automationKey: null,
      customFields: {},
    };
    open = test;
    const before = errors.length;
    if (title === '') fail('title', 'No title');

    const path = sectionNames(cell('section'));
    for (const name of path)
      if (name.length > SECTION_NAME_MAX) fail('section', `A section name has at most ${SECTION_NAME_MAX} characters`);
    const suiteId = cell('suiteId').trim();
    // Qase: a test in a suite is in the suite's path, read from every row before (suite-paths.ts).
    test.section = suiteId && path.length === 1 && suitePaths ? suitePaths(suiteId) : path.length ? path : null;
    if (hasStepCells) {
      const { steps, missing } = stepCells();
      for (const n of missing) fail('stepAction', `Step ${n} has an expected result or data but no action`);
      test.steps = steps;
    } else if (cell('steps').trim() !== '') {
      const text = cell('steps');
      test.steps = splitStepsText(text) ?? text;
    }

    for (const [field, kind, noun] of LOOKUP_COLUMNS) {
      let name = cell(field).trim();
      const aliases = valueAliases[field as keyof typeof valueAliases];
      const alias = aliases?.[name.toLowerCase()];
      if (alias !== undefined) name = alias;
      if (name === '') continue;
      const found = catalog.lookups[kind].get(nameKey(name));
      if (found) test.lookups[kind] = found;
      else fail(field, `No ${noun} "${name}" in this project (${listed(catalog.lookups[kind])})`);
    }
    const squad = cell('squad').trim();
    if (squad) {
      test.squad = catalog.squads.get(nameKey(squad)) ?? null;
      if (!test.squad) fail('squad', `No squad "${squad}" in this project`);
    }

    const seenLabels = new Set<string>();
    for (const raw of cell('labels').split(/[,;]/)) {
      const name = raw.trim();
      if (name === '' || seenLabels.has(nameKey(name))) continue;
      seenLabels.add(nameKey(name));
      if (name.length > LABEL_NAME_MAX) fail('labels', `"${name.slice(0, 40)}…": a label has at most ${LABEL_NAME_MAX} characters`);
      test.labels.push(name);
      if (!labelNames.has(nameKey(name))) labelNames.set(nameKey(name), name);
    }
    if (test.labels.length > MAX_LABELS) fail('labels', `A test has at most ${MAX_LABELS} labels; this row has ${test.labels.length}`);

    const key = cell('automationKey').trim();
    if (key) {
      test.automationKey = key;
      const first = keyRows.get(key);
      if (first !== undefined) fail('automationKey', `Automation key "${key}" is also on row ${first}`);
      else keyRows.set(key, row);
    }

    for (const spec of customFields) {
      const value = customValue(spec, cell(`cf_${spec.key}`));
      if (value === undefined) continue;
      // The same check as the tests' customFields of POST /test/create (field-values.ts).
      if ('error' in value) {
        fail(`cf_${spec.key}`, value.error);
        continue;
      }
      const fault = valueFault(spec, value.value);
      if (fault) fail(`cf_${spec.key}`, fault);
      else test.customFields[spec.key] = value.value;
    }
    // As at create: a field without a value takes its default; a required one without a default is an error.
    for (const spec of catalog.customFields.values()) {
      if (test.customFields[spec.key] !== undefined) continue;
      if (spec.defaultValue !== null) test.customFields[spec.key] = spec.defaultValue;
      else if (spec.required)
        fail(columns.index.has(`cf_${spec.key}`) ? `cf_${spec.key}` : null, `${spec.name} is required, and the field has no default`);
    }
    if (errors.length > before) test.bad = true;
    return completed;
  };

  return {
    push,
    end: complete,
    plan: () => ({
      errors: errors.sort((a, b) => a.row - b.row),
      testCount,
      newSections: [...newSections.values()],
      newLabels: [...labelNames].flatMap(([key, name]) => (catalog.labels.has(key) ? [] : [name])),
      rowsRead,
    }),
  };
}
