import type { LookupKind, Prisma } from '../../generated/prisma/client';
import { badRequest } from '../../core/errors';
import type { TestFieldsInput } from './testcases.schemas';

type Tx = Prisma.TransactionClient;

const lookupFields = {
  priorityId: { kind: 'priority', noun: 'a priority' },
  typeId: { kind: 'type', noun: 'a type' },
  automationStatusId: { kind: 'automation_status', noun: 'an automation status' },
  platformId: { kind: 'platform', noun: 'a platform' },
  testCoveredById: { kind: 'test_covered_by', noun: 'a test-covered-by entry' },
} as const satisfies Record<string, { kind: LookupKind; noun: string }>;

/** A test's intended fields with the project they must refer into, and where it sits in the request. */
export interface ReferencingItem {
  projectId: number;
  fields: TestFieldsInput;
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
  const ids = { lookup: new Set<number>(), section: new Set<number>(), squad: new Set<number>(), label: new Set<number>() };
  for (const { fields } of items) {
    for (const field of Object.keys(lookupFields) as (keyof typeof lookupFields)[]) {
      const id = fields[field];
      if (id != null) ids.lookup.add(id);
    }
    if (fields.sectionId != null) ids.section.add(fields.sectionId);
    if (fields.squadId != null) ids.squad.add(fields.squadId);
    for (const id of fields.labels ?? []) ids.label.add(id);
  }
  if (Object.values(ids).every((s) => s.size === 0)) return;

  const rows = await tx.$queryRaw<{ source: string; id: number; projectId: number; kind: string | null }[]>`
    SELECT 'lookup' AS source, id, project_id AS "projectId", kind::text AS kind FROM lookup_entries WHERE id = ANY(${[...ids.lookup]}::int[])
    UNION ALL SELECT 'section', id, project_id, NULL FROM sections WHERE id = ANY(${[...ids.section]}::int[])
    UNION ALL SELECT 'squad', id, project_id, NULL FROM squads WHERE id = ANY(${[...ids.squad]}::int[])
    UNION ALL SELECT 'label', id, project_id, NULL FROM labels WHERE id = ANY(${[...ids.label]}::int[])`;
  const found = new Map(rows.map((r) => [`${r.source}:${r.id}`, r]));
  const inProject = (source: string, id: number, projectId: number, kind?: string) => {
    const row = found.get(`${source}:${id}`);
    return row !== undefined && row.projectId === projectId && (kind === undefined || row.kind === kind);
  };

  const errors: string[] = [];
  for (const { projectId, fields, at } of items) {
    for (const [field, { kind, noun }] of Object.entries(lookupFields)) {
      const id = fields[field as keyof typeof lookupFields];
      if (id != null && !inProject('lookup', id, projectId, kind)) errors.push(`${at}${field}: Not ${noun} of this project`);
    }
    if (fields.sectionId != null && !inProject('section', fields.sectionId, projectId)) errors.push(`${at}sectionId: Not a section of this project`);
    if (fields.squadId != null && !inProject('squad', fields.squadId, projectId)) errors.push(`${at}squadId: Not a squad of this project`);
    fields.labels?.forEach((id, i) => {
      if (!inProject('label', id, projectId)) errors.push(`${at}labels.${i}: Not a label of this project`);
    });
  }
  if (errors.length > 0) throw badRequest(listOf(errors));
}

/** Joins error texts, cut short after MAX_MESSAGES so a bad 5000-item batch stays readable. */
export function listOf(errors: string[]): string {
  if (errors.length <= MAX_MESSAGES) return errors.join('; ');
  return `${errors.slice(0, MAX_MESSAGES).join('; ')}; and ${errors.length - MAX_MESSAGES} more`;
}
