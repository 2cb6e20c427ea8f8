import type { paths } from '../../lib/api-types';
import { editSteps, sentSteps, type EditStep } from './steps-list';

// The test case form without React: its state from a test, the fields a save must send, and the
// section paths shown in the section select.

export type TestRecord = paths['/api/v1/test/details']['get']['responses'][200]['content']['application/json']['data'];
export type TestUpdate = NonNullable<paths['/api/v1/test/update']['put']['requestBody']>['content']['application/json'];
export type Section = paths['/api/v1/sections']['get']['responses'][200]['content']['application/json']['data'][number];

/** Labels one test may carry; the server's test schema (MAX_LABELS) is the authority. */
export const MAX_LABELS = 100;

export const TEXT_FIELDS = ['testDescription', 'preconditions', 'steps', 'expectedResult'] as const;
export const REF_FIELDS = ['sectionId', 'priorityId', 'typeId', 'automationStatusId', 'platformId', 'testCoveredById', 'squadId'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type RefField = (typeof REF_FIELDS)[number];

/** Custom field values by key as the form holds them; null: no value (the custom-fields feature's inputs edit them). */
type FieldValues = Record<string, string | number | boolean | string[] | null>;

/** The keys whose values differ, as an update sends them: a removed value as null. */
function changedValues(before: Record<string, unknown>, after: FieldValues): FieldValues {
  const changes: FieldValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = after[key] ?? null;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(b)) changes[key] = b;
  }
  return changes;
}

/** What the form edits: text as typed ('' for none), references as an id or null; steps as text, or a list (stepList, null in text). */
export type TestForm = { title: string; labels: number[]; stepList: EditStep[] | null; customFields: FieldValues } & Record<
  TextField,
  string
> &
  Record<RefField, number | null>;

export function formFromTest(test: TestRecord): TestForm {
  const form = {
    title: test.title,
    labels: [...test.labels],
    stepList: editSteps(test.steps),
    customFields: { ...(test.customFields ?? {}) },
  } as TestForm;
  // A list of steps has its own editor; the text field holds only text steps.
  for (const field of TEXT_FIELDS) form[field] = typeof test[field] === 'string' ? test[field] : '';
  for (const field of REF_FIELDS) form[field] = test[field];
  return form;
}

/** Every field of the form, in the order the page shows them, with its label. */
export const FORM_FIELDS: [keyof TestForm, string][] = [
  ['title', 'Title'],
  ['testDescription', 'Description'],
  ['preconditions', 'Preconditions'],
  ['steps', 'Steps'],
  ['stepList', 'Steps (list)'],
  ['expectedResult', 'Expected result'],
  ['sectionId', 'Section'],
  ['priorityId', 'Priority'],
  ['typeId', 'Type'],
  ['automationStatusId', 'Automation status'],
  ['platformId', 'Platform'],
  ['testCoveredById', 'Test covered by'],
  ['squadId', 'Squad'],
  ['labels', 'Labels'],
  ['customFields', 'Custom fields'],
];

/** The form with its labels in id order, so two forms compare by what they hold. */
export const comparable = (form: TestForm): TestForm => ({ ...form, labels: [...form.labels].sort((a, b) => a - b) });

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * Only the fields the form changed, as PUT /test/update takes them: an emptied text clears the
 * field (null), and labels go whole (they replace the test's labels). The title is sent as typed,
 * so the server's validation speaks for a blank one.
 */
export function changedFields(test: TestRecord, form: TestForm): Omit<TestUpdate, 'testId' | 'projectId'> {
  const changes: Omit<TestUpdate, 'testId' | 'projectId'> = {};
  if (form.title !== test.title) changes.title = form.title;
  for (const field of TEXT_FIELDS) {
    const value = form[field] === '' ? null : form[field];
    // In list mode the list is the steps (below); in text mode the text replaces a list too.
    if (field === 'steps' && form.stepList !== null) continue;
    if (value !== test[field]) changes[field] = value;
  }
  if (form.stepList !== null) {
    const list = sentSteps(form.stepList);
    const before = editSteps(test.steps);
    if (JSON.stringify(list) !== JSON.stringify(before && sentSteps(before))) changes.steps = list;
  }
  for (const field of REF_FIELDS) if (form[field] !== test[field]) changes[field] = form[field];
  if (!sameIds(form.labels, test.labels)) changes.labels = form.labels;
  const values = changedValues(test.customFields ?? {}, form.customFields);
  if (Object.keys(values).length > 0) changes.customFields = values;
  return changes;
}

/** sectionId → its path from the top, e.g. "Checkout > Payments > Cards". */
export function sectionPaths(sections: Pick<Section, 'sectionId' | 'sectionName' | 'parentSectionId'>[]): Map<number, string> {
  const byId = new Map(sections.map((s) => [s.sectionId, s]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, seen: Set<number>): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const section = byId.get(id)!;
    // A parent outside the list (or a cycle, which the server forbids) ends the path.
    const parent = section.parentSectionId;
    const prefix = parent !== null && byId.has(parent) && !seen.has(parent) ? `${pathOf(parent, seen.add(id))} > ` : '';
    const path = prefix + section.sectionName;
    paths.set(id, path);
    return path;
  };
  for (const s of sections) pathOf(s.sectionId, new Set());
  return paths;
}
