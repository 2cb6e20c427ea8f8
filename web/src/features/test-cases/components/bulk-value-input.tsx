import type { IdOption } from '../../../components/id-select';
import { useLabels, useLookup, useSquads, type Section } from '../../project-metadata';
import type { BulkEdit, LabelMode, ScalarField } from '../bulk-edit';
import { sectionPath } from '../section-tree';
import { LabelsPicker } from './labels-picker';

const UNCHANGED = '';
const CLEAR = 'none';

/** The names a bulk edit shows for its ids: in the form, and in the confirmation of what changes. */
export function useBulkNames(projectId: number, sections: Section[]) {
  const priorities = useLookup('priority', projectId);
  const squads = useSquads(projectId);
  const labels = useLabels(projectId);
  const options: Record<ScalarField, IdOption[] | undefined> = {
    priorityId: priorities.data,
    squadId: squads.data?.map((s) => ({ id: s.squadId, name: s.squadName })),
    sectionId: sections.map((s) => ({ id: s.sectionId, name: sectionPath(sections, s.sectionId) })),
  };
  return { options, labels: labels.data ?? [] };
}
export type BulkNames = ReturnType<typeof useBulkNames>;

export const fieldNames: Record<ScalarField, { label: string; none: string }> = {
  priorityId: { label: 'Priority', none: '(no priority)' },
  squadId: { label: 'Squad', none: '(no squad)' },
  sectionId: { label: 'Section', none: '(no section)' },
};
const labelLegends: Record<LabelMode, string> = { add: 'Labels to add', remove: 'Labels to remove', replace: 'The new labels' };
export const labelModes: Record<LabelMode, string> = { add: 'Add', remove: 'Remove', replace: 'Replace all with' };

/** One select per field, each starting at "Leave unchanged"; labels are added, removed or replaced. */
export function BulkEditFields({ names, edit, setEdit }: { names: BulkNames; edit: BulkEdit; setEdit: (edit: BulkEdit) => void }) {
  const scalar = (field: ScalarField) => {
    const value = edit[field];
    return (
      <div className="filter" key={field}>
        <label htmlFor={`bulk-${field}`}>New {fieldNames[field].label.toLowerCase()}</label>
        <select
          id={`bulk-${field}`}
          value={value === undefined ? UNCHANGED : value === null ? CLEAR : String(value)}
          onChange={(e) => {
            const v = e.target.value;
            setEdit({ ...edit, [field]: v === UNCHANGED ? undefined : v === CLEAR ? null : Number(v) });
          }}
        >
          <option value={UNCHANGED}>Leave unchanged</option>
          <option value={CLEAR}>{fieldNames[field].none}</option>
          {names.options[field]?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
    );
  };
  const labels = edit.labels;
  return (
    <>
      {(['priorityId', 'squadId', 'sectionId'] as const).map(scalar)}
      <div className="filter">
        <label htmlFor="bulk-labels">Labels</label>
        <select
          id="bulk-labels"
          value={labels?.mode ?? UNCHANGED}
          onChange={(e) => {
            const mode = e.target.value as LabelMode | typeof UNCHANGED;
            setEdit({ ...edit, labels: mode === UNCHANGED ? undefined : { mode, ids: labels?.ids ?? [] } });
          }}
        >
          <option value={UNCHANGED}>Leave unchanged</option>
          {(Object.keys(labelModes) as LabelMode[]).map((m) => (
            <option key={m} value={m}>
              {labelModes[m]}…
            </option>
          ))}
        </select>
      </div>
      {labels && (
        <div className="bulk-labels">
          <LabelsPicker
            labels={names.labels}
            value={labels.ids}
            onChange={(ids) => setEdit({ ...edit, labels: { mode: labels.mode, ids } })}
            readOnly={false}
            legend={labelLegends[labels.mode]}
          />
        </div>
      )}
    </>
  );
}
