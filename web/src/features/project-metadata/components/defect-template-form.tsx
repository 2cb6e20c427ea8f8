import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { etagOf, isEditConflict } from '../../../lib/record-versions';
import { projectQueryOptions, useEditProject, useProject } from '../../projects';

/**
 * Where the defect ids of the project's results link to: a URL holding {id}. Saved with the ETag
 * of the project's read (If-Match): when someone changed the project meanwhile, the form shows
 * the current template and asks to save again.
 */
export function DefectTemplateForm({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const project = useProject(projectId);
  const edit = useEditProject();
  const saved = project.data?.defectUrlTemplate ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const text = draft ?? saved;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const defectUrlTemplate = text.trim() || null;
    edit.mutate(
      { body: { projectId, defectUrlTemplate }, etag: etagOf(projectQueryOptions(projectId).queryKey) },
      {
        onSuccess: () => {
          setDraft(null);
          setNote(defectUrlTemplate ? 'Saved: defect ids link there.' : 'Saved: defect ids are not linked.');
        },
        onError: () => setNote(''),
      },
    );
  };
  return (
    <section className="value-list defect-template" aria-labelledby="defect-template-heading">
      <h2 id="defect-template-heading">Defect links</h2>
      <p className="muted">
        Where a defect id of a result (SHOP-123, #45) links to: your tracker&apos;s address of an issue, with <code>{'{id}'}</code> where
        the id goes. Empty: ids show as text.
      </p>
      <form className="value-add" onSubmit={submit}>
        <label htmlFor="defect-template">Link of a defect</label>
        <input
          id="defect-template"
          type="url"
          value={text}
          placeholder="https://acme.atlassian.net/browse/{id}"
          maxLength={500}
          readOnly={!canWrite}
          onChange={(e) => {
            setDraft(e.target.value);
            setNote('');
          }}
        />
        {canWrite && (
          <button type="submit" className="button small" disabled={edit.isPending || text === saved}>
            Save
          </button>
        )}
        {isEditConflict(edit.error) ? (
          <p role="alert" className="value-note">
            Someone changed the project since you opened this page; it now shows theirs. Save again to replace it.
          </p>
        ) : (
          <ErrorMessage error={edit.error} />
        )}
        <p role="status" className="muted defect-template-note">
          {note}
        </p>
      </form>
    </section>
  );
}
