import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { etagOf, isEditConflict } from '../../lib/record-versions';
import { differingFields, mergeFields, type Side } from '../../lib/merge-fields';
import { testQueryOptions } from './api/get-test';
import { useUpdateTest } from './api/update-test';
import { changedFields, comparable, FORM_FIELDS, formFromTest, type TestForm, type TestRecord } from './test-form';

/** A version of the test: the record as read and the ETag its read answered. */
interface Version {
  test: TestRecord;
  etag: string | undefined;
}

/**
 * The test page's edit: the form, the version it started from (`base`), and a save that sends
 * that version's ETag in If-Match. While the form is unedited it follows the server's copy; an
 * edited form keeps its base, so a save over someone else's change is refused (412) and shows
 * both versions (`conflict`) for the person to choose from.
 */
export function useTestEdit(test: TestRecord, etag: string | undefined) {
  const { projectId, testId } = test;
  const queryClient = useQueryClient();
  const save = useUpdateTest(projectId, testId);
  const [base, setBase] = useState<Version>({ test, etag });
  const [form, setForm] = useState(() => formFromTest(test));
  const [conflict, setConflict] = useState<Version | null>(null);
  const changes = changedFields(base.test, form);
  const dirty = Object.keys(changes).length > 0;
  // Set while rendering, React's way to follow a prop: an unedited form shows the newest copy.
  if ((test !== base.test || (etag !== undefined && etag !== base.etag)) && !dirty && !conflict && !save.isPending) {
    setBase({ test, etag });
    setForm(formFromTest(test));
  }

  const key = testQueryOptions(projectId, testId).queryKey;
  /** The test as the server holds it now, with its ETag. */
  const current = async (): Promise<Version> => {
    const now = await queryClient.fetchQuery({ ...testQueryOptions(projectId, testId), staleTime: 0 });
    return { test: now, etag: etagOf(key) };
  };

  const send = (fields: TestForm, onto: Version) => {
    save.reset();
    save.mutate(
      { changes: changedFields(onto.test, fields), etag: onto.etag },
      {
        onSuccess: (saved) => {
          // The hook read the test again after the save: that copy (and its ETag) is the base now.
          const fresh = queryClient.getQueryData(key) ?? saved;
          setBase({ test: fresh, etag: etagOf(key) });
          // What was typed while the save was on its way stays in the form, as edits of the new base.
          setForm((now) => (JSON.stringify(now) === JSON.stringify(fields) ? formFromTest(fresh) : now));
        },
        onError: (error) => {
          // A failed read of theirs leaves the 412's text on the form; the edits stay.
          if (isEditConflict(error)) current().then(setConflict, () => undefined);
        },
      },
    );
  };

  const theirs = conflict ? comparable(formFromTest(conflict.test)) : undefined;
  return {
    form,
    set: <K extends keyof TestForm>(field: K, value: TestForm[K]) => setForm((f) => ({ ...f, [field]: value })),
    dirty,
    save,
    submit: () => dirty && send(form, base),
    discard: () => (save.reset(), setForm(formFromTest(base.test))),
    conflict: conflict &&
      theirs && {
        theirs,
        fields: differingFields(
          FORM_FIELDS.map(([field]) => field),
          comparable(form),
          theirs,
        ),
        /** Keeps, per field, mine or theirs, and saves what differs from theirs with their ETag. */
        resolve: (choice: Partial<Record<keyof TestForm, Side>>) => {
          const merged = mergeFields(form, formFromTest(conflict.test), choice);
          setConflict(null);
          setBase(conflict);
          setForm(merged);
          if (Object.keys(changedFields(conflict.test, merged)).length > 0) send(merged, conflict);
        },
        /** Closed without choosing: the edits stay, and the next save meets the conflict again. */
        close: () => setConflict(null),
      },
  };
}
