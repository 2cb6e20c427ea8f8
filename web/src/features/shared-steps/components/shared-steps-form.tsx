import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { emptyStep, sentSteps, StepsEditor, type EditStep, type SharedSteps } from '../../test-cases';
import type { useSharedStepsWrites } from '../api/shared-steps';

interface Props {
  projectId: number;
  /** The shared steps edited; none: new ones. */
  editing?: SharedSteps;
  save: ReturnType<typeof useSharedStepsWrites>['save'];
  onDone: () => void;
}

/** A name and a list of steps (no shared steps inside): adds new shared steps, or saves an edit. */
export function SharedStepsForm({ projectId, editing, save, onDone }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [list, setList] = useState<EditStep[]>(
    editing ? editing.steps.map((s) => ({ action: s.action, expected: s.expected ?? '', data: s.data ?? '' })) : [emptyStep()],
  );
  const id = editing ? `shared-${editing.sharedStepsId}` : 'shared-new';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const steps = (sentSteps(list) ?? []) as { action: string; expected?: string; data?: string }[];
    save.mutate({ sharedStepsId: editing?.sharedStepsId, name, steps }, { onSuccess: onDone });
  };
  return (
    <form className="shared-steps-form" onSubmit={submit} noValidate aria-label={editing ? `Edit ${editing.name}` : 'New shared steps'}>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} aria-required="true" onChange={(e) => setName(e.target.value)} />
      </div>
      <StepsEditor
        id={`${id}-steps`}
        projectId={projectId}
        text=""
        list={list}
        readOnly={false}
        allowShared={false}
        onText={() => undefined}
        onList={(next) => setList(next ?? [])}
      />
      {editing && editing.testCount > 0 && (
        <p className="muted">
          {editing.testCount} test{editing.testCount === 1 ? '' : 's'} use{editing.testCount === 1 ? 's' : ''} these steps: each gets a new
          version when you save.
        </p>
      )}
      <ErrorMessage error={save.error} />
      <div className="buttons">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save' : 'Add shared steps'}
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
