import { importCsvTool } from './import-csv-tool';
import {
  byName,
  cursor,
  customFieldFilters,
  limit,
  offset,
  projectId,
  runId,
  testFieldChanges,
  testFields,
  testId,
  tool,
} from './tool-spec';

// The test catalog of a project. The tools call a test's title `testName`; REST calls it `title`.

const testName = 'Title of the test, e.g. "Login with a valid password"';
const toTitle = { testName: 'title' };
/** An update's projectId: optional for REST (it scopes the tests), needed for names. */
const withNames = (which: string) => `Project of ${which}; needed for names (priority: "High")`;
const includeSubsections = 'With sectionId: true takes its subsections too, at any depth';
const filters = {
  sectionId: 'Only tests of this section',
  includeSubsections,
  priorityId: 'Only tests of this priority',
  priority: byName('Only tests of this priority', 'priorityId', 'High'),
  squadId: 'Only tests of this squad',
  squad: byName('Only tests of this squad', 'squadId', 'Team Checkout'),
  labelId: 'Only tests with this label',
  label: byName('Only tests with this label', 'labelId', 'smoke'),
  automationStatusId: 'Only tests of this automation status',
  automationStatus: byName('Only tests of this automation status', 'automationStatusId', 'Automated'),
  search: 'Only tests whose title holds this text, any case',
  automationKey: 'Only the test with exactly this automation key',
  customFields: customFieldFilters,
};

