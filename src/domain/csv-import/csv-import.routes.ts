import { route } from '../../core/route';
import type { z } from '../../core/schemas';
import { discardNothing, readCsvParts, readRawCsv } from './csv-body';
import {
  CSV_CONTENT_TYPES,
  CSV_FIELDS,
  FILE_PART,
  importCsvQuery,
  importCsvResult,
  MAPPING_PART,
  MAX_CSV_BYTES,
  PREVIEW_TESTS,
} from './csv-import.schemas';
import { importCsv, type CsvBody } from './csv-import.service';

const example = `Title,Section Hierarchy,Priority,Steps (Step),Steps (Expected Result)
Pay by card,Checkout > Payment,High,"1. Add an item
2. Pay by card","1. The cart shows it
2. The order is confirmed"
`;

export const csvImportRoutes = [
  // The body is the file, read as it arrives, or a multipart form of the file and its mapping: either
  // is staged before the handler (z.ZodType<CsvBody> types it; there is no JSON schema).
  route<typeof importCsvQuery, z.ZodType<CsvBody>, typeof importCsvResult>({
    method: 'post',
    path: '/test/import-csv',
    resource: 'test',
    action: 'create',
    tag: 'Tests',
    summary:
      "Create tests from a CSV file, such as another tool's export (TestRail, Qase) or Casebook's own (GET /tests/download?format=csv). " +
      'UTF-8 with or without a BOM, comma or semicolon delimited (read from the header row). Each column is read into a field by the ' +
      `mapping ({ preset, columns }): ${CSV_FIELDS.filter((f) => f !== 'ignore').join(', ')}, or a custom field (cf_<key> or its key). ` +
      'Sections (A > B > C or A/B/C) and labels (comma-separated) are created as needed; priority, type, platform, automation status, ' +
      'covered-by and squad are looked up by name. Numbered steps ("1. ...") become a list of steps; a row of only step cells adds its ' +
      'step to the test above. The answer: rows read, tests, sections and labels to create, the columns as mapped and every row error ' +
      `(row, column, reason). dryRun writes nothing and shows the first ${PREVIEW_TESTS} tests; otherwise any error is a 400 ` +
      'csv_invalid_rows and nothing is written (one transaction: all or nothing). Broken CSV is a 400 csv_malformed naming the row',
    query: importCsvQuery,
    body: {
      raw: {
        types: CSV_CONTENT_TYPES,
        limitBytes: MAX_CSV_BYTES,
        // Bytes that are not UTF-8 are a 400 before anything is looked up; broken CSV, a 400 with nothing written.
        parse: (body) => readRawCsv(body),
        description: `A CSV file with a header row, at most ${MAX_CSV_BYTES / 2 ** 20} MiB`,
        example,
      },
      multipart: {
        files: { [FILE_PART]: { maxCount: 1, description: `The CSV file (as above), at most ${MAX_CSV_BYTES / 2 ** 20} MiB` } },
        fields: { [MAPPING_PART]: { description: 'The mapping as JSON, as the mapping query parameter takes it (which it replaces)' } },
        description: `The CSV file (part ${FILE_PART}) and its mapping (part ${MAPPING_PART}, optional), in any order`,
        read: readCsvParts,
        discard: discardNothing,
      },
    },
    response: importCsvResult,
    successStatus: 201,
    errors: ['project_inactive', 'csv_malformed', 'csv_invalid_rows', 'duplicate_automation_key'],
    idempotent: true,
    // A dry run writes nothing.
    changes: { project: ({ query }) => (query.dryRun ? undefined : query.projectId) },
    handler: (ctx, { query, body }) => importCsv(ctx, query, body),
  }),
];
