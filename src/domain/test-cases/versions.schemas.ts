import { bodyId, MAX_PAGE, queryId, queryInt, z } from '../../core/schemas';
import type { LabelsField, WritableField } from './data/columns';
import { testDetails, testRecord } from './test-cases.schemas';

// Versions of a test (GET /test/versions, /test/version, PUT /test/restore-version). A version
// keeps a test's writable fields as they were read (steps expanded), who made the change, when,
// and which fields it changed.

type VersionedField = WritableField | LabelsField;
const versioned: Record<VersionedField, true> = {
  title: true,
  testDescription: true,
  preconditions: true,
  steps: true,
  expectedResult: true,
  sectionId: true,
  priorityId: true,
  typeId: true,
  automationStatusId: true,
  platformId: true,
  testCoveredById: true,
  squadId: true,
  automationKey: true,
  labels: true,
  customFields: true,
};

const id = z.number().int();
const versionNumber = z.number().int().positive().describe('The version: 1 for the first, one more for each change');

/**
 * What a version holds: the test's writable fields as they were. A field tests gained after the
 * version was recorded is absent from it.
 */
export const versionContent = testRecord
  .pick(versioned)
  .partial()
  .describe("The test's writable fields as they were (steps as read then: shared steps expanded to their name and steps)");

export const versionEntry = z.object({
  version: versionNumber,
  userId: id.nullable().describe('Who made the change (the creator for a version 1 kept from before versions began)'),
  userName: z.string().nullable().describe('Their name (null once that user is gone)'),
  createdAt: z.iso.datetime(),
  changedFields: z
    .array(z.string())
    .describe(
      'The fields that differ from the version before, in the order of a test record (for version 1, those it was given); empty for a version 1 kept from before versions began',
    ),
});
export type VersionEntryOut = z.infer<typeof versionEntry>;

export const testVersionsQuery = z.object({
  projectId: queryId,
  testId: queryId,
  version: queryInt(1, 2147483647)
    .optional()
    .describe('Only this version, with its content (404 version_not_found when the test has no such version)'),
  limit: queryInt(1, MAX_PAGE).default(50).describe(`Versions a page, 1 to ${MAX_PAGE} (default 50)`),
  offset: queryInt(0, Number.MAX_SAFE_INTEGER).default(0),
});
export const testVersionsPage = z.object({
  versions: z.array(versionEntry.extend({ content: versionContent.optional().describe('Given with `version` only') })),
  total: id.describe('How many versions the test has (1 when `version` is given)'),
  limit: id,
  offset: id,
});

export const testVersionQuery = z.object({ projectId: queryId, testId: queryId, version: queryInt(1, 2147483647) });
export const testVersion = versionEntry.extend({ testId: id, content: versionContent });

export const restoreVersionBody = z.strictObject({ projectId: bodyId, testId: bodyId, version: bodyId.describe('The version to restore') });
export type RestoreVersionInput = z.infer<typeof restoreVersionBody>;

export const notRestoredField = z.object({
  field: z.string().describe('The field, e.g. sectionId, labels, steps, customFields.component'),
  reason: z.string().describe('Why, and what the test holds instead'),
});
export type NotRestored = z.infer<typeof notRestoredField>;

export const restoredTest = z.object({
  test: testDetails,
  restoredFrom: versionNumber.describe('The version restored'),
  recorded: z
    .boolean()
    .describe(
      'True: the restore changed the test and recorded test.version. False: the test already held that content; nothing was written',
    ),
  notRestored: z
    .array(notRestoredField)
    .describe(
      'Parts of the old content that no longer fit the project (a section, label, lookup entry, squad, custom field or option deleted since, an automation key another test took): the test keeps its current value of each',
    ),
});
