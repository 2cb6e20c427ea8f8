import { projectId, tool } from './tool-spec';

// Test cases from another tool: a CSV export (TestRail, Qase, a spreadsheet) into the catalog.
// Its answer is counts, the columns as read and the first row errors, so an assistant can
// check a dry run with the user before importing.

export const importCsvTool = tool({
  name: 'import-tests-csv',
  description:
    'Create test cases from a CSV file: a TestRail or Qase export (mapping {"preset":"testrail"} or qase), Casebook\'s own export, ' +
    'or any spreadsheet with a header row (map its columns to fields). ALWAYS call it first with dryRun true and show the user the answer ' +
    '(tests to create, new sections and labels, how each column is read, the first errors); import (dryRun false) only when they agree. ' +
    'Any row error and nothing is written. Sections (A > B) and labels are created; priority, type, platform, automation status and squad must exist.',
  route: 'POST /test/import-csv',
  params: {
    projectId,
    csv: 'The CSV file itself, as text (UTF-8, comma or semicolon separated, a header row first); or give csvGzipBase64',
    csvGzipBase64:
      'The file gzipped, then base64-encoded, instead of csv: a file larger than a tool call may carry (about 4 MB of text) fits so, up to 50 MiB unpacked',
    dryRun: 'true (do this first): check the file and answer what would be created, writing nothing; false: import',
    mapping:
      'JSON text { "preset"?: "testrail" | "qase" | "casebook", "columns"?: { "<header>": "<field>" } }, fields: title, section, ' +
      'description, preconditions, steps, stepAction, stepExpected, stepData, expectedResult, priority, type, platform, ' +
      'automationStatus, coveredBy, squad, labels, automationKey, ignore, or cf_<key> for a custom field. Without it the headers ' +
      'are read as these field names',
  },
  rawBody: 'csv',
  rawBodyGzip: 'csvGzipBase64',
  example: {
    projectId: 3,
    csv: 'Title,Section Hierarchy,Priority\nPay by card,Checkout > Payment,High\n',
    dryRun: true,
    mapping: '{"preset":"testrail"}',
  },
});
