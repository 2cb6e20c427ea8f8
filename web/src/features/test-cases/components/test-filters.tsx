import { useEffect, useState } from 'react';
import { IdSelect, type IdOption } from '../../../components/id-select';
import { useLabels, useLookup, useSquads } from '../../project-metadata';
import type { TestFilters } from '../api/get-tests';
import type { IdFilter } from '../catalog-filters';

interface Props {
  projectId: number;
  filters: TestFilters;
  onChange: (field: keyof TestFilters, value: number | string | undefined) => void;
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

/** Filters of the test list: lookups, label, squad, and a title search applied as you type. */
export function TestFiltersBar({ projectId, filters, onChange }: Props) {
  const priorities = useLookup('priority', projectId);
  const automation = useLookup('automationStatus', projectId);
  const labels = useLabels(projectId);
  const squads = useSquads(projectId);
  const [search, setSearch] = useState(filters.search ?? '');
  // A search changed elsewhere (the address, a reset) replaces the typed text (set while rendering: React's way to follow a prop).
  const [followedSearch, setFollowedSearch] = useState(filters.search);
  if (followedSearch !== filters.search) {
    setFollowedSearch(filters.search);
    setSearch(filters.search ?? '');
  }
  useEffect(() => {
    if (search.trim() === (filters.search ?? '')) return;
    const timer = setTimeout(() => onChange('search', search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);
  const shared = { filters, onChange };
  return (
    <div className="filters" role="search" aria-label="Filter tests">
      <div className="filter search">
        <label htmlFor="filter-search">Search titles</label>
        <input id="filter-search" type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
      </div>
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
    </div>
  );
}
