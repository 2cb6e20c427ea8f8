import { buildInput, buildRecord } from './run-build';
import { nextCursorField } from '../../core/cursor';
import { defectLink, defectList, defectRef } from '../defects/defect-links';
import { attachmentRecord } from '../attachments/attachments.schemas';
import { arrayPageParams, bodyId, bulkArray, limitOffset, noDuplicateIds, nonBlank, optionalText, queryId, z } from '../../core/schemas';

export { TEST_STATUSES, testStatus, type TestStatusName } from './test-status';
import { oneOf, testStatus } from './test-status';
import { stepResultsInput, stepResultsRecord } from './step-results.schemas';
import { customFieldsInput, customFieldsRecord } from '../custom-fields/field-value.schemas';
import { fieldFilterObject } from '../custom-fields/field-filters.schemas';

const int = z.number().int();
const when = z.iso.datetime();
/** Milliseconds a result took to execute, as reported with it; null when not reported. */
const elapsedMs = int.nullable().describe('Milliseconds the execution took, as reported with the result; null when not reported');
/** The defects of a result, each with its link. */
const defects = z
  .array(defectLink)
  .describe("The defects the result links to, in the order given, each with its url (from the project's defectUrlTemplate)");

export const statusCounts = z.object({
  total: int,
  passed: int,
  failed: int,
  blocked: int,
  retest: int,
  untested: int,
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const runRecord = z.object({
  runId: int,
  projectId: int,
  runName: z.string(),
  runDescription: z.string().nullable(),
  locked: z.boolean(),
  lockedBy: int.nullable(),
  lockedAt: when.nullable(),
  createdBy: int.nullable(),
  createdAt: when,
  updatedAt: when,
  statusCounts,
  build: buildRecord,
  milestoneId: int.nullable().describe('The milestone the run counts towards (GET /milestone/detail); null: none'),
  planId: int.nullable().describe('The test plan that made the run (GET /plan/detail); null: none'),
});
/** One assignee's share of a run (PUT /run/assign): how many tests, and how many have a result. */
export const assigneeCount = z.object({
  assigneeId: int,
  total: int,
  done: int.describe('Tests with a result: passed, failed or blocked (untested and retest still wait for an execution)'),
});
const assignees = z.array(assigneeCount).describe("Each assignee's tests in the run (by assignee id; the unassigned are not listed)");
/** GET /run/detail: the run, with each assignee's share. */
export const runDetail = runRecord.extend({ assignees });
export const runPage = z.object({ runs: z.array(runRecord), total: int, limit: int, offset: int, nextCursor: nextCursorField });
export const runDeleted = z.object({ runId: int, deleted: z.literal(true) });
export const stateDetail = statusCounts.extend({ runId: int, locked: z.boolean() });
export const sectionCounts = statusCounts.extend({
  sectionId: int.nullable().describe('Null for the tests outside any section'),
  sectionPath: z.string().nullable().describe('`Parent > Child`; a locked run shows the path frozen at lock time'),
});

/** A test as it stands in a run: catalog fields plus its current result there. */
export const runTestRecord = z.object({
  runId: int,
  testId: int,
  projectId: int,
  title: z.string(),
  sectionId: int.nullable(),
  priorityId: int.nullable(),
  typeId: int.nullable(),
  automationStatusId: int.nullable(),
  squadId: int.nullable(),
  status: testStatus,
  comment: z.string().nullable(),
  elapsedMs,
  retries: int.min(0).describe('Attempts before the final one in the import that recorded the result (JUnit reruns); 0 otherwise'),
  flakyInRun: z
    .boolean()
    .describe('The test both passed and failed among the attempts of an import into this run (the final status alone hides it)'),
  defects,
  updatedBy: int.nullable(),
  updatedAt: when,
  assigneeId: int.nullable().describe('Who is to execute the test (PUT /run/assign); null: nobody yet'),
  deleted: z.boolean().describe('The test has left the catalog (now, even in a locked run); its result stays in the run'),
  snapshot: z
    .object({
      sectionPath: z.string().nullable(),
      priority: z.string().nullable(),
      squad: z.string().nullable(),
      labels: z.array(z.string()),
    })
    .nullable()
    .describe(
      "Null while the run is open (the fields above are the live catalog's). Once the run is locked, " +
        'the test as it was at lock time: these names, and the title and ids above, whatever the catalog does since',
    ),
  attachmentCount: int.describe("Files attached to the test's results in this run (GET /attachments with runId)"),
});
export type RunTestRecord = z.infer<typeof runTestRecord>;
export const runTestPage = z.object({ tests: z.array(runTestRecord), total: int, limit: int, offset: int, nextCursor: nextCursorField });

export const historyEntry = z.object({
  historyId: int,
  runId: int,
  projectId: int,
  testId: int,
  status: testStatus,
  comment: z.string().nullable(),
  elapsedMs,
  defects,
  stepResults: stepResultsRecord,
  customFields: customFieldsRecord.describe("The result's custom field values after this entry"),
  userId: int.nullable(),
  userName: z.string().nullable(),
  createdAt: when,
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** A result's attachment as the run report lists it. */
export const reportAttachment = attachmentRecord.pick({ attachmentId: true, fileName: true, contentType: true, size: true });

/** The JSON run report; the HTML and PDF formats show the same. */
export const runReport = z.object({
  run: runRecord,
  project: z.object({ projectId: int, orgId: int, projectName: z.string(), projectDescription: z.string().nullable() }),
  summary: statusCounts.extend({
    passRate: z.number().min(0).max(100),
    elapsedMs: int.min(0).describe('Total of the elapsed time of the current results (those without one count as 0)'),
  }),
  tests: z.array(
    z.object({
      testId: int,
      title: z.string(),
      sectionId: int.nullable(),
      sectionPath: z.string().nullable(),
      priority: z.string().nullable(),
      squad: z.string().nullable(),
      status: testStatus,
      comment: z.string().nullable(),
      elapsedMs,
      defects,
      failedStep: z
        .object({ index: int, action: z.string().nullable(), comment: z.string().nullable() })
        .nullable()
        .describe(
          "A failed result's first failed step (step results): its number, action and comment; null when none is. " +
            'A locked run names the step as it was at lock',
        ),
      attachments: z
        .array(reportAttachment)
        .describe(
          "The files of the test's results in this run, oldest first; the bytes at GET /attachment/download. " +
            'The HTML report shows those of failed and blocked results (images as thumbnails), the PDF their names',
        ),
      /** Name of the user who set the current status. */
      updatedBy: z.string().nullable(),
      updatedAt: when,
    }),
  ),
});

// Queries
export const listRunsQuery = z.object({
  projectId: queryId,
  milestoneId: queryId.optional().describe("Only the runs of this milestone of the project (not its sub-milestones')"),
  ...limitOffset,
});
export const runQuery = z.object({ runId: queryId, projectId: queryId });

/** One event of GET /run/events: a change to a run's results, who made it, and what it set when that is small. */
export const runEvent = z
  .object({
    runId: int,
    projectId: int,
    kind: z
      .enum(['results', 'reset', 'run'])
      .describe(
        'results: tests were marked (PUT /run/update-test-status); reset: every test became retest (PUT /run/reset); ' +
          'run: the run changed otherwise (tests added, removed or assigned, locked or unlocked, a JUnit import). After reset or run, read it again',
      ),
    by: z.object({ userId: int, name: z.string() }).describe('Who made the change'),
    at: when.describe('When the change was written'),
    count: int.describe('How many tests the change touched'),
    tests: z
      .array(z.object({ testId: int, status: testStatus, comment: z.string().nullable(), elapsedMs, defects }))
      .nullable()
      .describe("The results as written (kind results), or null when too many to carry: read the run's tests again"),
  })
  .meta({ id: 'RunEvent' });
export type RunEvent = z.infer<typeof runEvent>;
export const runTestsQuery = z.object({
  runId: queryId,
  projectId: queryId,
  status: testStatus.optional(),
  // An empty search is no search, as a cleared search box sends it.
  search: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200, 'At most 200 characters').optional())
    .describe('Only tests whose title or section path holds this text (any case), or whose id it is (42 or #42)'),
  sectionId: queryId
    .optional()
    .describe('Only tests of this section and of its subsections (a locked run: the section they had when it was locked)'),
  labelId: queryId.optional().describe('Only tests that have this label now (in the catalog, a locked run too)'),
  defect: defectRef.optional().describe('Only tests whose current result links to this defect (its id or URL, exactly as recorded)'),
  assigneeId: z
    .string()
    .regex(/^(me|none|[0-9]{1,10})$/, 'Expected a user id, me or none')
    .transform((v) => (v === 'me' || v === 'none' ? v : Number(v)))
    .pipe(z.union([z.enum(['me', 'none']), int.positive('Expected a positive integer').max(2147483647, 'Too large')]))
    .meta({ example: 'me' })
    .optional()
    .describe('Only tests assigned to this user, to the caller (me; such answers are not cached), or to nobody (none)'),
  ...limitOffset,
});
export const runTestHistoryQuery = z.object({ runId: queryId, testId: queryId, ...arrayPageParams });
export const REPORT_FORMATS = ['json', 'pdf', 'html'] as const;
export const runReportQuery = runQuery.extend({
  format: z.enum(REPORT_FORMATS, oneOf(REPORT_FORMATS)).default('json'),
});

// Bodies

/** The most tests one run holds (more than the generic bulk limit: whole catalogs get run). */
export const MAX_RUN_TESTS = 100_000;

const idList = (name: string, noun: string, max?: number) =>
  bulkArray(bodyId, noun, max).superRefine(noDuplicateIds<number>(name, (id) => id));
const testIds = idList('testIds', 'test');
const runTestIds = idList('testIds', 'test', MAX_RUN_TESTS);
/** A new run's testIds: may be empty, for a run created `empty` (checked with the other fields). */
export const newRunTestIds = z
  .array(bodyId)
  .max(MAX_RUN_TESTS, `At most ${MAX_RUN_TESTS} tests`)
  .superRefine(noDuplicateIds<number>('testIds', (id) => id));

const SELECTION = ['sectionIds', 'labelIds', 'priorityIds'] as const;

export const runIdBody = z.strictObject({ runId: bodyId, projectId: bodyId });

/** The selection fields a new run (and a plan entry) takes: the project's live tests matching every field given. */
export const selectionFields = {
  sectionIds: idList('sectionIds', 'section')
    .optional()
    .describe('Selection: the live tests of these sections and of all their subsections'),
  labelIds: idList('labelIds', 'label').optional().describe('Selection: the live tests carrying at least one of these labels'),
  priorityIds: idList('priorityIds', 'priority').optional().describe('Selection: the live tests of one of these priorities'),
  allTests: z.literal(true).optional().describe('Selection: every live test of the project (not with the other selection fields)'),
};

type SourceFields = { testIds?: number[]; allTests?: true; customFields?: object } & Partial<Record<(typeof SELECTION)[number], number[]>>;

/** Refinement: testIds or a selection, not both, allTests alone; with `emptyAllowed` an `empty` body may give neither. */
export function checkTestSource(body: SourceFields & { empty?: true }, ctx: z.RefinementCtx) {
  const criteria = [...SELECTION, 'customFields' as const].filter((key) => body[key] !== undefined);
  const selected = criteria.length > 0 || body.allTests !== undefined;
  if (body.empty) {
    if (selected || (body.testIds !== undefined && body.testIds.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['empty'], message: 'Not with testIds or a selection' });
    }
  } else if (body.testIds?.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['testIds'], message: 'At least one test, or empty: true for a run without tests' });
  } else if (body.testIds === undefined && !selected) {
    ctx.addIssue({
      code: 'custom',
      path: ['testIds'],
      message: 'Required, or a selection: sectionIds, labelIds, priorityIds or allTests (or empty: true)',
    });
  } else if (body.testIds !== undefined && selected) {
    ctx.addIssue({
      code: 'custom',
      path: ['testIds'],
      message: 'Give testIds or a selection (sectionIds, labelIds, priorityIds, allTests), not both',
    });
  } else if (body.allTests !== undefined && criteria.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['allTests'], message: `Not with ${criteria.join(', ')}` });
  }
}

