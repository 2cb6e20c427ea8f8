import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useValueWrites } from '../api/value-writes';
import { sameName, type Value, type ValueList } from '../value-lists';
import { ValueRow } from './value-row';

interface Props {
  list: ValueList;
  projectId: number;
  values: readonly Value[] | undefined;
  error: unknown;
  canWrite: boolean;
  canDelete: boolean;
}

function AddValueForm({ list, projectId, values }: { list: ValueList; projectId: number; values: readonly Value[] }) {
  const { add } = useValueWrites(list.id, projectId);
  const [name, setName] = useState('');
  const clash = sameName(values, name);
  const inputId = `add-${list.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (clash) return;
    add.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <form className="value-add" onSubmit={submit}>
      <label htmlFor={inputId}>New {list.noun}</label>
      <input id={inputId} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      <button type="submit" className="button small" disabled={add.isPending || Boolean(clash)}>
        Add
      </button>
      {clash && (
        <p role="alert" className="value-note">
          The {list.noun} <bdi>{clash.name}</bdi> exists already.
        </p>
      )}
      <ErrorMessage error={add.error} />
    </form>
  );
}

/** One list of the metadata page: its values, each renamable and deletable, and a form to add one. */
export function ValueListSection({ list, projectId, values, error, canWrite, canDelete }: Props) {
  const headingId = `values-${list.id}`;
  return (
    <section className="value-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{list.heading}</h2>
      <ErrorMessage error={error} />
      {values && values.length === 0 && <p className="muted">None yet.</p>}
      {values && values.length > 0 && (
        <ul aria-labelledby={headingId}>
          {values.map((v) => (
            <ValueRow key={v.id} list={list} projectId={projectId} value={v} values={values} canWrite={canWrite} canDelete={canDelete} />
          ))}
        </ul>
      )}
      {canWrite && values && <AddValueForm list={list} projectId={projectId} values={values} />}
    </section>
  );
}