export const testTools = [
  tool({
    name: 'get-tests',
    description:
      'List the tests of a project, a page at a time, filtered by section, priority, squad, label, automation status, title text, automation key ' +
      'or custom field values, sorted by id, title, priority or last change.',
    route: 'GET /project/tests',
    params: {
      projectId,
      ...filters,
      sort: 'Order of the list (default testId; priority: the list order, none last); ties by testId',
      order: 'asc (the default) or desc',
      limit,
      offset,
      cursor: `${cursor}; in the default order only`,
    },
    example: { projectId: 3, sectionId: 7, limit: 50, offset: 0 },
  }),
  tool({
    name: 'get-test-details',
    description: 'Show every field of one test (title, steps, expected result, section, labels...). Use it before updating a test.',
    route: 'GET /test/details',
    params: { testId, projectId },
    example: { testId: 42, projectId: 3 },
  }),
  tool({
    name: 'get-tests-count',
    description:
      'Count the tests of a project, optionally in one section (with its subsections if asked), priority, automation status or with custom field values (customFields). Cheaper than get-tests when only the number matters.',
    route: 'GET /project/tests-count',
    params: {
      projectId,
      sectionId: filters.sectionId,
      includeSubsections,
      priorityId: filters.priorityId,
      priority: filters.priority,
      automationStatusId: filters.automationStatusId,
      automationStatus: filters.automationStatus,
      automationKey: filters.automationKey,
      customFields: filters.customFields,
    },
    example: { projectId: 3, sectionId: 7, includeSubsections: true, customFields: { story_points: { gte: 3 } } },
  }),
  tool({
    name: 'get-test-status-history',
    description:
      'Show the results of one test across all runs, newest first, a page at a time. Use it to see whether a test is flaky or when it started failing.',
    route: 'GET /test/status-history',
    params: { testId, projectId, limit, offset, cursor },
    example: { testId: 42, projectId: 3 },
  }),
  tool({
    name: 'get-test-versions',
    description:
      'List the versions of one test, newest first, a page at a time: who changed it, when and which fields. Give version to read that one version with its full content (every field as it was), e.g. to compare two versions or see what a change did.',
    route: 'GET /test/versions',
    params: {
      testId,
      projectId,
      version: 'A version number from the list: only that version, with its content',
      limit: 'Versions a page, 1 to 1000 (default 50)',
      offset,
    },
    example: { testId: 42, projectId: 3, version: 2 },
  }),
  tool({
    name: 'get-test-status-history-in-run',
    description:
      'Show every status change of one test inside one run, newest first, with comments, a page at a time. Use it to see how a result evolved during a run.',
    route: 'GET /run/test-status-history',
    params: { testId, runId, limit, offset, cursor },
    example: { testId: 42, runId: 9 },
  }),
  tool({
    name: 'download-tests',
    description:
      'Export the tests of a project as json or csv (csv with names instead of ids), to hand the catalog to a spreadsheet or another tool. Answers a summary (count, size, the first rows) and the REST call that fetches the whole file (URL and Authorization header); to read tests, page with get-tests.',
    route: 'GET /tests/download',
    params: { projectId, format: 'json (default) or csv', ...filters },
    example: { projectId: 3, format: 'csv', customFields: { component: 'Checkout' } },
  }),
  tool({
    name: 'get-attachments',
    description:
      "List the files attached to a test case, or with runId those of the test's results in that run (screenshots, logs), newest first, a page at a time. Each has its attachmentId, fileName, contentType and size; read one with get-attachment.",
    route: 'GET /attachments',
    params: { projectId, testId, runId: `${runId}; absent: the files of the test case itself`, limit, offset, cursor },
    example: { projectId: 3, testId: 42, runId: 9 },
  }),
  tool({
    name: 'get-attachment',
    description:
      'Read one attached file: an image comes back as an image you can see (refused when larger than the answer budget), plain text and logs as text (cut to the budget, with a note), anything else as its name, type and size with the REST call that downloads it.',
    route: 'GET /attachment/download',
    params: { projectId, attachmentId: 'Attachment id (get-attachments lists the files of a test or of its results in a run)' },
    example: { projectId: 3, attachmentId: 17 },
  }),
  tool({
    name: 'add-attachment',
    description:
      "Attach a file (up to 5 MB) to a test case, or with runId to the test's current result in that run: a log or notes as text, an image or other bytes as base64. Its type is found from its bytes. Answers the stored file (attachmentId, contentType, size, sha256).",
    route: 'POST /attachment/upload',
    params: {
      projectId,
      testId,
      runId: `${runId}; the file goes to the test's current result there (absent: to the test case)`,
      fileName: 'The name it is kept under, e.g. "checkout.log" or "failure.png"',
      text: 'The content as text (a log, notes); give this or contentBase64',
      contentBase64: 'The content as base64 (an image, any bytes); give this or text',
    },
    file: { name: 'fileName', text: 'text', base64: 'contentBase64' },
    example: { projectId: 3, testId: 42, runId: 9, fileName: 'checkout.log', text: 'Timed out waiting for the payment form' },
  }),
  tool({
    name: 'create-test',
    description:
      'Create one test case in a project. Ids of sections, priorities, labels etc. must belong to the same project (see get-sections, get-priority, get-labels); priority, type, automationStatus, platform, testCoveredBy, squad and labelNames take names instead of ids. For many tests use bulk-add-tests.',
    route: 'POST /test/create',
    params: { projectId, testName, ...testFields },
    rename: toTitle,
    example: { projectId: 3, testName: 'Login with a valid password', sectionId: 7, priorityId: 2, labels: [4] },
  }),
  tool({
    name: 'update-test',
    description: "Change fields of a test; fields left out stay, null clears one, labels replaces the test's labels.",
    route: 'PUT /test/update',
    params: { testId, projectId: withNames('the test'), testName, ...testFieldChanges },
    rename: toTitle,
    example: { testId: 42, testName: 'Login with a valid password and 2FA', priorityId: 1 },
  }),
  tool({
    name: 'delete-test',
    description: 'Delete a test from the catalog; its results stay in the runs that hold it.',
    route: 'DELETE /test/delete',
    params: { testId, projectId },
    example: { testId: 42, projectId: 3 },
  }),
  tool({
    name: 'bulk-add-tests',
    description:
      'Create one test or many (up to 5000) in a project, all or none: each item a testName and any field of a test; ids take names (priorityId: "High"). Returns the new testIds.',
    route: 'POST /test/bulk-add',
    params: { projectId, tests: { text: 'The tests to create', items: { testName, ...testFields } } },
    rename: toTitle,
    example: { projectId: 3, tests: [{ testName: 'Pay by card', priorityId: 1 }, { testName: 'Pay by invoice' }] },
  }),
  tool({
    name: 'bulk-update-tests',
    description:
      'Change many tests at once (up to 5000; all or none). Each item has a testId and any update-test field; give projectId to use names (priorityId: "High").',
    route: 'PUT /test/bulk-update',
    params: {
      projectId: withNames('every test'),
      tests: { text: 'The changes, one per test', items: { testId, testName, ...testFieldChanges } },
    },
    rename: toTitle,
    example: {
      tests: [
        { testId: 42, priorityId: 1 },
        { testId: 43, sectionId: 7 },
      ],
    },
  }),
  tool({
    name: 'bulk-delete-tests',
    description: 'Delete many tests of a project at once (all or none); their results stay in their runs.',
    route: 'DELETE /test/bulk-delete',
    params: { projectId, testIds: 'Ids of the tests to delete (array of numbers)' },
    example: { projectId: 3, testIds: [42, 43] },
  }),
  importCsvTool,
];
