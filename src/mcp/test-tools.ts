import { id, ids, limit, offset, projectId, runId, testFieldChanges, testFields, testId, text, tool, z } from './tool-spec';

// The test catalog of a project. The tools call a test's title `testName`; REST calls it `title`.

const testName = text('Title of the test, e.g. "Login with a valid password"');
const sectionFilter = id('Only tests of this section (get-sections)').optional();
const subsections = z
  .boolean()
  .optional()
  .describe('With sectionId: true also takes the tests of its subsections, at any depth (default false: the section alone)');
const priorityFilter = id('Only tests of this priority (get-priority)').optional();
const automationFilter = id('Only tests of this automation status (get-automation-status)').optional();
const listFilters = {
  sectionId: sectionFilter,
  includeSubsections: subsections,
  priorityId: priorityFilter,
  squadId: id('Only tests of this squad (get-squads)').optional(),
  labelId: id('Only tests with this label (get-labels)').optional(),
  automationStatusId: automationFilter,
  search: text('Only tests whose title contains this text (case-insensitive)').optional(),
  automationKey: text('Only the test with exactly this automation key').optional(),
};
const toTitle = { testName: 'title' };

export const testTools = [
  tool({
    name: 'get-tests',
    description:
      'List the tests of a project, a page at a time (limit/offset; the result has total and hasMore, and nextOffset while more pages exist). Use it to find testIds, filtered by section (includeSubsections: true for its whole subtree), priority, squad, label, automation status, a title search or an automation key.',
    input: { projectId, ...listFilters, limit, offset },
    example: { projectId: 3, sectionId: 7, limit: 50, offset: 0 },
    method: 'GET', path: '/project/tests',
    rbac: { resource: 'test', action: 'read' },
    paged: 'limit-offset',
  }),
  tool({
    name: 'get-test-details',
    description: 'Show every field of one test (title, steps, expected result, section, labels...). Use it before updating a test.',
    input: { testId, projectId },
    example: { testId: 42, projectId: 3 },
    method: 'GET', path: '/test/details',
    rbac: { resource: 'test', action: 'read' },
  }),
  tool({
    name: 'get-tests-count',
    description: 'Count the tests of a project, optionally in one section (with its subsections if asked), priority or automation status. Cheaper than get-tests when only the number matters.',
    input: {
      projectId, sectionId: sectionFilter, includeSubsections: subsections, priorityId: priorityFilter, automationStatusId: automationFilter,
      automationKey: listFilters.automationKey,
    },
    example: { projectId: 3, sectionId: 7, includeSubsections: true },
    method: 'GET', path: '/project/tests-count',
    rbac: { resource: 'test', action: 'read' },
  }),
  tool({
    name: 'get-test-status-history',
    description: 'Show the results of one test across all runs, newest first. Use it to see whether a test is flaky or when it started failing.',
    input: { testId, projectId },
    example: { testId: 42, projectId: 3 },
    method: 'GET', path: '/test/status-history',
    rbac: { resource: 'test', action: 'read' },
  }),
  tool({
    name: 'get-test-status-history-in-run',
    description: 'Show every status change of one test inside one run, newest first, with comments. Use it to see how a result evolved during a run.',
    input: { testId, runId },
    example: { testId: 42, runId: 9 },
    method: 'GET', path: '/run/test-status-history',
    rbac: { resource: 'run', action: 'read' },
  }),
  tool({
    name: 'download-tests',
    description:
      'Export the tests of a project: json gives the tests themselves; csv gives { format, filename, contentType, content } with names instead of ids. Use it to hand the catalog to a spreadsheet or another tool.',
    input: {
      projectId,
      format: z.enum(['json', 'csv']).default('json').describe('json (default) or csv'),
      ...listFilters,
    },
    example: { projectId: 3, format: 'csv' },
    method: 'GET', path: '/tests/download',
    rbac: { resource: 'test', action: 'read' },
    download: true,
  }),
  tool({
    name: 'create-test',
    description:
      'Create one test case in a project. Ids of sections, priorities, labels etc. must belong to the same project (see get-sections, get-priority, get-labels). For many tests use bulk-add-tests. Needs the User role.',
    input: { projectId, testName, ...testFields },
    example: { projectId: 3, testName: 'Login with a valid password', sectionId: 7, priorityId: 2, labels: [4] },
    method: 'POST', path: '/test/create',
    rename: toTitle,
    rbac: { resource: 'test', action: 'create' },
  }),
  tool({
    name: 'update-test',
    description:
      "Change fields of a test; fields left out stay, null clears one, labels replaces the test's labels. Needs the User role.",
    input: { testId, testName: testName.optional(), ...testFieldChanges },
    example: { testId: 42, testName: 'Login with a valid password and 2FA', priorityId: 1 },
    method: 'PUT', path: '/test/update',
    rename: toTitle,
    rbac: { resource: 'test', action: 'update' },
  }),
  tool({
    name: 'delete-test',
    description: 'Delete a test from the catalog; its results stay in the runs that hold it. Needs the Admin role.',
    input: { testId, projectId },
    example: { testId: 42, projectId: 3 },
    method: 'DELETE', path: '/test/delete',
    rbac: { resource: 'test', action: 'delete' },
  }),
  tool({
    name: 'bulk-add-tests',
    description:
      'Create many tests in one project at once (up to 5000; all or none). Each item takes the fields of create-test without projectId; testName is required in each. Returns the new testIds. Needs the User role.',
    input: {
      projectId,
      tests: z.array(z.strictObject({ testName, ...testFields })).describe('The tests to create'),
    },
    example: { projectId: 3, tests: [{ testName: 'Pay by card', priorityId: 1 }, { testName: 'Pay by invoice' }] },
    method: 'POST', path: '/test/bulk-add',
    rename: toTitle,
    rbac: { resource: 'test', action: 'create' },
  }),
  tool({
    name: 'bulk-update-tests',
    description:
      'Change many tests at once (up to 5000; all or none). Each item has a testId and any update-test field. Needs the User role.',
    input: {
      tests: z.array(z.strictObject({ testId, testName: testName.optional(), ...testFieldChanges })).describe('The changes, one per test'),
    },
    example: { tests: [{ testId: 42, priorityId: 1 }, { testId: 43, sectionId: 7 }] },
    method: 'PUT', path: '/test/bulk-update',
    rename: toTitle,
    rbac: { resource: 'test', action: 'update' },
  }),
  tool({
    name: 'bulk-delete-tests',
    description: 'Delete many tests of a project at once (all or none); their results stay in their runs. Needs the Admin role.',
    input: { projectId, testIds: ids('Ids of the tests to delete (array of numbers)') },
    example: { projectId: 3, testIds: [42, 43] },
    method: 'DELETE', path: '/test/bulk-delete',
    rbac: { resource: 'test', action: 'delete' },
  }),
];
