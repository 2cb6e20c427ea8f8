// The fields a CSV column may be read into (POST /test/import-csv's mapping, CSV_FIELDS in
// src/domain/csv-import/csv-import.schemas.ts), named for people. Custom fields (cf_<key>) are
// offered where the API answered one as a column's field.

export const CSV_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  section: 'Section',
  description: 'Description',
  preconditions: 'Preconditions',
  steps: 'Steps (text or numbered)',
  expectedResult: 'Expected result',
  stepAction: 'Step: action',
  stepExpected: 'Step: expected',
  stepData: 'Step: data',
  priority: 'Priority',
  type: 'Type',
  platform: 'Platform',
  automationStatus: 'Automation status',
  coveredBy: 'Covered by',
  squad: 'Squad',
  labels: 'Labels',
  automationKey: 'Automation key',
  suiteId: 'Suite id (Qase)',
  suiteParentId: 'Suite parent id (Qase)',
  ignore: 'Not imported',
};

export const IGNORE = 'ignore';

/** The options of a column's select: every field, and the column's own when it is a custom field. */
export function fieldOptions(current: string): { value: string; label: string }[] {
  const options = Object.entries(CSV_FIELD_LABELS).map(([value, label]) => ({ value, label }));
  if (!(current in CSV_FIELD_LABELS)) options.splice(options.length - 1, 0, { value: current, label: customLabel(current) });
  return options;
}

const customLabel = (field: string) => `Custom field ${field.replace(/^cf_/, '')}`;

/** A field's name for people. */
export const fieldLabel = (field: string | null) =>
  field === null ? CSV_FIELD_LABELS[IGNORE] : (CSV_FIELD_LABELS[field] ?? customLabel(field));

export const PRESETS = [
  { value: '', label: 'None (Casebook’s own headers, or field names)' },
  { value: 'testrail', label: 'TestRail' },
  { value: 'qase', label: 'Qase' },
  { value: 'casebook', label: 'Casebook export' },
] as const;
