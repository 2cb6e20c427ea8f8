import { queryBoolean, queryId, z } from '../../core/schemas';
import { stepsRecord } from '../test-cases/steps.schemas';
import { customFieldsRecord } from '../custom-fields/field-value.schemas';

// Query and answer of POST /test/import-csv; the body is the CSV file itself (a raw body), or a
// multipart form of the file and its mapping.

/** The largest file taken. */
export const MAX_CSV_BYTES = 50 * 2 ** 20;
/** Spreadsheets and browsers send CSV under any of these. */
export const CSV_CONTENT_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];
export const FILE_PART = 'file';
export const MAPPING_PART = 'mapping';
/** Tests shown in a dry run's answer. */
export const PREVIEW_TESTS = 20;
/** Row errors listed in an answer (all are counted). */
export const LISTED_ERRORS = 200;
/** Names of new sections and labels listed in an answer (all are counted). */
export const LISTED_NAMES = 500;

/**
 * The test fields a column may hold. `stepAction`, `stepExpected` and `stepData` are one step per
 * cell (or numbered steps, "1. ...", matched by number across the three); a row with no title and
 * only step cells adds its step to the test above. `suiteId` and `suiteParentId` (Qase) build the
 * section path of `section` from the suites' parents. `ignore` skips a column. Any other value is
 * a custom field: `cf_<key>` or the field's key.
 */
export const CSV_FIELDS = [
  'title',
  'section',
  'description',
  'preconditions',
  'steps',
  'stepAction',
  'stepExpected',
  'stepData',
  'expectedResult',
  'priority',
  'type',
  'platform',
  'automationStatus',
  'coveredBy',
  'squad',
  'labels',
  'automationKey',
  'suiteId',
  'suiteParentId',
  'ignore',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

export const CSV_PRESETS = ['testrail', 'qase', 'casebook'] as const;
export type CsvPreset = (typeof CSV_PRESETS)[number];

export const csvMapping = z.strictObject({
  preset: z
    .enum(CSV_PRESETS, `Expected ${CSV_PRESETS.join(', ')}`)
    .optional()
    .describe("Column headers of another tool's CSV export: testrail, qase, or casebook (GET /tests/download?format=csv)"),
  columns: z
    .record(z.string(), z.string().trim().min(1, 'Expected a field name'), 'Expected an object of field names by column header')
    .optional()
    .describe(
      `Field of each column, by its header (case-insensitive), over the preset's: ${CSV_FIELDS.join(', ')}, ` +
        'or a custom field (cf_<key> or its key)',
    ),
});
export type CsvMapping = z.infer<typeof csvMapping>;

/** The mapping as JSON text (a query parameter, or the multipart part), parsed and checked. */
export const mappingText = z
  .string()
  .meta({ example: '{"preset":"testrail","columns":{"Component":"cf_component"}}' })
  .transform((text, ctx): CsvMapping => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected JSON: { "preset"?: ..., "columns"?: { "<header>": "<field>" } }' });
      return z.NEVER;
    }
    const parsed = csvMapping.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

export const importCsvQuery = z.object({
  projectId: queryId,
  dryRun: queryBoolean
    .prefault('false')
    .describe('true: check and answer what the import would do, writing nothing (the first tests as they would be created)'),
  mapping: mappingText
    .optional()
    .describe(
      'JSON { preset?: "testrail" | "qase" | "casebook", columns?: { "<header>": "<field>" } }; without it the headers are read ' +
        "as Casebook's own (title, section, priority...). A multipart body may send it as its mapping part instead",
    ),
});
export type ImportCsvQuery = z.output<typeof importCsvQuery>;

const count = z.number().int();
const names = z.object({ count, names: z.array(z.string()).describe(`The first ${LISTED_NAMES}`) });
export const rowError = z.object({
  row: count.describe('Row of the file, the header being row 1 (as a spreadsheet numbers them)'),
  column: z.string().nullable().describe('The header of the column at fault; null for the row as a whole'),
  reason: z.string(),
});
export type RowError = z.infer<typeof rowError>;

/** A test as the import would create it: names as the file gives them, ids where they exist already. */
export const previewTest = z.object({
  row: count,
  title: z.string(),
  section: z.string().nullable().describe('Its section path, A > B > C'),
  testDescription: z.string().nullable(),
  preconditions: z.string().nullable(),
  steps: stepsRecord,
  expectedResult: z.string().nullable(),
  priority: z.string().nullable(),
  type: z.string().nullable(),
  platform: z.string().nullable(),
  automationStatus: z.string().nullable(),
  coveredBy: z.string().nullable(),
  squad: z.string().nullable(),
  labels: z.array(z.string()),
  automationKey: z.string().nullable(),
  customFields: customFieldsRecord,
});
export type PreviewTest = z.infer<typeof previewTest>;

export const importCsvResult = z.object({
  projectId: count,
  dryRun: z.boolean(),
  rowsRead: count.describe('Data rows read (the header not counted; step rows of a test above counted)'),
  testsToCreate: count,
  created: count.describe('Tests created: testsToCreate, or 0 in a dry run'),
  sectionsToCreate: names.describe('Section paths that do not exist yet'),
  labelsToCreate: names.describe('Labels that do not exist yet'),
  delimiter: z.enum([',', ';']),
  columns: z
    .array(z.object({ header: z.string(), field: z.string().nullable().describe('null: not imported') }))
    .describe('Each column of the file and the field it is read into'),
  errorCount: count,
  errors: z.array(rowError).describe(`The first ${LISTED_ERRORS} errors; any error and nothing is written`),
  preview: z.array(previewTest).describe(`In a dry run, the first ${PREVIEW_TESTS} tests as they would be created`),
});
export type ImportCsvResult = z.infer<typeof importCsvResult>;
