import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { useAddPlanEntry } from '../api/write-plan';
import { useEntries } from '../use-entries';
import { EntryList } from './entry-list';

/** Add an entry to an open plan, edited as on the New plan page; its runs join the plan's. */
export function AddEntryForm({ projectId, planId, onDone }: { projectId: number; planId: number; onDone: (message?: string) => void }) {
  const entries = useEntries(projectId);
  const add = useAddPlanEntry(projectId);
  // What is missing shows once a send was tried, and goes as soon as it is fixed.
  const [tried, setTried] = useState(false);
  const built = entries.build();
  const problem = tried && 'problem' in built ? built.problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ('problem' in built) return;
    const [entry] = built.entries;
    add.mutate(
      { projectId, planId, ...entry },
      { onSuccess: (p) => onDone(`Entry added: ${p.name} has ${p.runCount} ${p.runCount === 1 ? 'run' : 'runs'} now`) },
    );
  };

  return (
    <form className="plan-form" onSubmit={submit} aria-labelledby="plan-add-entry">
      <h2 id="plan-add-entry">Add an entry</h2>
      <EntryList projectId={projectId} entries={entries} many={false} />
      <ErrorMessage error={problem ?? add.error} />
      <FormActions submitLabel="Add entry" pendingLabel="Adding…" pending={add.isPending} onCancel={() => onDone()} />
    </form>
  );
}
