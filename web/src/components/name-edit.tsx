import { useEffect } from 'react';
import type { Version } from '../lib/use-guarded-save';
import { useGuardedSave } from '../lib/use-guarded-save';
import { EditConflict, textConflictRows } from './edit-conflict';
import { ErrorMessage } from './error-message';
import { NameForm } from './name-form';
import type { NamedFields } from './named-fields';

const FIELDS = ['name', 'description'] as const;
const LABELS: Record<keyof NamedFields, string> = { name: 'Name', description: 'Description' };

interface Props<R> {
  /** What is edited, in words: "run", "project". */
  what: string;
  /** Names the form for assistive technology, e.g. "Edit run". */
  label: string;
  /** Reads the record now (a fresh GET), with its ETag. */
  read: () => Promise<Version<NamedFields>>;
  /** Saves with If-Match `etag`. */
  write: (values: NamedFields, etag: string | undefined) => Promise<R>;
  onSaved: (saved: R) => void;
  /** The person kept the other version whole. */
  onTheirs: () => void;
  onCancel: () => void;
}

/**
 * Editing a record's name and description from the version read when the form opened: a save
 * someone else's came before shows both versions to choose from (If-Match, 412 edit_conflict).
 */
export function NameEdit<R>({ what, label, read, write, onSaved, onTheirs, onCancel }: Props<R>) {
  const guarded = useGuardedSave<NamedFields, R>({ fields: FIELDS, read, write, onSaved, onTheirs });
  // Once, on opening: the version the form starts from (a list's copy may be older).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void guarded.open(), []);
  const base = guarded.base?.values;
  const conflict = guarded.conflict;
  return (
    <>
      {!base && <ErrorMessage error={guarded.error} />}
      {!base && !guarded.error && <p className="muted">Loading…</p>}
      {base && (
        <NameForm
          label={label}
          initialName={base.name}
          initialDescription={base.description}
          submitLabel="Save"
          pending={guarded.pending}
          error={guarded.error}
          onSubmit={(fields) => guarded.save(fields)}
          onCancel={onCancel}
        />
      )}
      {conflict && (
        <EditConflict
          open
          what={what}
          rows={textConflictRows(conflict, LABELS)}
          pending={guarded.pending}
          onResolve={guarded.resolve}
          onClose={guarded.closeConflict}
        />
      )}
    </>
  );
}