export const createRunBody = z
  .strictObject({
    projectId: bodyId,
    runName: nonBlank(200),
    runDescription: optionalText(),
    build: buildInput,
    milestoneId: bodyId.optional().describe('The milestone of the project the run counts towards (GET /milestones)'),
    testIds: newRunTestIds
      .optional()
      .describe(`The tests of the run (up to ${MAX_RUN_TESTS}). Give these, or a selection instead; [] only with empty: true.`),
    ...selectionFields,
    customFields: fieldFilterObject
      .optional()
      .describe(
        'Selection: the live tests with these custom field values (GET /custom-fields, appliesTo test), by key: ' +
          '{ "component": "Checkout" } is equal (a multiselect field: holds that option), { "story_points": { "gte": 3 } } a range ' +
          'of a number or date field; an unknown key or a bad value is 400',
      ),
    empty: z
      .literal(true)
      .optional()
      .describe(
        'A run without tests (testIds [] or none, no selection): shards of one CI job then import their results into it ' +
          '(POST /run/import-junit with runId and createMissing)',
      ),
  })
  .superRefine(checkTestSource)
  .meta({
    description:
      "A run of the given testIds, or of a selection of the project's live (not deleted) tests: allTests, or any of " +
      'sectionIds, labelIds, priorityIds, customFields. Within one field a test matches any of the ids; several fields together select ' +
      'the tests matching every one of them (e.g. sectionIds and labelIds: tests of those sections that carry one of those labels). ' +
      `A selection matching no test, or more than ${MAX_RUN_TESTS}, is 400. empty: true creates a run without tests, ` +
      'for results imported later (the shards of one CI job each import into it).',
    example: { projectId: 1, runName: 'Release 2.4 regression', sectionIds: [1], priorityIds: [1] },
  });
