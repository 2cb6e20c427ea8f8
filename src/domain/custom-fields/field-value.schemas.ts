import { z } from '../../core/schemas';

// The shape of custom field values on tests and results. Each value is then checked against its
// field's type and options in the project (field-values.ts): here only that it is a value at all.

/** A field's key: lower-case letters, digits and underscores, starting with a letter. */
export const fieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, 'Expected 1 to 50 lower-case letters, digits or _, starting with a letter');

export const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type FieldValue = z.infer<typeof fieldValue>;

/** Values by field key; null clears a value. */
export const customFieldsInput = z
  .record(z.string(), fieldValue.nullable(), 'Expected an object of values by field key')
  .optional()
  .describe(
    'Values of the project\'s custom fields by key (GET /custom-fields), e.g. { "component": "Checkout", "story_points": 3 }; ' +
      'null clears a value. On update, the keys given change and the others stay',
  );

export const customFieldsRecord = z
  .record(z.string(), fieldValue)
  .describe("Values of the project's custom fields by key; a field without a value is absent");
export type CustomFieldValues = z.infer<typeof customFieldsRecord>;
