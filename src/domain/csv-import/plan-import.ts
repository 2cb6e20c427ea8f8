import type { LookupKind } from '../../generated/prisma/client';
import type { FieldValue } from '../custom-fields/field-value.schemas';
import { MAX_LABELS } from '../test-cases/test-cases.schemas';
import { MAX_STEPS, type Step } from '../test-cases/steps.schemas';
import type { RowError } from './csv-import.schemas';
import { nameKey, type ImportCatalog, type Named } from './catalog';
import { customValue } from './custom-values';
import { valueFault } from '../custom-fields/field-values';
import type { CsvTable } from './read-csv';
import type { ResolvedColumns } from './resolve-columns';
import { splitStepsText, stepsFromColumns } from './split-steps';

// Step 3: each row read into the test it makes, names looked up in the project's catalog. A row
// that cannot be imported gets an error per column at fault (row, header, reason); every row is
// read, so one answer lists every error. Sections and labels not found are to be created.

export const SECTION_NAME_MAX = 200;
export const LABEL_NAME_MAX = 100;

export interface PlannedTest {
  row: number;
  title: string;
  /** Its section path, names outermost first; null for none. */
  section: string[] | null;
  /** Qase: the suite the test is in, its path built from the suites' parents once every row is read. */
  suiteId?: string;
  testDescription: string | null;
  preconditions: string | null;
  steps: string | Step[] | null;
  expectedResult: string | null;
  lookups: Partial<Record<LookupKind, Named>>;
  squad: Named | null;
  /** Label names as first written in the file. */
  labels: string[];
  automationKey: string | null;
  customFields: Record<string, FieldValue>;
  /** Its row has errors: it is not written, and only counted. */
  bad?: true;
}

export interface ImportPlan {
  tests: PlannedTest[];
  errors: RowError[];
  /** Paths of sections that do not exist yet, as `A > B`, in order of first use. */
  newSections: string[];
  /** Labels that do not exist yet, as first written. */
  newLabels: string[];
  rowsRead: number;
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

export function planImport(table: CsvTable, columns: ResolvedColumns, catalog: ImportCatalog, heldKeys: Set<string>): ImportPlan {
  const { headers } = table;
  const errors: RowError[] = [];
  const tests: PlannedTest[] = [];
  const keyRows = new Map<string, number>();
  const labelNames = new Map<string, string>();
  const suites = new Map<string, { name: string; parent: string }>();
  const customFields = [...columns.index.keys()].flatMap((name) =>
    name.startsWith('cf_') ? [catalog.customFields.get(name.slice(3))!] : [],
  );
  const valueAliases = columns.preset.values ?? {};
  const others = [...columns.index].filter(([name]) => name !== 'title' && !STEP_FIELDS.includes(name)).map(([, i]) => i);

  const rowsRead = table.rows.length;
  table.rows.forEach((cells, r) => {
    // The row is let go once read (what the test keeps of it stays): a large file's cells do not all outlive planning.
    table.rows[r] = [];
    const row = table.rowNumbers[r];
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
    if (title === '' && hasStepCells && others.every((i) => (cells[i] ?? '').trim() === '') && tests.length > 0) {
      const test = tests[tests.length - 1];
      const { steps, missing } = stepCells();
      for (const n of missing) fail('stepAction', `Step ${n} has an expected result or data but no action`);
      if (typeof test.steps === 'string') fail('stepAction', 'A step row under a test whose steps are a text');
      else test.steps = [...(test.steps ?? []), ...steps];
      return;
    }

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
    const before = errors.length;
    if (title === '') fail('title', 'No title');

    const path = sectionNames(cell('section'));
    for (const name of path)
      if (name.length > SECTION_NAME_MAX) fail('section', `A section name has at most ${SECTION_NAME_MAX} characters`);
    test.section = path.length ? path : null;
    const suiteId = cell('suiteId').trim();
    if (suiteId && path.length === 1) {
      test.suiteId = suiteId;
      suites.set(suiteId, { name: path[0], parent: cell('suiteParentId').trim() });
    }

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
      else if (heldKeys.has(key)) fail('automationKey', `Automation key "${key}" is held by a test of this project`);
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
    tests.push(test);
  });

  resolveSuitePaths(tests, suites);
  for (const test of tests) {
    if (Array.isArray(test.steps) && test.steps.length > MAX_STEPS) {
      errors.push({
        row: test.row,
        column: headers[columns.index.get('stepAction') ?? columns.index.get('steps')!],
        reason: `At most ${MAX_STEPS} steps; this test has ${test.steps.length}`,
      });
      test.bad = true;
    }
    if (Array.isArray(test.steps) && test.steps.length === 0) test.steps = null;
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    tests,
    errors,
    newSections: newSectionPaths(tests, catalog.sectionPaths),
    newLabels: [...labelNames].flatMap(([key, name]) => (catalog.labels.has(key) ? [] : [name])),
    rowsRead,
  };
}

/** Qase names a test's suite and the suite's parent by id: the path is the chain of named suites up to the root. */
function resolveSuitePaths(tests: PlannedTest[], suites: Map<string, { name: string; parent: string }>) {
  if (suites.size === 0) return;
  const pathOf = (id: string): string[] => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at && suites.has(at) && !seen.has(at); at = suites.get(at)!.parent) {
      seen.add(at);
      names.unshift(suites.get(at)!.name);
    }
    return names;
  };
  for (const test of tests) if (test.suiteId) test.section = pathOf(test.suiteId);
}

/** Each section path (and its ancestors) the tests use that does not exist, `A > B`, in order of first use. */
function newSectionPaths(tests: PlannedTest[], existing: Set<string>): string[] {
  const found = new Map<string, string>();
  for (const test of tests) {
    if (!test.section) continue;
    for (let depth = 1; depth <= test.section.length; depth++) {
      const path = test.section.slice(0, depth).join(' > ');
      const key = nameKey(path);
      if (!existing.has(key) && !found.has(key)) found.set(key, path);
    }
  }
  return [...found.values()];
}
