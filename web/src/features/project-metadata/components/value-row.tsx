import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { ApiError } from '../../../lib/api';
import { useValueWrites } from '../api/value-writes';
import { sameName, type Value, type ValueList } from '../value-lists';

interface Props {
  list: ValueList;
  projectId: number;
  value: Value;
  /** The list's values, to refuse a rename onto another's name before sending it. */
  values: readonly Value[];
  canWrite: boolean;
  canDelete: boolean;
}

/** The name in place of which a rename form opens; Escape or Cancel closes it and focus returns to Rename. */
function RenameForm({
  list,
  value,
  values,
  rename,
  onDone,
}: Omit<Props, 'projectId' | 'canWrite' | 'canDelete'> & {
  rename: ReturnType<typeof useValueWrites>['rename'];
  onDone: () => void;
}) {
  const [name, setName] = useState(value.name);
  const clash = sameName(values, name, value.id);
  const inputId = `rename-${list.id}-${value.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (clash) return;
    if (name.trim() === value.name) return onDone();
    rename.mutate({ id: value.id, name: name.trim() }, { onSuccess: onDone });
  };
  const escape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    }
  };
  return (
    <form className="value-rename" onSubmit={submit} onKeyDown={escape}>
      <label htmlFor={inputId} className="sr-only">
        New name of {list.noun} {value.name}
      </label>
      <input id={inputId} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus />
      <button type="submit" className="button small" disabled={rename.isPending || Boolean(clash)}>
        Save
      </button>
      <button type="button" className="button small secondary" onClick={onDone}>
        Cancel
      </button>
      {clash && (
        <p role="alert" className="value-note">
          The {list.noun} <bdi>{clash.name}</bdi> exists already.
        </p>
      )}
      <ErrorMessage error={rename.error} />
    </form>
  );
}

/** Why a value cannot go, when the server refused for that reason. */
function inUseText(error: unknown, noun: string) {
  if (!(error instanceof ApiError) || error.code !== 'in_use') return undefined;
  return `${error.message}. Take this ${noun} off those tests (or rename it) first; a run that shows it keeps it until the run is deleted.`;
}

/** One value: its name, Rename in place (User), Delete after confirming (Admin). */
export function ValueRow({ list, projectId, value, values, canWrite, canDelete }: Props) {
  const { rename, remove } = useValueWrites(list.id, projectId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const inUse = inUseText(remove.error, list.noun);
  const stopEditing = () => {
    setEditing(false);
    rename.reset();
    // Back to the button that opened the form, once it is drawn again.
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const closeDialog = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <li className="value-row">
      {editing ? (
        <RenameForm list={list} value={value} values={values} rename={rename} onDone={stopEditing} />
      ) : (
        <>
          <bdi className="value-name">{value.name}</bdi>
          <span className="value-actions">
            {canWrite && (
              <button
                ref={renameButton}
                type="button"
                className="button small secondary"
                aria-label={`Rename ${list.noun} ${value.name}`}
                onClick={() => setEditing(true)}
              >
                Rename
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="button small danger"
                aria-label={`Delete ${list.noun} ${value.name}`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            )}
          </span>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${list.noun} “${value.name}”?`}
        pending={remove.isPending || inUse !== undefined}
        onConfirm={() => remove.mutate(value.id, { onSuccess: () => setConfirming(false) })}
        onClose={closeDialog}
      >
        {inUse ? (
          <p role="alert" className="error-message">
            Cannot delete: {inUse}
          </p>
        ) : (
          <>
            <p>Only a {list.noun} that no test holds and no run shows can be deleted; the server checks.</p>
            <ErrorMessage error={remove.error} />
          </>
        )}
      </ConfirmDialog>
    </li>
  );
}
