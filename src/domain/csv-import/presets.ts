import { csvColumns } from '../test-cases/data';
import type { CsvField, CsvPreset } from './csv-import.schemas';

// The column headers of other tools' CSV exports, and the fields they hold. Headers match
// case-insensitively; where a file has two headers for one field, the first listed wins
// (TestRail's "Section Hierarchy", the full path, over "Section", the section's own name).
// Headers a preset does not list are not imported unless the mapping's columns name a field.

export interface Preset {
  columns: [header: string, field: CsvField][];
  /** Values of a lookup column this tool writes for Casebook's names (lower case); '' reads as no value. */
  values?: Partial<Record<'priority' | 'automationStatus' | 'type', Record<string, string>>>;
  /** Cells written as text with a leading ' (a formula-like text escaped by the export) are read without it. */
  unescapesFormulas?: true;
}

const testrail: Preset = {
  columns: [
    ['Title', 'title'],
    ['Section Hierarchy', 'section'],
    ['Section', 'section'],
    ['Preconditions', 'preconditions'],
    // "Test Case (Text)" template: the steps and the expected result as text (numbered steps split).
    ['Steps', 'steps'],
    ['Expected Result', 'expectedResult'],
    // "Test Case (Steps)" template: one step a row, or each cell numbered.
    ['Steps (Step)', 'stepAction'],
    ['Steps (Expected Result)', 'stepExpected'],
    ['Steps (Additional Info)', 'stepData'],
    ['Priority', 'priority'],
    ['Type', 'type'],
    ['Automation Type', 'automationStatus'],
    ['Platform', 'platform'],
    ['Labels', 'labels'],
  ],
  values: { automationStatus: { none: '' } },
};

const qase: Preset = {
  columns: [
    ['title', 'title'],
    ['suite', 'section'],
    ['suite_id', 'suiteId'],
    ['suite_parent_id', 'suiteParentId'],
    ['description', 'description'],
    ['preconditions', 'preconditions'],
    ['steps_actions', 'stepAction'],
    ['steps_result', 'stepExpected'],
    ['steps_data', 'stepData'],
    ['priority', 'priority'],
    ['type', 'type'],
    ['automation', 'automationStatus'],
    ['tags', 'labels'],
  ],
  // Qase's own words for what Casebook's default lists call otherwise.
  values: {
    automationStatus: { 'is-not-automated': 'Not Automatable', 'not automated': 'Not Automatable', 'to-be-automated': 'Automatable' },
    priority: { undefined: '', 'not set': '' },
    type: { other: '' },
  },
};

// Casebook's export (src/reports/test-export-csv.ts): its headers are the catalog's fields, custom fields cf_<key>.
const exportFields: Partial<Record<string, CsvField>> = {
  title: 'title',
  testDescription: 'description',
  preconditions: 'preconditions',
  steps: 'steps',
  expectedResult: 'expectedResult',
  sectionId: 'section',
  priorityId: 'priority',
  typeId: 'type',
  automationStatusId: 'automationStatus',
  platformId: 'platform',
  testCoveredById: 'coveredBy',
  squadId: 'squad',
  automationKey: 'automationKey',
  labels: 'labels',
};
const casebook: Preset = {
  columns: csvColumns.flatMap((c) => {
    const field = exportFields[c.field];
    return field ? [[c.header, field] as [string, CsvField]] : [];
  }),
  unescapesFormulas: true,
};

export const PRESETS: Record<CsvPreset, Preset> = { testrail, qase, casebook };

/** Without a preset, a header is read as one of Casebook's export headers, else as a field's own name. */
export const DEFAULT_PRESET: CsvPreset = 'casebook';
