import { listFieldDefs, type FieldDef } from '../custom-fields/data';
import type { DbOrTx } from '../../db/client';
import type { LookupKind } from '../../generated/prisma/client';
import { labelKind, listNameRecords, squadKind } from '../labels/data';
import { sectionPaths } from '../sections/data';

// What a CSV import looks names up in: the project's lookups, squads, labels, sections and custom
// fields of tests, each read whole once (metadata is small next to the tests), keyed by lower-case
// name as the catalog compares names.

export interface Named {
  id: number;
  name: string;
}
/** A custom field of tests as the import reads and checks its cells (its type, options, required flag and default). */
export type CustomFieldSpec = FieldDef;

export interface ImportCatalog {
  lookups: Record<LookupKind, Map<string, Named>>;
  squads: Map<string, Named>;
  labels: Map<string, Named>;
  /** Lower-case paths (`a > b`) of the sections that exist. */
  sectionPaths: Set<string>;
  customFields: Map<string, CustomFieldSpec>;
}

export const nameKey = (name: string) => name.trim().toLowerCase();
const byName = (rows: Named[]) => new Map(rows.map((r) => [nameKey(r.name), r]));

export async function loadImportCatalog(db: DbOrTx, projectId: number): Promise<ImportCatalog> {
  const [entries, squads, labels, paths, fields] = await Promise.all([
    db.lookupEntry.findMany({ where: { projectId }, select: { id: true, name: true, kind: true }, orderBy: { position: 'asc' } }),
    listNameRecords(db, squadKind, projectId),
    listNameRecords(db, labelKind, projectId),
    sectionPaths(db, projectId),
    listFieldDefs(db, projectId, 'test'),
  ]);
  const kinds: LookupKind[] = ['priority', 'type', 'platform', 'automation_status', 'test_covered_by'];
  return {
    lookups: Object.fromEntries(kinds.map((k) => [k, byName(entries.filter((e) => e.kind === k))])) as ImportCatalog['lookups'],
    squads: byName(squads.map((s) => ({ id: s.squadId, name: s.squadName }))),
    labels: byName(labels.map((l) => ({ id: l.labelId, name: l.labelName }))),
    sectionPaths: new Set([...paths.values()].map(nameKey)),
    customFields: new Map(fields.map((f) => [f.key, f])),
  };
}
