import type { FieldValue } from '../custom-fields/field-value.schemas';
import type { CustomFieldSpec } from './catalog';

// A custom field's cell, a text in a CSV file, as the value its field's type takes in the API
// (tests' customFields): numbers and checkboxes parsed, a multiselect split on commas or
// semicolons, every other type its text. Whether the value is one the field allows (an option of
// a select, a date, a URL) is checked with the tests' customFields by the write path.

const TRUE = /^(true|yes|y|1|x|✓|checked)$/i;
const FALSE = /^(false|no|n|0|unchecked)$/i;

/** The value of the cell: undefined for an empty one, else a value or why it is none. */
export function customValue(spec: CustomFieldSpec, cell: string): { value: FieldValue } | { error: string } | undefined {
  const text = cell.trim();
  if (text === '') return undefined;
  switch (spec.type) {
    case 'number': {
      // A spreadsheet in a comma-decimal locale writes 2,5.
      const n = Number(/^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text);
      return Number.isFinite(n) ? { value: n } : { error: `"${text}" is not a number` };
    }
    case 'checkbox':
      if (TRUE.test(text)) return { value: true };
      if (FALSE.test(text)) return { value: false };
      return { error: `"${text}" is not true or false (yes/no, 1/0)` };
    case 'multiselect':
      return {
        value: text
          .split(/[,;]/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
    case 'textarea':
      return { value: cell };
    case 'user':
      return /^\d{1,10}$/.test(text) ? { value: Number(text) } : { error: `"${text}" is not a user id` };
    default:
      return { value: text };
  }
}
