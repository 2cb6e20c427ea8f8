import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditConflict, textConflictRows } from '../../../components/edit-conflict';
import { ErrorMessage } from '../../../components/error-message';
import { etagOf } from '../../../lib/record-versions';
import { useGuardedSave } from '../../../lib/use-guarded-save';
import { useEditRun } from '../api/edit-run';
import { runDetailQueryOptions } from '../api/get-run-detail';

type Fields = { runName: string; runDescription: string | null };
const FIELDS = ['runName', 'runDescription'] as const;
const LABELS: Record<keyof Fields, string> = { runName: 'Name', runDescription: 'Description' };

/** The form's fields as the API takes them: trimmed, an empty description is none. */
const runFields = (name: string, description: string): Fields => ({ runName: name.trim(), runDescription: description.trim() || null });

/**
 * A run's name and description, edited from the version read when the form opened: a save someone
 * else's came before shows both versions to choose from.
 */
export function RunEditForm({
  projectId,
  runId,
  onDone,
  onCancel,
}: {
  projectId: number;
  runId: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const edit = useEditRun(projectId);
  const [name, setName] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const guarded = useGuardedSave<Fields, { runName: string }>({
    fields: FIELDS,
    read: async () => {
      const options = runDetailQueryOptions(projectId, runId);
      const run = await queryClient.fetchQuery({ ...options, staleTime: 0 });
      return { values: { runName: run.runName, runDescription: run.runDescription ?? null }, etag: etagOf(options.queryKey) };
    },
    write: (values, etag) => edit.mutateAsync({ body: { runId, ...values }, etag }),
    onSaved: (saved) => onDone(`${saved.runName} saved`),
    onTheirs: () => (
      void queryClient.invalidateQueries({ queryKey: runDetailQueryOptions(projectId, runId).queryKey }),
      onDone('Kept the other version')
    ),
  });
  // Once, on opening: the version the form starts from (the list's copy may be older).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void guarded.open(), []);
  const base = guarded.base?.values;
  if (base && name === null) {
    setName(base.runName);
    setDescription(base.runDescription ?? '');
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    guarded.save(runFields(name ?? '', description));
  };
  const conflict = guarded.conflict;
  return (
    <>
      <ErrorMessage error={guarded.error} />
      {!base && !guarded.error && <p className="muted">Loading…</p>}
      {base && name !== null && (
        <form className="run-edit-form" aria-label="Edit run" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={200}
              autoFocus
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>
              Description <span className="muted">(optional)</span>
            </label>
            <textarea id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
          </div>
          <div className="button-row">
            <button type="submit" className="button" disabled={guarded.pending}>
              {guarded.pending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="button secondary" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {conflict && (
        <EditConflict
          open
          what="run"
          rows={textConflictRows(conflict, LABELS)}
          pending={guarded.pending}
          onResolve={guarded.resolve}
          onClose={guarded.closeConflict}
        />
      )}
    </>
  );
}
