import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import type { Section } from '../../project-metadata';
import { useBulkDeleteTests } from '../api/bulk-delete-tests';
import { useBulkUpdateTests } from '../api/bulk-update-tests';
import { BULK_LIMIT, bulkFields, type BulkField } from '../bulk-batches';
import { selectionChunks, type Selection } from '../catalog-selection';
import { BulkValueInput } from './bulk-value-input';
import { CreateRunDialog } from './create-run-dialog';

const fieldNames: Record<BulkField, string> = { priority: 'Priority', section: 'Section', squad: 'Squad', labels: 'Labels (replace)' };

interface Props {
  projectId: number;
  sections: Section[];
  selection: Selection;
  onClear: () => void;
  onDeleted: (ids: number[]) => void;
  canDelete: boolean;
}

/** What to do with the selected tests: set a field, create a run, or (Admin) delete them. */
export function BulkActions({ projectId, sections, selection, onClear, onDeleted, canDelete }: Props) {
  const update = useBulkUpdateTests(projectId);
  const remove = useBulkDeleteTests(projectId);
  const [field, setField] = useState<BulkField>('priority');
  const [value, setValue] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'run' | 'delete' | null>(null);
  const count = selection.ids.size;
  const noun = count === 1 ? 'test' : 'tests';
  const apply = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ batches: selectionChunks(selection, BULK_LIMIT), fields: bulkFields(field, value) });
  };
  const batches = count > BULK_LIMIT ? ` in ${Math.ceil(count / BULK_LIMIT)} batches` : '';
  const deleteSelected = () => {
    const chunks = selectionChunks(selection, BULK_LIMIT);
    remove.mutate(chunks, { onSuccess: () => onDeleted(chunks.flat()), onSettled: () => setDialog(null) });
  };
  return (
    <section className="bulk-actions" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" className="bulk-count">
        {count} {noun} selected
      </h2>
      <button type="button" className="button secondary" onClick={onClear}>
        Clear selection
      </button>
      <form className="bulk-edit" onSubmit={apply}>
        <div className="filter">
          <label htmlFor="bulk-field">Set</label>
          <select
            id="bulk-field"
            value={field}
            onChange={(e) => {
              setField(e.target.value as BulkField);
              setValue([]);
            }}
          >
            {(Object.keys(fieldNames) as BulkField[]).map((f) => (
              <option key={f} value={f}>
                {fieldNames[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="filter">
          <label htmlFor="bulk-value">To</label>
          <BulkValueInput field={field} projectId={projectId} sections={sections} value={value} setValue={setValue} />
        </div>
        <button type="submit" className="button" disabled={update.isPending}>
          Apply to {count} {noun}
        </button>
      </form>
      <div className="button-row">
        <button type="button" className="button" onClick={() => setDialog('run')}>
          Create run from selection
        </button>
        {canDelete && (
          <button type="button" className="button danger" onClick={() => setDialog('delete')}>
            Delete {count} {noun}…
          </button>
        )}
      </div>
      {update.isSuccess && !update.isPending && (
        <p role="status" className="muted">
          Updated {update.data} tests.
        </p>
      )}
      <ErrorMessage error={update.error ?? remove.error} />
      <CreateRunDialog
        open={dialog === 'run'}
        projectId={projectId}
        testIds={dialog === 'run' ? [...selection.ids] : []}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete ${count} ${noun}?`}
        pending={remove.isPending}
        onConfirm={deleteSelected}
        onClose={() => setDialog(null)}
      >
        <p>They leave the catalog{batches}; runs that hold them keep their results.</p>
      </ConfirmDialog>
    </section>
  );
}
