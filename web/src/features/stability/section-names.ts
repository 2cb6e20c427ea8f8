// Sections named by their path ("Checkout > Payments"), for the section filter: the project's
// sections arrive flat, depth-first, each with its parent's id.

interface SectionEntry {
  sectionId: number;
  sectionName: string;
  parentSectionId: number | null;
}

export function sectionOptions(sections: readonly SectionEntry[]): { id: number; name: string }[] {
  const byId = new Map(sections.map((s) => [s.sectionId, s]));
  return sections.map((section) => {
    const names: string[] = [];
    for (
      let s: SectionEntry | undefined = section;
      s && names.length <= sections.length;
      s = s.parentSectionId === null ? undefined : byId.get(s.parentSectionId)
    ) {
      names.unshift(s.sectionName);
    }
    return { id: section.sectionId, name: names.join(' > ') };
  });
}
