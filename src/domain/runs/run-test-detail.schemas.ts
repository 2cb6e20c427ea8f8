import { queryId, z } from '../../core/schemas';
import { customFieldsRecord } from '../custom-fields/field-value.schemas';
import { runTestRecord } from './runs.schemas';
import { stepResultsRecord } from './step-results.schemas';
import { testStatus } from './test-status';

export const runTestDetailQuery = z.object({ projectId: queryId, runId: queryId, testId: queryId });

const int = z.number().int();
/** A step as a tester executes it: numbered from 1, shared steps expanded in place, with its result in the run. */
export const executionStep = z.object({
  index: int.describe("The step's number, from 1: what stepResults[].index of PUT /run/update-test-status names"),
  action: z.string(),
  expected: z.string().nullable(),
  data: z.string().nullable(),
  sharedSteps: z.object({ sharedStepsId: int, name: z.string() }).nullable().describe('The shared steps the step comes from, if any'),
  result: z
    .object({ status: testStatus, comment: z.string().nullable() })
    .nullable()
    .describe('Its result in this run; null when none yet'),
});
export type ExecutionStep = z.infer<typeof executionStep>;

export const runTestDetail = runTestRecord.extend({
  testDescription: z.string().nullable(),
  preconditions: z.string().nullable(),
  expectedResult: z.string().nullable(),
  steps: z
    .union([z.string(), z.array(executionStep)])
    .nullable()
    .describe(
      'Text steps as written, or the list of steps with their results in this run; a locked run holds them as they were at lock (the version of the test it holds)',
    ),
  stepResults: stepResultsRecord,
  testFields: customFieldsRecord.describe("The test case's custom field values (the catalog's, now)"),
  customFields: customFieldsRecord.describe("The result's custom field values (fields that apply to results)"),
  testVersion: int
    .nullable()
    .describe('The version of the test case the run holds: taken when the test entered the run, and again when the run was locked'),
  currentVersion: int.describe("The test case's latest version"),
  changedSince: z
    .object({
      version: int,
      at: z.iso.datetime(),
      fields: z.array(z.string()).describe('Every field the later versions changed'),
    })
    .nullable()
    .describe('When the test case changed after the version the run holds (its latest version and when); null when it has not'),
});
export type RunTestDetail = z.infer<typeof runTestDetail>;
