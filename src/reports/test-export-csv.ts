import { stringify, type Stringifier } from 'csv-stringify';
import type { Db } from '../db/client';
import { sectionPaths } from '../domain/sections/data';
import type { TestRecord } from '../domain/testcases/testcases.sql';

// The CSV form of the test export: names instead of ids, one row per test.

/** Id → name of everything a test refers to; sections by their path `A > B`. */
export interface CatalogNames {
  section: Map<number, string>;
  lookup: Map<number, string>;
  squad: Map<number, string>;
  label: Map<number, string>;
}

/** Metadata is small next to the tests, so it is read whole, once per export. */
export async function loadCatalogNames(db: Db, projectId: number): Promise<CatalogNames> {
  const [section, lookups, squads, labels] = await Promise.all([
    sectionPaths(db, projectId),
    db.lookupEntry.findMany({ where: { projectId }, select: { id: true, name: true } }),
    db.squad.findMany({ where: { projectId }, select: { squadId: true, squadName: true } }),
    db.label.findMany({ where: { projectId }, select: { labelId: true, labelName: true } }),
  ]);
  return {
    section,
    lookup: new Map(lookups.map((l) => [l.id, l.name])),
    squad: new Map(squads.map((s) => [s.squadId, s.squadName])),
    label: new Map(labels.map((l) => [l.labelId, l.labelName])),
  };
}

const name = (map: Map<number, string>, id: number | null) => (id === null ? '' : (map.get(id) ?? ''));

const columns: [header: string, cell: (t: TestRecord, n: CatalogNames) => string | number][] = [
  ['ID', (t) => t.testId],
  ['Title', (t) => t.title],
  ['Description', (t) => t.testDescription ?? ''],
  ['Preconditions', (t) => t.preconditions ?? ''],
  ['Steps', (t) => t.steps ?? ''],
  ['Expected Result', (t) => t.expectedResult ?? ''],
  ['Section', (t, n) => name(n.section, t.sectionId)],
  ['Priority', (t, n) => name(n.lookup, t.priorityId)],
  ['Type', (t, n) => name(n.lookup, t.typeId)],
  ['Automation Status', (t, n) => name(n.lookup, t.automationStatusId)],
  ['Platform', (t, n) => name(n.lookup, t.platformId)],
  ['Covered By', (t, n) => name(n.lookup, t.testCoveredById)],
  ['Squad', (t, n) => name(n.squad, t.squadId)],
  ['Automation Key', (t) => t.automationKey ?? ''],
  ['Labels', (t, n) => t.labels.map((id) => name(n.label, id)).join(';')],
  ['Created At', (t) => t.createdAt],
  ['Updated At', (t) => t.updatedAt],
];
export const csvHeaders = columns.map(([header]) => header);

export const csvRow = (test: TestRecord, names: CatalogNames) => columns.map(([, cell]) => cell(test, names));

/**
 * A stream of CSV text from rows given by csvRow. A cell starting with = + - @,
 * a tab or a carriage return gets a leading ', so no spreadsheet runs it as a formula.
 */
export const csvStream = (): Stringifier => stringify({ header: true, columns: csvHeaders, escape_formulas: true });
