import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from './error-message';
import { FormActions } from './form-actions';
import { namedFields, type NamedFields } from './named-fields';
import './name-form.css';

interface Props {
  /** Names the form for assistive technology, e.g. "New project in Acme". */
  label: string;
  initialName?: string;
  initialDescription?: string | null;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: NamedFields) => void;
  onCancel: () => void;
}

/** A name and an optional description (a project's, a run's), for creating and for editing; Esc cancels. */
export function NameForm({ label, initialName = '', initialDescription, submitLabel, pending, error, onSubmit, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(namedFields(name, description));
  };
  return (
    <form className="name-form" aria-label={label} onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <ErrorMessage error={error} />
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
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
