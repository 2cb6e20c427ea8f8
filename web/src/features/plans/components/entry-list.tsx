import { ErrorMessage } from '../../../components/error-message';
import type { Entries } from '../use-entries';
import { EntryEditor } from './entry-editor';

/** The entries of a plan form, each with its editor, "Add another entry" (`many`), and the live preview of the runs and results. */
export function EntryList({ projectId, entries: e, many }: { projectId: number; entries: Entries; many: boolean }) {
  return (
    <>
      <ErrorMessage error={e.error} />
      {e.drafts.map((d, i) => (
        <EntryEditor
          key={d.key}
          projectId={projectId}
          number={i + 1}
          draft={d}
          groups={e.groups}
          members={e.members}
          onChange={e.change}
          onSize={e.onSize}
          onRemove={e.drafts.length > 1 ? () => e.remove(d.key) : undefined}
        />
      ))}
      {many && (
        <p>
          <button type="button" className="button secondary" onClick={e.add}>
            Add another entry
          </button>
        </p>
      )}
      <p className="plan-preview" role="status">
        This makes <strong>{e.preview}</strong>.
      </p>
    </>
  );
}
