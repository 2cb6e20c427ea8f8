// Choosing a run's tests on the create-run form: the section tree as indented rows, which
// sections a checked ancestor already covers, and the POST /run/create selection fields.

export interface SectionLike {
  sectionId: number;
  sectionName: string;
  parentSectionId: number | null;
}

export interface SectionRow {
  sectionId: number;
  sectionName: string;
  depth: number;
  /** Ancestors, nearest first. */
  ancestors: number[];
}

/**
 * Sections in tree order, each with its depth and ancestors. Siblings keep the order of the
 * list (GET /sections: by name, the one order of every screen and report), not re-sorted here.
 */
export function sectionRows(sections: SectionLike[]): SectionRow[] {
  const known = new Set(sections.map((s) => s.sectionId));
  const children = new Map<number | null, SectionLike[]>();
  for (const s of sections) {
    const parent = s.parentSectionId !== null && known.has(s.parentSectionId) ? s.parentSectionId : null;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const rows: SectionRow[] = [];
  const walk = (parent: number | null, ancestors: number[]) => {
    for (const s of children.get(parent) ?? []) {
      rows.push({ sectionId: s.sectionId, sectionName: s.sectionName, depth: ancestors.length, ancestors });
      walk(s.sectionId, [s.sectionId, ...ancestors]);
    }
  };
  walk(null, []);
  return rows;
}

/** True when a checked ancestor already includes the row (its whole subtree is in the run). */
export const coveredByAncestor = (row: SectionRow, checked: ReadonlySet<number>) => row.ancestors.some((id) => checked.has(id));

export interface SelectionState {
  allTests: boolean;
  sectionIds: ReadonlySet<number>;
  labelIds: ReadonlySet<number>;
  priorityIds: ReadonlySet<number>;
}

export type SelectionFields = { allTests: true } | { sectionIds?: number[]; labelIds?: number[]; priorityIds?: number[] };

/**
 * The selection fields of POST /run/create, or null when nothing is chosen. Sections under a
 * checked one are left out: the server takes every section's subtree.
 */
export function selectionFields(state: SelectionState, rows: SectionRow[]): SelectionFields | null {
  if (state.allTests) return { allTests: true };
  const sectionIds = rows
    .filter((r) => state.sectionIds.has(r.sectionId) && !coveredByAncestor(r, state.sectionIds))
    .map((r) => r.sectionId);
  const fields: SelectionFields = {};
  if (sectionIds.length) fields.sectionIds = sectionIds;
  if (state.labelIds.size) fields.labelIds = [...state.labelIds].sort((a, b) => a - b);
  if (state.priorityIds.size) fields.priorityIds = [...state.priorityIds].sort((a, b) => a - b);
  return Object.keys(fields).length ? fields : null;
}

/** A set with `id` added or removed. */
export function toggled(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
