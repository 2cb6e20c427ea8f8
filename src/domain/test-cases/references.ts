import type { Tx } from '../../db/client';
import { badRequest } from '../../core/errors';
import { findReferencedRows, labelColumns, referenceColumns, referenceTables, type Reference } from './data';
import { sharedStepsProjects } from '../shared-steps/data';
import type { LabelChanges, TestFieldsInput } from './test-cases.schemas';

// Every field that refers to a row of the test's project (data/columns.ts), checked
// in the order of the tables (lookups, section, squad, labels), then of the fields. A bulk
// update's addLabels and removeLabels hold label ids too.
const labelChangeFields = labelColumns.flatMap((c) => [
  { field: 'addLabels' as const, refers: c.refers },
  { field: 'removeLabels' as const, refers: c.refers },
]);
const checked = [...referenceColumns, ...labelColumns, ...labelChangeFields].sort(
  (a, b) => referenceTables.indexOf(a.refers.table) - referenceTables.indexOf(b.refers.table),
);
type Checked = (typeof checked)[number];

/** The ids a field of the item holds: a list field's own array, a set id as one, none when unset. */
function idsOf(fields: TestFieldsInput & LabelChanges, c: Checked): readonly number[] {
  const value = fields[c.field];
  return Array.isArray(value) ? value : value == null ? [] : [value];
}

/** A test's intended fields with the project they must refer into, and where it sits in the request. */
export interface ReferencingItem {
  projectId: number;
  fields: TestFieldsInput & LabelChanges;
  /** Prefix of its error messages: '' for a single test, 'tests.3.' in a bulk call. */
  at: string;
}

const MAX_MESSAGES = 50;

/**
 * Checks every referenced id (section, lookup entries of the right kind, squad,
 * labels) against the item's own project with one query, and throws one 400
 * naming each bad item's index and field.
 */
export async function requireReferencesInProject(tx: Tx, items: ReferencingItem[]): Promise<void> {
  const sharedErrors = await sharedStepsErrors(tx, items);
  const ids = Object.fromEntries(referenceTables.map((table) => [table, new Set<number>()])) as Record<Reference['table'], Set<number>>;
  for (const { fields } of items) for (const c of checked) for (const id of idsOf(fields, c)) ids[c.refers.table].add(id);
  if (Object.values(ids).every((s) => s.size === 0)) {
    if (sharedErrors.length > 0) throw badRequest(listOf(sharedErrors), 'invalid_reference');
    return;
  }

  const rows = await findReferencedRows(
    tx,
    Object.fromEntries(referenceTables.map((t) => [t, [...ids[t]]])) as Record<Reference['table'], number[]>,
  );
  const found = new Map(rows.map((r) => [`${r.table}:${r.id}`, r]));
  const inProject = (refers: Reference, id: number, projectId: number) => {
    const row = found.get(`${refers.table}:${id}`);
    return row !== undefined && row.projectId === projectId && (refers.table !== 'lookup' || row.lookup === refers.lookup);
  };

  const errors: string[] = [];
  for (const { projectId, fields, at } of items) {
    for (const c of checked) {
      const list = Array.isArray(fields[c.field]);
      idsOf(fields, c).forEach((id, i) => {
        if (!inProject(c.refers, id, projectId))
          errors.push(`${at}${list ? `${c.field}.${i}` : c.field}: Not ${c.refers.noun} of this project`);
      });
    }
  }
  errors.push(...sharedErrors);
  if (errors.length > 0) throw badRequest(listOf(errors), 'invalid_reference');
}

/** The shared steps a test's list of steps names ({ sharedStepsId }, by position in the list). */
const sharedStepsIdsOf = (fields: TestFieldsInput) =>
  Array.isArray(fields.steps)
    ? fields.steps.flatMap((s, i) => ('sharedStepsId' in s && typeof s.sharedStepsId === 'number' ? [{ id: s.sharedStepsId, i }] : []))
    : [];

/** `steps.<i>.sharedStepsId: Not shared steps of this project` for each step naming shared steps of another project, or none. */
async function sharedStepsErrors(tx: Tx, items: ReferencingItem[]): Promise<string[]> {
  const named = items.map((item) => sharedStepsIdsOf(item.fields));
  const ids = [...new Set(named.flat().map((n) => n.id))];
  if (ids.length === 0) return [];
  const projects = await sharedStepsProjects(tx, ids);
  return items.flatMap(({ projectId, at }, k) =>
    named[k]
      .filter((n) => projects.get(n.id) !== projectId)
      .map((n) => `${at}steps.${n.i}.sharedStepsId: Not shared steps of this project`),
  );
}

/** Joins error texts, cut short after MAX_MESSAGES so a bad 5000-item batch stays readable. */
export function listOf(errors: string[]): string {
  if (errors.length <= MAX_MESSAGES) return errors.join('; ');
  return `${errors.slice(0, MAX_MESSAGES).join('; ')}; and ${errors.length - MAX_MESSAGES} more`;
}
