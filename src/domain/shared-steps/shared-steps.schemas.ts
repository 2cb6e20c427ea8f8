import { bodyId, nonBlank, z } from '../../core/schemas';
import { MAX_STEPS, step } from '../test-cases/steps.schemas';

// Shared steps: a named list of steps of a project that tests take in as one step { sharedStepsId }
// and read expanded in place. They hold plain steps only (no shared steps inside shared steps).

const sharedStepList = z
  .array(step, 'Expected a list of steps [{ action, expected?, data? }]')
  .min(1, 'At least one step')
  .max(MAX_STEPS, `At most ${MAX_STEPS} steps`);

export const addSharedStepsBody = z.strictObject({
  projectId: bodyId,
  name: nonBlank(255),
  steps: sharedStepList,
});

export const editSharedStepsBody = z
  .strictObject({
    sharedStepsId: bodyId,
    name: nonBlank(255).optional(),
    steps: sharedStepList.optional(),
  })
  .refine((b) => b.name !== undefined || b.steps !== undefined, { message: 'Give a name or steps to change', path: ['name'] });
export type EditSharedStepsInput = z.infer<typeof editSharedStepsBody>;

export const deleteSharedStepsBody = z.strictObject({ sharedStepsId: bodyId });

const int = z.number().int();
const stepRecord = z.object({ action: z.string(), expected: z.string().nullable().optional(), data: z.string().nullable().optional() });

export const sharedStepsRecord = z.object({
  sharedStepsId: int,
  projectId: int,
  name: z.string(),
  steps: z.array(stepRecord),
  createdBy: int.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SharedStepsRecord = z.infer<typeof sharedStepsRecord>;

export const sharedStepsListItem = sharedStepsRecord.extend({
  testCount: int.describe('How many live tests of the project use them'),
});

export const sharedStepsEdited = sharedStepsRecord.extend({
  testsChanged: int.describe('How many tests use them: each that changed got a new version'),
});

export const sharedStepsDeleted = z.object({ sharedStepsId: int, deleted: z.literal(true) });
