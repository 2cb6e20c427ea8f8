import { bodyId, nonBlank, queryId, z } from '../../core/schemas';
import { fieldKey, fieldValue } from './field-value.schemas';

// A project's custom fields: their definitions. The values on tests and results are
// field-value.schemas.ts's; field-values.ts checks them against these definitions.

export const FIELD_TYPES = ['text', 'textarea', 'number', 'checkbox', 'date', 'url', 'select', 'multiselect', 'user'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TARGETS = ['test', 'result'] as const;
export type FieldTarget = (typeof FIELD_TARGETS)[number];

/** Fields of one project, tests' and results' together. */
export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 100;

const fieldType = z.enum(FIELD_TYPES, `Expected ${FIELD_TYPES.join(', ')}`);
const target = z.enum(FIELD_TARGETS, 'Expected test or result');
const options = z
  .array(nonBlank(100))
  .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((o, i) => {
      const first = seen.get(o);
      if (first === undefined) seen.set(o, i);
      else ctx.addIssue({ code: 'custom', path: [i], message: `Duplicate of options.${first}` });
    });
  })
  .describe('The choices of a select or multiselect field, in display order');
const defaultValue = fieldValue
  .nullable()
  .optional()
  .describe("The value a new test (or result) takes when none is given; checked as the field's values are");

export const addFieldBody = z
  .strictObject({
    projectId: bodyId,
    name: nonBlank(100),
    key: fieldKey.optional().describe('The key values are stored under; derived from the name when absent (made unique with a suffix)'),
    type: fieldType,
    options: options.optional(),
    required: z.boolean().default(false).describe('A test (or result) created without a value takes the default; without one, 400'),
    defaultValue,
    appliesTo: target.describe('test: a field of test cases; result: a field of results in runs'),
  })
  // A built example's key ("Example text") is not a key.
  .meta({
    example: { projectId: 1, name: 'Component', type: 'select', options: ['Checkout', 'Search'], required: false, appliesTo: 'test' },
  });
export type AddFieldInput = z.infer<typeof addFieldBody>;

export const editFieldBody = z.strictObject({
  projectId: bodyId,
  fieldId: bodyId,
  name: nonBlank(100).optional(),
  options: options.optional().describe('The new choices; removing one that tests or results hold is 409 in_use, counting them'),
  required: z.boolean().optional(),
  defaultValue,
});
export type EditFieldInput = z.infer<typeof editFieldBody>;

export const deleteFieldBody = z.strictObject({ projectId: bodyId, fieldId: bodyId });

export const listFieldsQuery = z.object({
  projectId: queryId,
  appliesTo: target.optional().describe('Only the fields of tests, or of results'),
});

export const fieldRecord = z.object({
  fieldId: z.number().int(),
  projectId: z.number().int(),
  key: z.string(),
  name: z.string(),
  type: fieldType,
  appliesTo: target,
  options: z.array(z.string()),
  required: z.boolean(),
  defaultValue: fieldValue.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FieldRecord = z.infer<typeof fieldRecord>;

export const fieldDeleted = z.object({
  fieldId: z.number().int(),
  deleted: z.literal(true),
  tests: z.number().int().describe('Tests that held a value of it, now without'),
  results: z.number().int().describe('Results in runs that held a value of it, now without'),
});
