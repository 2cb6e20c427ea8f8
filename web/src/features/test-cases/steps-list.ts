import type { TestRecord } from './test-form';

// A test's steps as the form edits them: each step's texts ('' for none), or shared steps by id
// with their name; converted from and to what the API reads and takes.

export type EditStep = { action: string; expected: string; data: string } | { sharedStepsId: number; name: string };
/** At most this many steps (the server's MAX_STEPS). */
export const MAX_STEPS = 100;

export const emptyStep = (): EditStep => ({ action: '', expected: '', data: '' });

/** The form's list from a test's steps; null for text steps (or none). */
type ReadStep = { action: string; expected?: string | null; data?: string | null } | { sharedStepsId: number; name: string };

export function editSteps(steps: TestRecord['steps']): EditStep[] | null {
  if (!Array.isArray(steps)) return null;
  return (steps as ReadStep[]).map((s) =>
    'sharedStepsId' in s
      ? { sharedStepsId: s.sharedStepsId, name: s.name }
      : { action: s.action, expected: s.expected ?? '', data: s.data ?? '' },
  );
}

/** The list as PUT /test/update takes it (null when empty: no steps); empty texts left out. */
export function sentSteps(list: EditStep[]) {
  if (list.length === 0) return null;
  return list.map((s) =>
    'sharedStepsId' in s
      ? { sharedStepsId: s.sharedStepsId }
      : { action: s.action, ...(s.expected ? { expected: s.expected } : {}), ...(s.data ? { data: s.data } : {}) },
  );
}

/** Text steps as a list: a step per non-empty line, its leading "1." or "-" taken off. */
export const stepsFromText = (text: string): EditStep[] =>
  text
    .split('\n')
    .map((line) => line.replace(/^\s*(\d+[.)]|[-*])\s*/, '').trim())
    .filter(Boolean)
    .map((action) => ({ action, expected: '', data: '' }));

/** A list as numbered text (switching to text, and showing both sides of an edit conflict). */
export const textFromSteps = (list: EditStep[]): string =>
  list
    .map((s, i) =>
      'sharedStepsId' in s
        ? `${i + 1}. [Shared steps: ${s.name}]`
        : [`${i + 1}. ${s.action}`, s.data && `   Data: ${s.data}`, s.expected && `   Expected: ${s.expected}`].filter(Boolean).join('\n'),
    )
    .join('\n');

/** The list with the step at `from` moved to `to`. */
export function moveStep(list: EditStep[], from: number, to: number): EditStep[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [step] = next.splice(from, 1);
  next.splice(to, 0, step);
  return next;
}
