import type { paths } from '../../lib/api-types';

// Pure (no API client, no React): the test form and its unit tests under the root tsconfig read it.
type CustomField = paths['/api/v1/custom-fields']['get']['responses'][200]['content']['application/json']['data'][number];
/** A value of a field (the generated type widens the nullable union to unknown). */
export type FieldValue = string | number | boolean | string[];

// Custom field values without React: what a form holds for each type, and how a value reads.

export const FIELD_TYPES = ['text', 'textarea', 'number', 'checkbox', 'date', 'url', 'select', 'multiselect', 'user'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  checkbox: 'Checkbox',
  date: 'Date',
  url: 'Link (URL)',
  select: 'Choice',
  multiselect: 'Several choices',
  user: 'User',
};
export const hasOptions = (type: string) => type === 'select' || type === 'multiselect';

/** Values by key as a form holds them; null: no value. */
export type FieldValues = Record<string, FieldValue | null>;

/** A value as text: choices joined by ", ", a checkbox as Yes/No, a user by their id. */
export function valueText(field: Pick<CustomField, 'type'>, value: FieldValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === 'checkbox') return value ? 'Yes' : 'No';
  if (field.type === 'user') return `User #${value}`;
  return String(value);
}

/** The values a new test starts with: each test field's default. */
export const defaultValues = (fields: CustomField[]): FieldValues =>
  Object.fromEntries(
    fields.filter((f) => f.appliesTo === 'test' && f.defaultValue !== null).map((f) => [f.key, f.defaultValue as FieldValue]),
  );

/** Options typed one a line, as the page's options editor holds them: trimmed, blank lines and repeats dropped. */
export const optionsOf = (text: string): string[] => [
  ...new Set(
    text
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean),
  ),
];
