import { defectLink } from '../defects/defect-links';
import { nextCursorField } from '../../core/cursor';
import {
  arrayPageParams,
  bodyId,
  bulkArray,
  limitOffset,
  MAX_PAGE,
  noDuplicateIds,
  nonBlank,
  optionalText,
  queryBoolean,
  queryId,
  queryIdList,
  z,
} from '../../core/schemas';
import { customFieldsInput, customFieldsRecord } from '../custom-fields/field-value.schemas';
import { fieldFilterParams, wellFormedFieldFilters, type FieldFilter } from '../custom-fields/field-filters.schemas';
import { stepsInput, stepsRecord } from './steps.schemas';
import { stepResultsRecord } from '../runs/step-results.schemas';

// Request and record schemas of the test catalog. Referenced ids (section,
// lookups, squad, labels) are checked against the test's project by the service.

const ref = bodyId.nullable().optional();

/**
 * Labels of one test. The bound keeps the largest bulk call (5000 tests) at
 * 500,000 label links, which one transaction writes well within its timeout.
 */
export const MAX_LABELS = 100;

export const AUTOMATION_KEY_MAX = 1000;

/** Every writable field but the title; null clears a field. */
const testFields = {
  testDescription: optionalText(),
  preconditions: optionalText(),
  steps: stepsInput,
  expectedResult: optionalText(),
  sectionId: ref,
  priorityId: ref,
  typeId: ref,
  automationStatusId: ref,
  platformId: ref,
  testCoveredById: ref,
  squadId: ref,
  /** The test's id in automation (e.g. `classname.name`), unique among the project's live tests; null clears it. */
  automationKey: nonBlank(AUTOMATION_KEY_MAX).nullable().optional(),
  /** Label ids; on update the test's labels are replaced by these. */
  labels: z.array(bodyId).max(MAX_LABELS, `At most ${MAX_LABELS} labels`).optional(),
  customFields: customFieldsInput,
};
const title = nonBlank(500);

export const createTestBody = z.strictObject({ projectId: bodyId, title, ...testFields });
// projectId is not a field to change: when given it only scopes the test (404 if it is elsewhere).
export const updateTestBody = z.strictObject({ testId: bodyId, projectId: bodyId.optional(), title: title.optional(), ...testFields });
export const testIdBody = z.strictObject({ testId: bodyId, projectId: bodyId });

/** Two items of one bulk request may not claim the same automation key. */
function noDuplicateKeys(items: { automationKey?: string | null }[], ctx: z.RefinementCtx) {
  const first = new Map<string, number>();
  items.forEach(({ automationKey: key }, i) => {
    if (key == null) return;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, i);
    else ctx.addIssue({ code: 'custom', path: [i, 'automationKey'], message: `Duplicate of tests.${seen}.automationKey` });
  });
}

export const bulkAddBody = z.strictObject({
  projectId: bodyId,
  // An item may repeat the request's projectId, as a create body would carry it.
  tests: bulkArray(z.strictObject({ projectId: bodyId.optional(), title, ...testFields }), 'test').superRefine(noDuplicateKeys),
});
const labelChange = (what: string) =>
  z
    .array(bodyId)
    .max(MAX_LABELS, `At most ${MAX_LABELS} labels`)
    .optional()
    .describe(`Label ids ${what} the test's labels, its other labels kept; not together with labels`);
/** Changes to a test's labels that keep its other labels, as a bulk edit of many tests adds or removes a few. */
export const labelChanges = { addLabels: labelChange('added to'), removeLabels: labelChange('removed from') };
export type LabelChanges = { addLabels?: number[]; removeLabels?: number[] };

/** `labels` replaces the labels; addLabels/removeLabels change some: one or the other, and no label both added and removed. */
function oneWayToRelabel(item: { labels?: number[] } & LabelChanges, ctx: z.RefinementCtx) {
  if (item.labels !== undefined) {
    for (const field of ['addLabels', 'removeLabels'] as const)
      if (item[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'Not together with labels, which replace them all' });
    return;
  }
  const added = new Set(item.addLabels ?? []);
  (item.removeLabels ?? []).forEach((id, i) => {
    if (added.has(id)) ctx.addIssue({ code: 'custom', path: ['removeLabels', i], message: 'Also in addLabels' });
  });
}

export const bulkUpdateBody = z
  .strictObject({
    projectId: bodyId.optional(),
    tests: bulkArray(
      z.strictObject({ testId: bodyId, title: title.optional(), ...testFields, ...labelChanges }).superRefine(oneWayToRelabel),
      'test',
    ).superRefine((items, ctx) => {
      noDuplicateIds<{ testId: number }>('tests', (t) => t.testId, 'testId')(items, ctx);
      noDuplicateKeys(items, ctx);
    }),
  })
  // A built example would hold labels and addLabels together, which oneWayToRelabel refuses.
  .meta({
    example: {
      projectId: 1,
      tests: [
        { testId: 12, priorityId: 2, addLabels: [3] },
        { testId: 13, squadId: 1, removeLabels: [4] },
      ],
    },
  });
export const bulkDeleteBody = z.strictObject({
  projectId: bodyId,
  testIds: bulkArray(bodyId, 'test').superRefine(noDuplicateIds<number>('testIds', (id) => id)),
});

