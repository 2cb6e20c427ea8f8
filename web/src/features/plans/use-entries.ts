import { useCallback, useState } from 'react';
import { useConfigurations } from '../configurations';
import { selectionFields, useAssignees, useSectionRows } from '../runs';
import type { PlanEntryBody } from './api/write-plan';
import { entryFields, newEntry, previewText, type EntryDraft, type EntrySize } from './plan-entry';

const same = (a: EntrySize | undefined, b: EntrySize) =>
  a?.runs === b.runs && a.tests === b.tests && a.exact === b.exact && a.tooMany === b.tooMany;

/**
 * The entries a plan form edits (one to start with), what they need (the project's configuration
 * groups, its members, its sections), the preview of their runs and results, and their fields for
 * the API (`build`: the entries, or what is missing).
 */
export function useEntries(projectId: number) {
  const groups = useConfigurations(projectId);
  const { members } = useAssignees(projectId);
  const rows = useSectionRows(projectId);
  const [drafts, setDrafts] = useState<EntryDraft[]>(() => [newEntry()]);
  const [sizes, setSizes] = useState<ReadonlyMap<number, EntrySize>>(new Map());
  const onSize = useCallback(
    (key: number, size: EntrySize) => setSizes((prev) => (same(prev.get(key), size) ? prev : new Map(prev).set(key, size))),
    [],
  );
  const preview = previewText(drafts.map((d) => sizes.get(d.key) ?? { runs: 1, tests: undefined, exact: true }));

  const build = (): { entries: PlanEntryBody[] } | { problem: string } => {
    const entries: PlanEntryBody[] = [];
    for (const d of drafts) {
      const built = entryFields(d, selectionFields(d.selection, rows), groups.data ?? []);
      if ('problem' in built) return built;
      entries.push(built.fields);
    }
    return { entries };
  };

  return {
    groups: groups.data,
    error: groups.error,
    members,
    drafts,
    change: (draft: EntryDraft) => setDrafts(drafts.map((d) => (d.key === draft.key ? draft : d))),
    add: () => setDrafts([...drafts, newEntry()]),
    remove: (key: number) => setDrafts(drafts.filter((d) => d.key !== key)),
    onSize,
    preview,
    build,
  };
}

export type Entries = ReturnType<typeof useEntries>;
