import type { Tx } from '../../db/client';
import { findReferencedRows, heldAutomationKey, labelColumns, referenceColumns, referenceTables, type Reference } from './data';
import type { LabelChanges, TestFieldsInput } from './test-cases.schemas';
import { MAX_STEPS } from './steps.schemas';
import type { NotRestored } from './versions.schemas';

// What a restore writes: a version's content turned back into an update of the test. The content
// is what was read then; the project may have changed since. What still fits is restored; what
// no longer does (a section, label, lookup entry, squad, shared steps, custom field or option
// deleted since, an automation key another test took) keeps the test's current value and is named
// in the answer, rather than refusing the whole restore: the rest of an old version is still worth
// having back, and the answer says exactly what is missing.

type Content = Record<string, unknown>;
type Fields = TestFieldsInput & LabelChanges;
type ReadStep = {
  action?: string;
  expected?: string | null;
  data?: string | null;
  sharedStepsId?: number;
  name?: string;
  steps?: ReadStep[];
};
type RestoredStep = { action: string; expected?: string; data?: string } | { sharedStepsId: number };
type ProjectField = { key: string; type: string; options: string[] | null };

const TEXT_FIELDS = ['title', 'testDescription', 'preconditions', 'expectedResult'] as const;

/** The update that brings the test back to `content`, and what of it cannot be restored. */
export async function restoreUpdate(
  tx: Tx,
  projectId: number,
  testId: number,
  content: Content,
): Promise<{ fields: Fields; notRestored: NotRestored[] }> {
  const fields: Record<string, unknown> = {};
  const notRestored: NotRestored[] = [];
  for (const f of TEXT_FIELDS) if (f in content) fields[f] = content[f];

  const refs = await existingReferences(tx, projectId, content);
  for (const { field, refers } of referenceColumns) {
    if (!(field in content)) continue;
    const value = content[field] as number | null;
    if (value === null || refs.has(key(refers, value))) fields[field] = value;
    else
      notRestored.push({
        field,
        reason: `${capital(refers.noun)} (id ${value}) no longer exists in the project; the current value is kept`,
      });
  }
  for (const { field, refers } of labelColumns) {
    if (!Array.isArray(content[field])) continue;
    const ids = content[field] as number[];
    const gone = ids.filter((id) => !refs.has(key(refers, id)));
    fields[field] = ids.filter((id) => refs.has(key(refers, id)));
    if (gone.length)
      notRestored.push({
        field,
        reason:
          gone.length === 1
            ? `A label deleted since (id ${gone[0]}) is left out`
            : `Labels deleted since (ids ${gone.join(', ')}) are left out`,
      });
  }

  if ('automationKey' in content) {
    const automationKey = content.automationKey as string | null;
    const held = automationKey === null ? undefined : await heldAutomationKey(tx, [{ projectId, automationKey }], [testId]);
    if (held === undefined) fields.automationKey = automationKey;
    else notRestored.push({ field: 'automationKey', reason: `Another test of the project now holds "${held}"; the current key is kept` });
  }

  if ('steps' in content) {
    const steps = await restoredSteps(tx, projectId, content.steps as string | ReadStep[] | null, notRestored);
    if (steps !== undefined) fields.steps = steps;
  }

  if ('customFields' in content) {
    const values = await restoredValues(tx, projectId, testId, (content.customFields ?? {}) as Content, notRestored);
    if (Object.keys(values).length) fields.customFields = values;
  }
  return { fields, notRestored };
}

const capital = (noun: string) => noun.replace(/^an? /, '').replace(/^./, (c) => c.toUpperCase());
const key = (refers: Reference, id: number) => `${refers.table}:${refers.table === 'lookup' ? refers.lookup : ''}:${id}`;

/** The referenced rows of the content that still exist in the project (lookups of the right kind), as keys. */
async function existingReferences(tx: Tx, projectId: number, content: Content): Promise<Set<string>> {
  const ids = Object.fromEntries(referenceTables.map((t) => [t, [] as number[]])) as Record<Reference['table'], number[]>;
  const wanted = [
    ...referenceColumns.flatMap((c) =>
      typeof content[c.field] === 'number' ? [{ refers: c.refers, id: content[c.field] as number }] : [],
    ),
    ...labelColumns.flatMap((c) =>
      Array.isArray(content[c.field]) ? (content[c.field] as number[]).map((id) => ({ refers: c.refers, id })) : [],
    ),
  ];
  for (const { refers, id } of wanted) ids[refers.table].push(id);
  if (wanted.length === 0) return new Set();
  const rows = await findReferencedRows(tx, ids);
  return new Set(rows.filter((r) => r.projectId === projectId).map((r) => `${r.table}:${r.table === 'lookup' ? r.lookup : ''}:${r.id}`));
}