export const addTestsBody = runIdBody.extend({ testIds: runTestIds });
export const editRunBody = runIdBody.extend({
  runName: nonBlank(200).optional(),
  runDescription: optionalText(),
  build: buildInput,
  milestoneId: bodyId.nullable().optional().describe('Move the run to this milestone of the project; null: to none'),
});
export const removeTestsBody = runIdBody.extend({ testIds });

/** Largest elapsedMs stored (a PostgreSQL integer): ~24.8 days. */
export const MAX_ELAPSED_MS = 2_147_483_647;
const testResult = z
  .strictObject({
    testId: bodyId,
    status: testStatus.optional().describe('Required unless stepResults are given (the result then follows its steps)'),
    comment: optionalText(),
    elapsedMs: z
      .number()
      .int()
      .min(0)
      .max(MAX_ELAPSED_MS)
      .optional()
      .describe('Milliseconds the execution took (integer, 0 or more); a result without it stores null'),
    defects: defectList
      .optional()
      .describe(
        'Defects the result links to (up to 20 ids such as SHOP-123 or #45, or http(s) URLs; each up to 200 characters; trimmed, ' +
          'duplicates dropped). Like comment, it belongs to this result: a result without it links to none (earlier results keep theirs in the history)',
      ),
    stepResults: stepResultsInput,
    customFields: customFieldsInput.describe(
      "Values of the project's custom fields of results (appliesTo result) by key: the keys given change, the others stay; null clears one",
    ),
  })
  .superRefine((r, ctx) => {
    if (r.status === undefined && r.stepResults === undefined)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Required (or stepResults)' });
  });
export const updateStatusBody = runIdBody.extend({
  testResults: bulkArray(testResult, 'result').superRefine(
    noDuplicateIds<z.infer<typeof testResult>>('testResults', (r) => r.testId, 'testId'),
  ),
});

export const updatedCount = z.object({ updated: int });
export const resetCount = z.object({ reset: int });
export const removedCount = z.object({ removed: int });
export const addedCount = z.object({
  added: int.describe('Tests newly put in the run (those already in it are left as they are)'),
  total: int.describe('Tests in the run now'),
});

export type CreateRunInput = z.infer<typeof createRunBody>;
export type EditRunInput = z.infer<typeof editRunBody>;
export type UpdateStatusInput = z.infer<typeof updateStatusBody>;
export type RemoveTestsInput = z.infer<typeof removeTestsBody>;
export type AddTestsInput = z.infer<typeof addTestsBody>;
