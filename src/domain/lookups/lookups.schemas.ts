import type { LookupKind } from '../../generated/prisma/client';
import { bodyId, nonBlank, z } from '../../core/schemas';

export const lookupEntry = z.object({ id: z.number().int(), name: z.string() });

/** The API's name of each lookup list: the test field holding its ids, without `Id`. */
export const lookupKinds = {
  priority: 'priority',
  platform: 'platform',
  automationStatus: 'automation_status',
  type: 'type',
  testCoveredBy: 'test_covered_by',
} as const satisfies Record<string, LookupKind>;
export type LookupKindName = keyof typeof lookupKinds;

const kind = z
  .enum(Object.keys(lookupKinds) as [LookupKindName, ...LookupKindName[]])
  .describe("The list: a test's field without Id (priority → priorityId, testCoveredBy → testCoveredById)");

export const lookupRecord = lookupEntry.extend({ kind, projectId: z.number().int() });
export const addLookupBody = z.strictObject({ projectId: bodyId, kind, name: nonBlank(100) });
export const editLookupBody = z.strictObject({ lookupId: bodyId.describe('The entry: an id of its list'), name: nonBlank(100) });
export const deleteLookupBody = z.strictObject({ lookupId: bodyId.describe('The entry: an id of its list') });
export const lookupDeleted = z.object({ lookupId: z.number().int(), deleted: z.literal(true) });

export type AddLookupInput = z.infer<typeof addLookupBody>;
