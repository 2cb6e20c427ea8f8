import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { FieldValue } from '../field-value.schemas';
import type { FieldTarget, FieldType } from '../custom-fields.schemas';
import { dropFieldValues } from '../../test-cases/data';

// The custom_fields table, and the values tests and results hold under a field's key
// (tests.custom_fields and run_tests.custom_fields, JSON objects by key).

/** A field as the services use it. */
export interface FieldDef {
  fieldId: number;
  projectId: number;
  key: string;
  name: string;
  type: FieldType;
  appliesTo: FieldTarget;
  options: string[];
  required: boolean;
  defaultValue: FieldValue | null;
  createdAt: Date;
  updatedAt: Date;
}

const select = {
  fieldId: true,
  projectId: true,
  fieldKey: true,
  fieldName: true,
  type: true,
  appliesTo: true,
  options: true,
  required: true,
  defaultValue: true,
  createdAt: true,
  updatedAt: true,
} as const;
type Row = Prisma.CustomFieldGetPayload<{ select: typeof select }>;
const asDef = ({ fieldKey, fieldName, defaultValue, ...rest }: Row): FieldDef => ({
  ...rest,
  key: fieldKey,
  name: fieldName,
  defaultValue: (defaultValue ?? null) as FieldValue | null,
});

/** The project's fields (of tests or of results when asked), in the order they were added. */
export async function listFieldDefs(db: DbOrTx, projectId: number, appliesTo?: FieldTarget): Promise<FieldDef[]> {
  const rows = await db.customField.findMany({ where: { projectId, appliesTo }, select, orderBy: { fieldId: 'asc' } });
  return rows.map(asDef);
}

/** What a filter by a field needs of it: key, type and options. */
export type FieldShape = Pick<FieldDef, 'key' | 'type' | 'options'>;

/**
 * The shapes of the project's fields of tests, if the project is one of `orgIds`'s (else
 * undefined), in one raw query: a list filtered by a field reads them on every call.
 */
export async function testFieldShapesInOrgs(db: DbOrTx, projectId: number, orgIds: number[]): Promise<FieldShape[] | undefined> {
  const rows = await db.$queryRaw<{ fields: FieldShape[] }[]>`
    SELECT coalesce(json_agg(json_build_object('key', f.key, 'type', f.type, 'options', f.options) ORDER BY f.id)
                    FILTER (WHERE f.id IS NOT NULL), '[]') AS fields
      FROM projects p LEFT JOIN custom_fields f ON f.project_id = p.id AND f.applies_to = 'test'
     WHERE p.id = ${projectId} AND p.org_id = ANY(${orgIds}::int[])
     GROUP BY p.id`;
  return rows[0]?.fields;
}

export async function findFieldDef(db: DbOrTx, projectId: number, fieldId: number): Promise<FieldDef | undefined> {
  const row = await db.customField.findFirst({ where: { projectId, fieldId }, select });
  return row ? asDef(row) : undefined;
}

// An advisory lock per project serializes the writes of its fields: the limit and
// the derived keys are read and written under it.
const FIELD_LOCK = 0x100d;
export const lockFields = (tx: DbOrTx, projectId: number) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIELD_LOCK}::int, ${projectId}::int)`;

export async function insertFieldDef(db: DbOrTx, f: Omit<FieldDef, 'fieldId' | 'createdAt' | 'updatedAt'>): Promise<FieldDef> {
  const row = await db.customField.create({
    data: {
      projectId: f.projectId,
      fieldKey: f.key,
      fieldName: f.name,
      type: f.type,
      appliesTo: f.appliesTo,
      options: f.options,
      required: f.required,
      defaultValue: f.defaultValue ?? Prisma.DbNull,
    },
    select,
  });
  return asDef(row);
}

export async function updateFieldDef(
  db: DbOrTx,
  fieldId: number,
  f: Pick<FieldDef, 'name' | 'options' | 'required' | 'defaultValue'>,
): Promise<FieldDef> {
  const row = await db.customField.update({
    where: { fieldId },
    data: { fieldName: f.name, options: f.options, required: f.required, defaultValue: f.defaultValue ?? Prisma.DbNull },
    select,
  });
  return asDef(row);
}

const keyParam = (key: string) => Prisma.sql`${key}::text`;

/** Deletes the field, and its values from the project's tests and from results of the project's runs; how many held one. */
export async function deleteFieldDef(tx: DbOrTx, field: FieldDef): Promise<{ tests: number; results: number }> {
  const key = keyParam(field.key);
  const tests = await tx.$executeRaw`
    UPDATE tests SET custom_fields = custom_fields - ${key} WHERE project_id = ${field.projectId} AND custom_fields ? ${key}`;
  await dropFieldValues(tx, field.projectId, field.key);
  const results = await tx.$executeRaw`
    UPDATE run_tests rt SET custom_fields = rt.custom_fields - ${key} FROM runs r
    WHERE r.id = rt.run_id AND r.project_id = ${field.projectId} AND rt.custom_fields ? ${key}`;
  await tx.customField.delete({ where: { fieldId: field.fieldId } });
  return { tests, results };
}

/** How many live tests, and results in the project's runs, hold `option` in the select or multiselect field. */
export async function optionUsage(db: DbOrTx, field: FieldDef, option: string): Promise<{ tests: number; results: number }> {
  const held = JSON.stringify({ [field.key]: field.type === 'multiselect' ? [option] : option });
  const [row] = await db.$queryRaw<{ tests: number; results: number }[]>`
    SELECT
      (SELECT count(*)::int FROM tests t WHERE t.project_id = ${field.projectId} AND t.deleted_at IS NULL AND t.custom_fields @> ${held}::jsonb) AS tests,
      (SELECT count(*)::int FROM run_tests rt JOIN runs r ON r.id = rt.run_id
        WHERE r.project_id = ${field.projectId} AND rt.custom_fields @> ${held}::jsonb) AS results`;
  return row;
}

/** The ids of the users who are members of the project's organization. */
export async function projectMemberIds(db: DbOrTx, projectId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT m.user_id AS id FROM projects p JOIN memberships m ON m.org_id = p.org_id
    WHERE p.id = ${projectId} AND m.user_id = ANY(${userIds}::int[])`;
  return new Set(rows.map((r) => r.id));
}

/** Id → name (else email) of the members of the project's organization: what a user field shows in an export. */
export async function memberNames(db: DbOrTx, projectId: number): Promise<Map<number, string>> {
  const rows = await db.$queryRaw<{ id: number; name: string }[]>`
    SELECT u.id, coalesce(nullif(u.name, ''), u.email) AS name
    FROM projects p JOIN memberships m ON m.org_id = p.org_id JOIN users u ON u.id = m.user_id WHERE p.id = ${projectId}`;
  return new Map(rows.map((r) => [r.id, r.name]));
}
