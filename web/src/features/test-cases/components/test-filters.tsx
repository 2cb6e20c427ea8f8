import { IdSelect, type IdOption } from '../../../components/id-select';
import { useLabels, useLookup, useSquads } from '../../project-metadata';
import type { TestFilters } from '../api/get-tests';
import type { FilterName, IdFilter } from '../catalog-filters';
import { FieldFilters } from './field-filters';
import { TypedFilter } from './typed-filter';

interface Props {
  projectId: number;
  filters: TestFilters;
  onChange: (field: FilterName, value: number | string | undefined) => void;
}

function FilterSelect({
  id,
  label,
  field,
  options,
  filters,
  onChange,
}: Omit<Props, 'projectId'> & {
  id: string;
  label: string;
  field: IdFilter;
  options: IdOption[] | undefined;
}) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <IdSelect id={id} value={filters[field] ?? null} options={options} none="Any" onChange={(v) => onChange(field, v ?? undefined)} />
    </div>
  );
}

/** Filters of the test list: lookups, label, squad, a title search applied as you type, and custom fields. */
export function TestFiltersBar({ projectId, filters, onChange }: Props) {
  const priorities = useLookup('priority', projectId);
  const automation = useLookup('automationStatus', projectId);
  const labels = useLabels(projectId);
  const squads = useSquads(projectId);
  const shared = { filters, onChange };
  return (
    <div className="filters" role="search" aria-label="Filter tests">
      <TypedFilter
        id="filter-search"
        label="Search titles"
        type="search"
        className="search"
        maxLength={200}
        value={filters.search}
        onCommit={(text) => onChange('search', text)}
      />
      <FilterSelect id="filter-priority" label="Priority" field="priorityId" options={priorities.data} {...shared} />
      <FilterSelect id="filter-automation" label="Automation" field="automationStatusId" options={automation.data} {...shared} />
      <FilterSelect
        id="filter-label"
        label="Label"
        field="labelId"
        options={labels.data?.map((l) => ({ id: l.labelId, name: l.labelName }))}
        {...shared}
      />
      <FilterSelect
        id="filter-squad"
        label="Squad"
        field="squadId"
        options={squads.data?.map((s) => ({ id: s.squadId, name: s.squadName }))}
        {...shared}
      />
      <FieldFilters projectId={projectId} filters={filters} onChange={onChange} />
    </div>
  );
}
