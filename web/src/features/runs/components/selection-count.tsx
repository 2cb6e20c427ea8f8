import { useSelectionCount } from '../api/count-selection';
import { selectionFields, type SectionRow, type SelectionState } from '../selection';

/** "12 tests match", announced as the selection changes; "At most 12" when several labels may overlap. */
export function SelectionCount({ projectId, state, rows }: { projectId: number; state: SelectionState; rows: SectionRow[] }) {
  const fields = selectionFields(state, rows);
  const { count, exact, tooMany } = useSelectionCount(projectId, fields);
  const text = !fields
    ? 'No tests chosen yet.'
    : tooMany
      ? 'Too many sections, labels and priorities together to count the matching tests here.'
      : count === undefined
        ? 'Counting the matching tests…'
        : `${exact ? '' : 'At most '}${count} ${count === 1 ? 'test matches' : 'tests match'}${exact ? '' : ' (a test with several of the labels is counted once per label)'}.`;
  return (
    <p className="selection-count muted" aria-live="polite">
      {text}
    </p>
  );
}