// An empty search is no search, as a cleared search box sends it.
const search = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200, 'At most 200 characters').optional());
export const testFilters = {
  sectionId: queryId.optional(),
  /** With sectionId: also the tests of its subsections, at any depth. */
  includeSubsections: queryBoolean.prefault('false'),
  priorityId: queryId.optional(),
  squadId: queryId.optional(),
  labelId: queryId.optional(),
  automationStatusId: queryId.optional(),
  /** Case-insensitive substring of the title. */
  search,
  /** Exactly this automation key. */
  automationKey: nonBlank(AUTOMATION_KEY_MAX).optional(),
  /** Only these tests, e.g. to read the current fields of a selection. */
  testIds: queryIdList(MAX_PAGE)
    .optional()
    .describe(`Only the tests with these ids: up to ${MAX_PAGE}, comma-separated (e.g. 12,15,40); ids of other projects match nothing`),
};
/** The catalog's sort keys; ties are broken by testId in the same direction, so paging is stable. */
export const TEST_SORTS = ['testId', 'title', 'priority', 'updatedAt'] as const;
export type TestSort = (typeof TEST_SORTS)[number];
export const listTestsQuery = z
  .object({
    projectId: queryId,
    ...testFilters,
    sort: z
      .enum(TEST_SORTS, `Expected ${TEST_SORTS.join(', ')}`)
      .default('testId')
      .describe(
        "The order of the list: testId (the default), title, priority (the priority list's order, tests without one last) " +
          'or updatedAt (the last change); ties in testId order',
      ),
    order: z.enum(['asc', 'desc'], 'Expected asc or desc').default('asc').describe('Ascending (the default) or descending'),
    ...limitOffset,
  })
  // cf.<key> filters: parameters named by the project's fields (custom-fields/field-filters.ts).
  .catchall(fieldFilterParams)
  .superRefine((q, ctx) => {
    wellFormedFieldFilters(q, ctx);
    // The cursor is a testId: it marks a place only in ascending testId order.
    if (q.cursor !== undefined && (q.sort !== 'testId' || q.order !== 'asc')) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'A cursor pages only in the default order (sort=testId, order=asc)' });
    }
  });
export type ListTestsQuery = z.output<typeof listTestsQuery>;
export const countTestsQuery = z
  .object({ projectId: queryId, ...testFilters })
  .catchall(fieldFilterParams)
  .superRefine(wellFormedFieldFilters);
export const exportTestsQuery = z
  .object({
    projectId: queryId,
    format: z.enum(['json', 'csv'], 'Expected json or csv').default('json'),
    ...testFilters,
  })
  .catchall(fieldFilterParams)
  .superRefine(wellFormedFieldFilters);
export const testInProjectQuery = z.object({ testId: queryId, projectId: queryId });
export const testHistoryQuery = testInProjectQuery.extend(arrayPageParams);

const id = z.number().int();
export const testRecord = z.object({
  testId: id,
  projectId: id,
  title: z.string(),
  testDescription: z.string().nullable(),
  preconditions: z.string().nullable(),
  steps: stepsRecord,
  expectedResult: z.string().nullable(),
  sectionId: id.nullable(),
  priorityId: id.nullable(),
  typeId: id.nullable(),
  automationStatusId: id.nullable(),
  platformId: id.nullable(),
  testCoveredById: id.nullable(),
  squadId: id.nullable(),
  automationKey: z.string().nullable(),
  labels: z.array(id),
  customFields: customFieldsRecord,
  version: id.describe('The number of its latest version (GET /test/versions); 0 for a test not changed since versions began'),
  createdBy: id.nullable(),
  updatedBy: id.nullable().describe('Who made its latest change (null before versions began)'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
/** One test as GET /test/details (and its create and update) shows it: its record, and how many files the test case has. */
export const testDetails = testRecord.extend({
  attachmentCount: id.describe(
    "Files attached to the test case itself (GET /attachments without runId); its results' files are counted in their runs",
  ),
});
export const testPage = z.object({ tests: z.array(testRecord), total: id, limit: id, offset: id, nextCursor: nextCursorField });
export const testCount = z.object({ count: id });
export const testDeleted = z.object({ testId: id, deleted: z.literal(true) });
export const testIdsResult = z.object({ testIds: z.array(id), count: id });
export const statusHistoryEntry = z.object({
  runId: id,
  runName: z.string(),
  projectId: id,
  testId: id,
  status: z.enum(['passed', 'failed', 'blocked', 'retest', 'untested']),
  comment: z.string().nullable(),
  elapsedMs: z.number().int().nullable().describe('Milliseconds the execution took, as reported with the result; null when not reported'),
  defects: z.array(defectLink).describe("The defects the result links to, each with its url (from the project's defectUrlTemplate)"),
  stepResults: stepResultsRecord,
  customFields: customFieldsRecord.describe("The result's custom field values after this entry"),
  userId: id.nullable(),
  userName: z.string().nullable().describe('The name of the user who recorded it (null once that user is gone)'),
  createdAt: z.iso.datetime(),
});

export type CreateTestInput = z.infer<typeof createTestBody>;
export type UpdateTestInput = z.infer<typeof updateTestBody>;
export type TestFieldsInput = Omit<UpdateTestInput, 'testId' | 'projectId'>;
export type TestFilters = Pick<z.infer<typeof countTestsQuery>, keyof typeof testFilters> & {
  /** The query's cf.<key> filters, checked against the project's fields by the service. */
  fieldFilters?: FieldFilter[];
};
