import { optionalText, z } from '../../core/schemas';
import { MAX_STEPS } from '../test-cases/steps.schemas';
import { testStatus } from './test-status';

// Results of a test's steps in a run. A step is numbered from 1 as the tester reads the test:
// the steps of shared steps count in place, as they are expanded.

export const stepResultInput = z.strictObject({
  index: z
    .number()
    .int()
    .min(1, 'Steps are numbered from 1')
    .max(MAX_STEPS, `At most ${MAX_STEPS} steps`)
    .describe("The step's number, from 1"),
  status: testStatus,
  comment: optionalText(2000),
});

export const stepResultsInput = z
  .array(stepResultInput)
  .max(MAX_STEPS, `At most ${MAX_STEPS} step results`)
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((r, i) => {
      if (seen.has(r.index)) ctx.addIssue({ code: 'custom', path: [i, 'index'], message: `Step ${r.index} is given twice` });
      seen.add(r.index);
    });
  })
  .optional()
  .describe(
    "Results of the test's steps (numbered from 1, shared steps counted as expanded): each replaces that step's earlier result, " +
      'the other steps keep theirs. Without status, the result becomes failed (or blocked) when a step is, passed when every step passed, ' +
      'and keeps its status otherwise',
  );

export const stepResultRecord = z.object({ index: z.number().int(), status: testStatus, comment: z.string().nullable().optional() });
export const stepResultsRecord = z.array(stepResultRecord).nullable().describe('The results of its steps, by step number; null when none');
export type StepResult = z.infer<typeof stepResultRecord>;
