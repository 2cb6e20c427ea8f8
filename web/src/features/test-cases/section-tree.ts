// The flat section list of GET /sections (parentSectionId, depth, tree order) as a nested tree,
// and the questions the catalog asks of it. Plain TypeScript, unit-tested.

export interface SectionEntry {
  sectionId: number;
  sectionName: string;
  parentSectionId: number | null;
  depth: number;
}

export interface SectionNode<S extends SectionEntry = SectionEntry> {
  section: S;
  children: SectionNode<S>[];
}

/** Nests the sections under their parents, keeping the list's order among siblings. */
export function buildSectionTree<S extends SectionEntry>(sections: readonly S[]): SectionNode<S>[] {
  const nodes = new Map<number, SectionNode<S>>(sections.map((s) => [s.sectionId, { section: s, children: [] }]));
  const roots: SectionNode<S>[] = [];
  for (const s of sections) {
    const node = nodes.get(s.sectionId)!;
    const parent = s.parentSectionId === null ? undefined : nodes.get(s.parentSectionId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The section and every section below it, at any depth. */
export function subtreeIds(sections: readonly SectionEntry[], sectionId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const s of sections) {
    if (s.parentSectionId === null) continue;
    children.set(s.parentSectionId, [...(children.get(s.parentSectionId) ?? []), s.sectionId]);
  }
  const ids = new Set<number>();
  const stack = [sectionId];
  while (stack.length) {
    const id = stack.pop()!;
    if (ids.has(id)) continue;
    ids.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return ids;
}

/** Where a section may move: any section outside its own subtree (the server refuses the rest). */
export const moveTargets = <S extends SectionEntry>(sections: readonly S[], sectionId: number): S[] => {
  const own = subtreeIds(sections, sectionId);
  return sections.filter((s) => !own.has(s.sectionId));
};

/** "Parent > Child" names, for a select where the tree's indentation is lost. */
export function sectionPath(sections: readonly SectionEntry[], sectionId: number): string {
  return sectionPathNames(sections, sectionId).join(' > ');
}

/** The names from the top section down to this one (each shown isolated where text direction matters). */
export function sectionPathNames(sections: readonly SectionEntry[], sectionId: number): string[] {
  const byId = new Map(sections.map((s) => [s.sectionId, s]));
  const names: string[] = [];
  for (
    let s = byId.get(sectionId);
    s && names.length <= sections.length;
    s = s.parentSectionId === null ? undefined : byId.get(s.parentSectionId)
  ) {
    names.unshift(s.sectionName);
  }
  return names;
}