/**
 * Steps to write back: text as it was; a list with each shared-steps step as { sharedStepsId } when
 * those shared steps still exist in the project, else as the steps it held then. Undefined (the
 * current steps kept) when that makes more steps than a test may have.
 */
async function restoredSteps(tx: Tx, projectId: number, steps: string | ReadStep[] | null, notRestored: NotRestored[]) {
  if (!Array.isArray(steps)) return steps;
  const sharedIds = steps.flatMap((s) => (typeof s.sharedStepsId === 'number' ? [s.sharedStepsId] : []));
  const live = new Set(
    sharedIds.length === 0
      ? []
      : (
          await tx.$queryRaw<{ id: number }[]>`
            SELECT id FROM shared_steps WHERE id = ANY(${sharedIds}::int[]) AND project_id = ${projectId}`
        ).map((r) => r.id),
  );
  const list = steps.flatMap((s, i): RestoredStep[] => {
    if (typeof s.sharedStepsId !== 'number') return [plainStep(s)];
    if (live.has(s.sharedStepsId)) return [{ sharedStepsId: s.sharedStepsId }];
    const own = (s.steps ?? []).map(plainStep);
    notRestored.push({
      field: `steps.${i}`,
      reason: `Shared steps "${s.name ?? ''}" (id ${s.sharedStepsId}) no longer exist; restored as the ${own.length} step(s) they held`,
    });
    return own;
  });
  if (list.length > MAX_STEPS) {
    notRestored.push({
      field: 'steps',
      reason: `Expanded, they are ${list.length} steps, more than ${MAX_STEPS}; the current steps are kept`,
    });
    return undefined;
  }
  return list.length ? list : null;
}

const plainStep = (s: ReadStep) => ({
  action: s.action ?? '',
  ...(s.expected != null ? { expected: s.expected } : {}),
  ...(s.data != null ? { data: s.data } : {}),
});

/** What each field type holds (a field's type cannot change, but a field may be deleted and another made with its key). */
const fits: Record<string, (v: unknown) => boolean> = {
  text: (v) => typeof v === 'string',
  textarea: (v) => typeof v === 'string',
  url: (v) => typeof v === 'string',
  date: (v) => typeof v === 'string',
  select: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  checkbox: (v) => typeof v === 'boolean',
  multiselect: (v) => Array.isArray(v),
};

/**
 * The custom field values to merge into the test: each old value whose field still applies to the
 * project's tests and takes it (a select's option still offered; a multiselect keeps the options
 * still offered), and null for each value the test holds now that the version did not.
 */
async function restoredValues(tx: Tx, projectId: number, testId: number, old: Content, notRestored: NotRestored[]) {
  const [projectFields, [current]] = await Promise.all([
    tx.$queryRaw<ProjectField[]>`
      SELECT key, type::text AS type, options FROM custom_fields WHERE project_id = ${projectId} AND applies_to = 'test'`,
    tx.$queryRaw<{ values: Content }[]>`SELECT custom_fields AS values FROM tests WHERE id = ${testId}`,
  ]);
  const byKey = new Map(projectFields.map((f) => [f.key, f]));
  const values: Record<string, unknown> = {};
  for (const k of Object.keys(current?.values ?? {})) if (!(k in old)) values[k] = null;
  for (const [k, value] of Object.entries(old)) {
    const field = byKey.get(k);
    const options = field?.options ?? [];
    const at = `customFields.${k}`;
    if (!field) notRestored.push({ field: at, reason: 'The field no longer exists in the project' });
    else if (fits[field.type] && !fits[field.type](value))
      notRestored.push({ field: at, reason: `The field now holds a ${field.type}; the current value is kept` });
    else if (field.type === 'select' && !options.includes(value as string))
      notRestored.push({ field: at, reason: `"${String(value)}" is no longer an option; the current value is kept` });
    else if (field.type === 'multiselect') {
      const kept = (value as string[]).filter((v) => options.includes(v));
      const gone = (value as string[]).filter((v) => !options.includes(v));
      if (gone.length) notRestored.push({ field: at, reason: `No longer options, left out: ${gone.map((v) => `"${v}"`).join(', ')}` });
      values[k] = kept.length ? kept : null;
    } else values[k] = value;
  }
  return values;
}
