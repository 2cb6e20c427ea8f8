import { useState } from 'react';
import { differingFields, mergeFields, type Side } from './merge-fields';
import { isEditConflict } from './record-versions';

/** The fields of a record as the server holds them, with the ETag of that read. */
export interface Version<F> {
  values: F;
  etag: string | undefined;
}

interface Options<F extends object, R> {
  /** The fields an edit changes and a conflict compares. */
  fields: readonly (keyof F)[];
  /** Reads the record now (a fresh GET, not a kept copy). */
  read: () => Promise<Version<F>>;
  /** Saves the fields with If-Match `etag`. */
  write: (values: F, etag: string | undefined) => Promise<R>;
  /** The save went through. */
  onSaved: (saved: R) => void;
  /** The person took the other version whole: nothing of theirs to save. */
  onTheirs: () => void;
}

/**
 * A small edit form's save (a run's or a project's name and description) guarded by If-Match:
 * `open` reads the version the form starts from; a save someone else's came before is refused by
 * the server (412), and `conflict` holds both versions until the person chooses per field.
 */
export function useGuardedSave<F extends object, R>({ fields, read, write, onSaved, onTheirs }: Options<F, R>) {
  const [base, setBase] = useState<Version<F> | null>(null);
  const [conflict, setConflict] = useState<{ mine: F; theirs: Version<F>; fields: (keyof F)[] } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const guard = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  const save = (mine: F, onto: Version<F> | null = base) =>
    guard(async () => {
      try {
        onSaved(await write(mine, onto?.etag));
      } catch (err) {
        if (!isEditConflict(err)) throw err;
        const theirs = await read();
        const differing = differingFields(fields, mine, theirs.values);
        // They saved what this person typed: nothing is lost either way.
        if (differing.length === 0) return onTheirs();
        setConflict({ mine, theirs, fields: differing });
      }
    });

  return {
    base,
    pending,
    error,
    /** Reads the version the form starts from. */
    open: () => guard(async () => setBase(await read())),
    save: (mine: F) => void save(mine),
    conflict,
    resolve: (choice: Partial<Record<keyof F, Side>>) => {
      if (!conflict) return;
      const merged = mergeFields(conflict.mine, conflict.theirs.values, choice);
      setConflict(null);
      setBase(conflict.theirs);
      if (differingFields(fields, merged, conflict.theirs.values).length === 0) onTheirs();
      else void save(merged, conflict.theirs);
    },
    /** Closed without choosing: the form keeps the edits; saving again meets the conflict again. */
    closeConflict: () => setConflict(null),
    reset: () => (setBase(null), setConflict(null), setError(null)),
  };
}
