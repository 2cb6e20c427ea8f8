import { stringify, type Stringifier } from 'csv-stringify';
import type { DbOrTx } from '../db/client';
import { labelKind, nameMap, squadKind } from '../domain/labels/data';
import { lookupNames } from '../domain/lookups/data';
import { sectionPaths } from '../domain/sections/data';
import { csvColumns, type CsvColumn, type Reference, type TestRecord } from '../domain/test-cases/data';
import { stepsText } from '../domain/test-cases/steps-text';
import { listFieldDefs, memberNames, type FieldDef } from '../domain/custom-fields/data';
import type { FieldValue } from '../domain/custom-fields/field-value.schemas';

// The CSV form of the test export: names instead of ids, one row per test.

/**
 * Id → name of each table a test refers to; sections by their path `A > B`. With the
 * project's test fields (a column each) and the names of the members a user field may hold.
 */
export type CatalogNames = Record<Reference['table'], Map<number, string>> & { fields: FieldDef[]; users: Map<number, string> };

/** Metadata is small next to the tests, so it is read whole, once per export. */
export async function loadCatalogNames(db: DbOrTx, projectId: number): Promise<CatalogNames> {
  const [section, lookup, squad, label, fields, users] = await Promise.all([
    sectionPaths(db, projectId),
    lookupNames(db, projectId),
    nameMap(db, squadKind, projectId),
    nameMap(db, labelKind, projectId),
    listFieldDefs(db, projectId, 'test'),
    memberNames(db, projectId),
  ]);
  return { section, lookup, squad, label, fields, users };
}

/** A custom field's cell: options of a multiselect joined by ;, a user by name (else email), '' without a value. */
function fieldCell(field: FieldDef, value: FieldValue | undefined, n: CatalogNames): string | number {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(';');
  if (field.type === 'user') return n.users.get(value as number) ?? String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

const name = (map: Map<number, string>, id: number | null) => (id === null ? '' : (map.get(id) ?? ''));

/** A column's cell of a test: names for the ids a test refers to (labels joined by ;), '' for null. */
const cellOf =
  (c: CsvColumn) =>
  (t: TestRecord, n: CatalogNames): string | number => {
    const value = t[c.field];
    if (c.kind === 'reference') return name(n[c.refers!.table], value as number | null);
    if (c.kind === 'labels') return (value as number[]).map((id) => name(n[c.refers!.table], id)).join(';');
    if (c.kind === 'steps') return stepsText(t.steps);
    return (value as string | number | null) ?? '';
  };

// The columns and their headers are the test's fields (test-cases/data/columns.ts), then a cf_<key> per custom field.
const columns = csvColumns.map((c) => [c.header, cellOf(c)] as const);
export const csvHeaders = (names: CatalogNames) => [...columns.map(([header]) => header), ...names.fields.map((f) => `cf_${f.key}`)];

export const csvRow = (test: TestRecord, names: CatalogNames) => [
  ...columns.map(([, cell]) => cell(test, names)),
  ...names.fields.map((f) => fieldCell(f, test.customFields[f.key], names)),
];

/**
 * Spreadsheets run a cell as a formula when its text starts with = + - or @ (or
 * their fullwidth forms, which some normalize), and several trim leading
 * whitespace first, so " =1+1" and "\n=1+1" run too; a leading tab or CR hides
 * a formula from the eye. Such a text cell gets a leading ', which shows it as
 * text. Number cells (a negative count) are numbers, not text, and stay as they are.
 */
const FORMULA_LIKE = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const escapeFormula = (text: string): string => (FORMULA_LIKE.test(text) ? `'${text}` : text);

/** A stream of CSV text from rows given by csvRow, text cells escaped by escapeFormula. */
export const csvStream = (names: CatalogNames): Stringifier =>
  stringify({ header: true, columns: csvHeaders(names), cast: { string: escapeFormula } });
