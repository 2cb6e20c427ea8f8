import type { StepsRecord } from './steps.schemas';

type StepRead = { action: string; expected?: string | null; data?: string | null };

/** The steps in the order a tester takes them: shared steps expanded in place. */
export const flatSteps = (steps: StepsRecord): StepRead[] =>
  Array.isArray(steps) ? steps.flatMap((s) => ('sharedStepsId' in s ? s.steps : [s])) : [];

/**
 * Steps as one readable text (CSV export, reports): text steps as they are; a list numbered from 1,
 * each step's data and expected result on lines of their own under it.
 */
export function stepsText(steps: StepsRecord): string {
  if (steps === null) return '';
  if (typeof steps === 'string') return steps;
  return flatSteps(steps)
    .map((s, i) =>
      [`${i + 1}. ${s.action}`, s.data ? `   Data: ${s.data}` : '', s.expected ? `   Expected: ${s.expected}` : '']
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}
