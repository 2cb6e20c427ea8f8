import { z } from '../core/zod-messages';

// The shape of one row of the tool table, and the parameter building blocks the
// rows share. Tool parameters are plain JSON values (numbers, not query strings):
// the REST interface does the deep validation, these schemas only catch what a
// caller can fix before a request is made.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ToolSpec {
  name: string;
  /** What it does and when to use it; the example is appended from `example`. */
  description: string;
  /** zod shape of the input; `.optional()`/`.default()` mark what is not required. */
  input: z.ZodRawShape;
  /** A valid input, shown in the description and checked against `input` by the tests. */
  example: Record<string, unknown>;
  method: HttpMethod;
  /** REST path under /api/v1. GET sends the parameters as the query string, the others as a JSON body. */
  path: string;
  /** Tool parameter name → REST field name, applied at every depth (e.g. testName → title in tests[]). */
  rename?: Record<string, string>;
  /** Casbin resource and action of the route: the 403 tip names the least role allowed. */
  rbac: { resource: string; action: string };
  /** The answer carries a page of a longer list: the result gains `hasMore`. */
  paged?: 'limit-offset' | 'page';
  /** The answer is a file (JSON, CSV, HTML or PDF), not an envelope. */
  download?: boolean;
}

/** Declares a tool; a function only so the table reads as a list of calls. */
export const tool = (spec: ToolSpec): ToolSpec => spec;

export const id = (what: string) =>
  z.number().int('Expected an integer').positive('Expected a positive integer').describe(what);

export const ids = (what: string) =>
  z.array(z.number().int('Expected an integer').positive('Expected a positive integer')).describe(what);

export const projectId = id('Project id (get-projects lists the projects of an organization)');
export const testId = id('Test id (get-tests lists the tests of a project)');
export const runId = id('Run id (get-runs lists the runs of a project)');
export const orgId = id('Organization id (get-orgs-list lists yours)');

export const limit = z.number().int().min(1).max(1000).optional().describe('Page size, 1 to 1000 (default 100)');
export const offset = z.number().int().min(0).optional().describe('Entries to skip (default 0); use the nextOffset of the previous page');

export const testStatus = z.enum(['passed', 'failed', 'blocked', 'retest', 'untested']);

export const text = (what: string) => z.string().describe(what);

/** Fields of a test that create-test, update-test and the bulk tools share (all optional). */
export const testFields = {
  testDescription: text('What the test checks').optional(),
  sectionId: id('Section (suite) id, from get-sections').optional(),
  priorityId: id('Priority id, from get-priority').optional(),
  typeId: id('Test type id, from get-type').optional(),
  automationStatusId: id('Automation status id, from get-automation-status').optional(),
  platformId: id('Platform id, from get-platforms').optional(),
  testCoveredById: id('Coverage id (Manual, Unit, E2E...), from get-test-covered-by').optional(),
  squadId: id('Squad id, from get-squads').optional(),
  labels: ids('Label ids (array of numbers, at most 100), from get-labels').optional(),
  preconditions: text('State needed before the steps').optional(),
  steps: text('The steps to perform').optional(),
  expectedResult: text('What a pass looks like').optional(),
  automationKey: text('Id of the test in automation, e.g. "LoginTest.validPassword" (JUnit classname.name); unique in the project, at most 1000 characters').optional(),
};

/** A field an update may clear with null. */
const clearable = <T extends z.ZodType>(field: z.ZodOptional<T>) =>
  field.unwrap().nullable().describe(`${field.unwrap().description ?? ''}; null clears it`).optional();

/** The same fields for an update: null clears a field, a field left out stays; labels replace the test's labels. */
export const testFieldChanges = {
  testDescription: clearable(testFields.testDescription),
  sectionId: clearable(testFields.sectionId),
  priorityId: clearable(testFields.priorityId),
  typeId: clearable(testFields.typeId),
  automationStatusId: clearable(testFields.automationStatusId),
  platformId: clearable(testFields.platformId),
  testCoveredById: clearable(testFields.testCoveredById),
  squadId: clearable(testFields.squadId),
  labels: testFields.labels,
  preconditions: clearable(testFields.preconditions),
  steps: clearable(testFields.steps),
  expectedResult: clearable(testFields.expectedResult),
  automationKey: clearable(testFields.automationKey),
};

export { z };
