import { bodyId, nonBlank, z } from '../../core/schemas';

// A test's steps: one text (as before), or an ordered list of steps, each an action with what
// to expect and the data to use, or a reference to shared steps (src/domain/shared-steps),
// read as those steps wherever the test is read.

export const MAX_STEPS = 100;
const stepText = (max: number) => z.string().max(max, `At most ${max} characters`).nullable().optional();

/** One step as written and stored. */
export const step = z.strictObject({
  action: nonBlank(5000),
  expected: stepText(5000),
  data: stepText(5000),
});
export type Step = z.infer<typeof step>;

/**
 * A step that stands for shared steps. `name` and `steps` are what a read shows; a client may send
 * a read step back as it is, and they are ignored (the shared steps' own are read).
 */
export const sharedStepsRef = z.strictObject({
  sharedStepsId: bodyId,
  name: z.string().optional(),
  steps: z.array(z.unknown()).optional(),
});

export const stepList = z
  .array(z.union([step, sharedStepsRef], 'Expected a step { action, expected?, data? } or { sharedStepsId }'))
  .min(1, 'At least one step; null clears the steps')
  .max(MAX_STEPS, `At most ${MAX_STEPS} steps`);
export type StepListInput = z.infer<typeof stepList>;

/** Text steps, a list of steps, or null to clear them. */
export const stepsInput = z
  .union([z.string().max(10000, 'At most 10000 characters'), stepList], 'Expected a text or a list of steps')
  .nullable()
  .optional()
  .describe(
    `The steps: a text, or up to ${MAX_STEPS} steps [{ action, expected?, data? }], where a step may be { sharedStepsId } ` +
      'for shared steps (read back as { sharedStepsId, name, steps }); null clears them',
  );

const stepRead = z.object({ action: z.string(), expected: z.string().nullable().optional(), data: z.string().nullable().optional() });
/** Steps as read: text, or the list with each shared-steps step expanded to its name and steps. */
export const stepsRecord = z
  .union([
    z.string(),
    z.array(
      z.union([
        stepRead,
        z.object({
          sharedStepsId: z.number().int(),
          name: z.string().describe('The shared steps\' name; "(deleted)" if they are gone'),
          steps: z.array(stepRead),
        }),
      ]),
    ),
  ])
  .nullable();
export type StepsRecord = z.infer<typeof stepsRecord>;
