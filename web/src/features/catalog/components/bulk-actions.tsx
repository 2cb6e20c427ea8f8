import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useLabels } from '../../project-metadata/api/get-labels';
import { useLookup } from '../../project-metadata/api/get-lookups';
import type { Section } from '../../project-metadata/api/get-sections';
import { useSquads } from '../../project-metadata/api/get-squads';
import { BULK_LIMIT, useBulkDeleteTests, useBulkUpdateTests, type BulkFields } from '../api/test-writes';
import { selectionChunks, type Selection } from '../catalog-selection';
import { CreateRunDialog } from './create-run-dialog';
import { Dialog } from './dialog';
import { SectionSelect } from './section-select';

type Field = 'priority' | 'section' | 'squad' | 'labels';
const fieldNames: Record<Field, string> = { priority: 'Priority', section: 'Section', squad: 'Squad', labels: 'Labels (replace)' };

interface Props {
  projectId: number;
  sections: Section[];
  selection: Selection;
  onClear: () => void;
  onDeleted: (ids: number[]) => void;
  canDelete: boolean;
}

/** The value control for the chosen field; `null` clears the field. */
function ValueInput({
  field,
  projectId,
  sections,
  value,
  setValue,
}: {
  field: Field;
  projectId: number;
  sections: Section[];
  value: number[];
  setValue: (v: number[]) => void;
}) {
  const priorities = useLookup('priority', projectId);
  const labels = useLabels(projectId);
  const squads = useSquads(projectId);
  const single = (options: { id: number; name: string }[], none: string) => (
    <select id="bulk-value" value={value[0] ?? ''} onChange={(e) => setValue(e.target.value ? [Number(e.target.value)] : [])}>
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
  if (field === 'priority') return single(priorities.data ?? [], '(none)');
  if (field === 'squad')
    return single(
      (squads.data ?? []).map((s) => ({ id: s.squadId, name: s.squadName })),
      '(none)',
    );
  if (field === 'section')
    return (
      <SectionSelect
        id="bulk-value"
        sections={sections}
        all={sections}
        value={value[0] ?? null}
        onChange={(v) => setValue(v === null ? [] : [v])}
        noneLabel="(no section)"
      />
    );
  return (
    <select
      id="bulk-value"
      multiple
      value={value.map(String)}
      onChange={(e) => setValue([...e.target.selectedOptions].map((o) => Number(o.value)))}
    >
      {(labels.data ?? []).map((l) => (
        <option key={l.labelId} value={l.labelId}>
          {l.labelName}
        </option>
      ))}
    </select>
  );
}

const toFields = (field: Field, value: number[]): BulkFields => {
  if (field === 'labels') return { labels: value };
  return { [`${field}Id`]: value[0] ?? null };
};

/** What to do with the selected tests: set a field, create a run, or (Admin) delete them. */
export function BulkActions({ projectId, sections, selection, onClear, onDeleted, canDelete }: Props) {
  const update = useBulkUpdateTests(projectId);
  const remove = useBulkDeleteTests(projectId);
  const [field, setField] = useState<Field>('priority');
  const [value, setValue] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'run' | 'delete' | null>(null);
  const count = selection.ids.size;
  const noun = count === 1 ? 'test' : 'tests';
  const apply = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ batches: selectionChunks(selection, BULK_LIMIT), fields: toFields(field, value) });
  };
  const batches = count > BULK_LIMIT ? ` in ${Math.ceil(count / BULK_LIMIT)} batches` : '';
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
              setField(e.target.value as Field);
              setValue([]);
            }}
          >
            {(Object.keys(fieldNames) as Field[]).map((f) => (
              <option key={f} value={f}>
                {fieldNames[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="filter">
          <label htmlFor="bulk-value">To</label>
          <ValueInput field={field} projectId={projectId} sections={sections} value={value} setValue={setValue} />
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
      {dialog === 'run' && <CreateRunDialog projectId={projectId} testIds={[...selection.ids]} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <Dialog title={`Delete ${count} ${noun}?`} onClose={() => setDialog(null)}>
          <p>They leave the catalog{batches}; runs that hold them keep their results.</p>
          <div className="button-row">
            <button
              type="button"
              className="button danger"
              disabled={remove.isPending}
              onClick={() => {
                const chunks = selectionChunks(selection, BULK_LIMIT);
                remove.mutate(chunks, { onSuccess: () => onDeleted(chunks.flat()), onSettled: () => setDialog(null) });
              }}
            >
              Delete
            </button>
            <button type="button" className="button secondary" onClick={() => setDialog(null)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
