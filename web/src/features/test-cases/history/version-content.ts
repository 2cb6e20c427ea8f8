import { diffLines, diffWordsWithSpace, type Change } from 'diff';
import type { VersionContent } from './version-types';

// A version's content as people read it, field by field (references by name, steps numbered),
// and the difference of two such texts, without React.

type Field = keyof VersionContent;

/** The fields a version holds, in the order of a test record, with their labels. */
export const VERSION_FIELDS: [Field, string][] = [
  ['title', 'Title'],
  ['testDescription', 'Description'],
  ['preconditions', 'Preconditions'],
  ['steps', 'Steps'],
  ['expectedResult', 'Expected result'],
  ['sectionId', 'Section'],
  ['priorityId', 'Priority'],
  ['typeId', 'Type'],
  ['automationStatusId', 'Automation status'],
  ['platformId', 'Platform'],
  ['testCoveredById', 'Test covered by'],
  ['squadId', 'Squad'],
  ['automationKey', 'Automation key'],
  ['labels', 'Labels'],
  ['customFields', 'Custom fields'],
];

export const fieldLabel = (field: string): string => VERSION_FIELDS.find(([f]) => f === field)?.[1] ?? field;

/** The name of a referenced row by field and id; undefined when it is not (or no longer) in the project. */
export type NameOf = (field: Field, id: number) => string | undefined;

type PlainStep = { action: string; expected?: string | null; data?: string | null };
/** Steps as read (the generated type says unknown for its nullable union). */
type Steps = string | (PlainStep | { sharedStepsId: number; name: string; steps: PlainStep[] })[] | null;

const stepLines = (step: PlainStep, number: string, indent: string) => [
  `${indent}${number}. ${step.action}`,
  ...(step.expected ? [`${indent}   Expected: ${step.expected}`] : []),
  ...(step.data ? [`${indent}   Data: ${step.data}`] : []),
];

/** Steps as text: text as it is; a list numbered, shared steps with their name and their own steps. */
export function stepsText(read: unknown): string {
  const steps = read as Steps | undefined;
  if (steps == null) return '';
  if (typeof steps === 'string') return steps;
  return steps
    .flatMap((step, i) =>
      'sharedStepsId' in step
        ? [`${i + 1}. Shared steps: ${step.name}`, ...step.steps.flatMap((s, j) => stepLines(s, `${i + 1}.${j + 1}`, '   '))]
        : stepLines(step, String(i + 1), ''),
    )
    .join('\n');
}

const valueText = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : String(value));

/** One field of a version as text ('' for none). */
export function fieldText(content: VersionContent, field: Field, nameOf: NameOf): string {
  const value = content[field];
  if (value === undefined || value === null) return '';
  if (field === 'steps') return stepsText(content.steps);
  if (field === 'labels') return (value as number[]).map((id) => nameOf('labels', id) ?? `#${id} (deleted)`).join(', ');
  if (field === 'customFields')
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}: ${valueText(v)}`)
      .join('\n');
  if (typeof value === 'number') return nameOf(field, value) ?? `#${value} (deleted)`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The parts of two texts, common, removed (only in the older) and added (only in the newer). */
export function textDiff(older: string, newer: string): Change[] {
  // Word by word reads best; a long text that would take too long falls back to whole lines.
  return diffWordsWithSpace(older, newer, { timeout: 150 }) ?? diffLines(older, newer);
}

/** Each field's text in both versions, and whether it differs; in the record's order. */
export function compareVersions(older: VersionContent, newer: VersionContent, nameOf: NameOf) {
  return VERSION_FIELDS.map(([field, label]) => {
    const a = fieldText(older, field, nameOf);
    const b = fieldText(newer, field, nameOf);
    return { field, label, older: a, newer: b, changed: a !== b };
  });
}
