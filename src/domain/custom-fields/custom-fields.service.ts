import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound, projectInactive } from '../../core/errors';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { MAX_FIELDS, type AddFieldInput, type EditFieldInput, type FieldTarget, type FieldType } from './custom-fields.schemas';
import type { FieldValue } from './field-value.schemas';
import { checkValues } from './field-values';
import {
  deleteFieldDef,
  findFieldDef,
  insertFieldDef,
  listFieldDefs,
  lockFields,
  optionUsage,
  updateFieldDef,
  type FieldDef,
} from './data';

const choiceTypes: FieldType[] = ['select', 'multiselect'];

/** A key from a name: lower-case, `_` for any other character, starting with a letter, at most 50 characters. */
export function keyOfName(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const key = /^[a-z]/.test(base) ? base : `f_${base}`;
  return key.slice(0, 50).replace(/_+$/, '') || 'field';
}

/** `base`, or `base_2`, `base_3`... the first no field of the project holds. */
function uniqueKey(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const key = base.slice(0, 50 - suffix.length) + suffix;
    if (!taken.has(key)) return key;
  }
}

/** The options fit the type: a select or multiselect field has some, others none. */
function requireOptions(type: FieldType, options: string[]) {
  const choices = choiceTypes.includes(type);
  if (choices && options.length === 0) throw badRequest(`options: A ${type} field needs at least one option`);
  if (!choices && options.length > 0) throw badRequest(`options: Only select and multiselect fields have options`);
}

/** The default fits the field (a user default: a member of the project's organization). */
async function requireDefault(ctx: RequestContext, field: FieldDef) {
  if (field.defaultValue === null) return;
  await checkValues(
    ctx.db,
    field.projectId,
    field.appliesTo,
    [field],
    [{ at: 'defaultValue', values: { [field.key]: field.defaultValue }, create: false }],
  ).catch((err: Error) => {
    throw badRequest(err.message.replace(/^Invalid request: defaultValue\.[a-z0-9_]+/, 'defaultValue'));
  });
}

export async function listFields(ctx: RequestContext, projectId: number, appliesTo?: FieldTarget) {
  await requireProject(ctx, projectId);
  return listFieldDefs(ctx.db, projectId, appliesTo);
}

/** Adds a field; its key derived from the name when not given (a given key that exists: 409). */
export async function addField(ctx: RequestContext, input: AddFieldInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const options = input.options ?? [];
  requireOptions(input.type, options);
  return ctx.db.$transaction(async (tx) => {
    await lockFields(tx, input.projectId);
    const existing = await listFieldDefs(tx, input.projectId);
    if (existing.length >= MAX_FIELDS) throw conflict('field_limit', `A project has at most ${MAX_FIELDS} custom fields`);
    const taken = new Set(existing.map((f) => f.key));
    if (input.key !== undefined && taken.has(input.key)) throw conflict('duplicate_key', `A custom field with key ${input.key} exists`);
    const field = {
      projectId: input.projectId,
      key: input.key ?? uniqueKey(keyOfName(input.name), taken),
      name: input.name,
      type: input.type,
      appliesTo: input.appliesTo,
      options,
      required: input.required,
      defaultValue: input.defaultValue ?? null,
    };
    await requireDefault(ctx, { ...field, fieldId: 0, createdAt: new Date(), updatedAt: new Date() });
    return insertFieldDef(tx, field);
  });
}

async function requireWritable(ctx: RequestContext, projectId: number, fieldId: number) {
  const project = await requireProject(ctx, projectId);
  const field = await findFieldDef(ctx.db, projectId, fieldId);
  if (!field) throw notFound('Custom field');
  if (!project.isActive) throw projectInactive();
  return field;
}

/**
 * Changes a field's name, options, required flag or default. Its type and key stay. Removing
 * an option that live tests or results hold is 409 in_use, counting them: change those values first.
 */
export async function editField(ctx: RequestContext, input: EditFieldInput) {
  const field = await requireWritable(ctx, input.projectId, input.fieldId);
  const next: FieldDef = {
    ...field,
    name: input.name ?? field.name,
    options: input.options ?? field.options,
    required: input.required ?? field.required,
    defaultValue: input.defaultValue === undefined ? field.defaultValue : input.defaultValue,
  };
  if (input.options !== undefined) requireOptions(field.type, next.options);
  await requireDefault(ctx, next);
  return ctx.db.$transaction(async (tx) => {
    await lockFields(tx, field.projectId);
    for (const removed of field.options.filter((o) => !next.options.includes(o))) {
      const usage = await optionUsage(tx, field, removed);
      if (usage.tests + usage.results > 0)
        throw conflict('in_use', `Option "${removed}" is in use by ${usage.tests} test(s) and ${usage.results} result(s)`);
    }
    return updateFieldDef(tx, field.fieldId, next);
  });
}

/** Deletes a field and, in the same transaction, its values on the project's tests and results. */
export async function deleteField(ctx: RequestContext, projectId: number, fieldId: number) {
  const field = await requireWritable(ctx, projectId, fieldId);
  return ctx.db.$transaction(async (tx) => {
    await lockFields(tx, projectId);
    const removed = await deleteFieldDef(tx, field);
    await recordInProject(tx, ctx, projectId, {
      action: 'custom-field.deleted',
      targetType: 'custom-field',
      targetId: fieldId,
      detail: { projectId, key: field.key, name: field.name, ...removed },
    });
    return { fieldId, deleted: true as const, ...removed };
  });
}

export type { FieldValue };
