import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { projectFields } from '../project-fields';

interface Props {
  /** Names the form for assistive technology, e.g. "New project in Acme". */
  label: string;
  initialName?: string;
  initialDescription?: string | null;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: ReturnType<typeof projectFields>) => void;
  onCancel: () => void;
}

/** Name and description of a project, for creating and for editing one. */
export function ProjectForm({ label, initialName = '', initialDescription, submitLabel, pending, error, onSubmit, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(projectFields(name, description));
  };
  return (
    <form className="project-form" aria-label={label} onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
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
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
