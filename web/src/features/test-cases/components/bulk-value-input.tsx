import { IdSelect, type IdOption } from '../../../components/id-select';
import { useLabels, useLookup, useSquads, type Section } from '../../project-metadata';
import type { BulkField } from '../bulk-batches';
import { SectionSelect } from './section-select';

/** The value control for the chosen field; `null` clears the field. */
export function BulkValueInput({
  field,
  projectId,
  sections,
  value,
  setValue,
}: {
  field: BulkField;
  projectId: number;
  sections: Section[];
  value: number[];
  setValue: (v: number[]) => void;
}) {
  const priorities = useLookup('priority', projectId);
  const labels = useLabels(projectId);
  const squads = useSquads(projectId);
  const single = (options: IdOption[] | undefined, none: string) => (
    <IdSelect id="bulk-value" value={value[0] ?? null} options={options} none={none} onChange={(id) => setValue(id === null ? [] : [id])} />
  );
  if (field === 'priority') return single(priorities.data, '(none)');
  if (field === 'squad')
    return single(
      squads.data?.map((s) => ({ id: s.squadId, name: s.squadName })),
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
