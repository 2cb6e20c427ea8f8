import { useEffect } from 'react';
import type { ConfigurationGroup } from '../../configurations';
import { selectionFields, TestSelection, useSectionRows, useSelectionCount } from '../../runs';
import { combinations, runsOf, type EntryDraft, type EntrySize } from '../plan-entry';
import { EntryAssign } from './entry-assign';
import { EntryConfigurations } from './entry-configurations';

/**
 * One entry of a plan: its tests (chosen as for a new run), its configurations and who executes
 * them; it says how many runs and results it makes, and tells the form (`onSize`) for the total.
 */
export function EntryEditor({
  projectId,
  number,
  draft,
  groups,
  members,
  onChange,
  onSize,
  onRemove,
}: {
  projectId: number;
  number: number;
  draft: EntryDraft;
  groups: ConfigurationGroup[] | undefined;
  members: { userId: number; name: string }[];
  onChange: (draft: EntryDraft) => void;
  onSize: (key: number, size: EntrySize) => void;
  onRemove?: () => void;
}) {
  const rows = useSectionRows(projectId);
  const { count, exact, tooMany } = useSelectionCount(projectId, selectionFields(draft.selection, rows));
  const runs = runsOf(combinations(groups ?? [], draft.options));
  const { key } = draft;
  useEffect(() => onSize(key, { runs, tests: count, exact, tooMany }), [onSize, key, runs, count, exact, tooMany]);
  const set = (change: Partial<EntryDraft>) => onChange({ ...draft, ...change });
  return (
    <fieldset className="plan-entry" data-entry={number}>
      <legend>Entry {number}</legend>
      {onRemove && (
        <button type="button" className="button small secondary plan-entry-remove" onClick={onRemove}>
          Remove entry {number}
        </button>
      )}
      <TestSelection
        projectId={projectId}
        name={`entry-${key}-scope`}
        state={draft.selection}
        onChange={(selection) => set({ selection })}
      />
      <EntryConfigurations projectId={projectId} groups={groups} checked={draft.options} onChange={(options) => set({ options })} />
      <EntryAssign draft={draft} members={members} onChange={set} />
      <p className="plan-entry-size">
        Entry {number}: {runs} {runs === 1 ? 'run' : 'runs'}
        {count !== undefined && ` × ${exact ? '' : 'at most '}${count} ${count === 1 ? 'test' : 'tests'}`}
      </p>
    </fieldset>
  );
}
