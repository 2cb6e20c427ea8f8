import { useState, type FormEvent } from 'react';
import { IdSelect } from '../../../components/id-select';
import { useLabels, useSections } from '../../project-metadata';
import { sectionOptions } from '../section-names';
import { DEFAULT_WINDOW, MAX_WINDOW, SORTS, type StabilityFilters, type StabilitySort } from '../stability-query';
import { NumberField } from './number-field';

const WINDOWS = [10, 30, 50, 100, MAX_WINDOW];

interface Props {
  projectId: number;
  filters: StabilityFilters;
  onApply: (filters: StabilityFilters) => void;
}

/**
 * The runs counted, the section and label, the sort: each applied as soon as it is chosen. The
 * numbers (flips that make a test flaky, the Stale view's days) apply with Enter or Apply.
 */
export function StabilityFilterForm({ projectId, filters, onApply }: Props) {
  const sections = useSections(projectId);
  const labels = useLabels(projectId);
  const apply = (change: Partial<StabilityFilters>) => onApply({ ...filters, ...change, offset: 0 });
  const windows = [...new Set([...WINDOWS, ...(typeof filters.window === 'number' ? [filters.window] : [])])].sort((a, b) => a - b);
  const [minFlips, setMinFlips] = useState(filters.minFlips);
  const [staleDays, setStaleDays] = useState(filters.staleDays);
  // The address moved (a view's link, Back): the fields show what it says.
  const [shown, setShown] = useState(filters);
  if (shown.minFlips !== filters.minFlips || shown.staleDays !== filters.staleDays) {
    setShown(filters);
    setMinFlips(filters.minFlips);
    setStaleDays(filters.staleDays);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ minFlips, staleDays });
  };
  const counted = filters.view === 'all' || filters.view === 'flaky';

  return (
    <form className="stability-filters" onSubmit={submit} aria-label="Stability filters">
      <div className="stability-field">
        <label htmlFor="stability-window">Runs counted</label>
        <select
          id="stability-window"
          value={String(filters.window)}
          onChange={(e) => apply({ window: e.target.value === 'all' ? 'all' : Number(e.target.value) })}
        >
          {windows.map((n) => (
            <option key={n} value={n}>
              Last {n} runs{n === DEFAULT_WINDOW ? ' (default)' : ''}
            </option>
          ))}
          {filters.view === 'never' && <option value="all">All runs ever</option>}
        </select>
      </div>
      <div className="stability-field">
        <label htmlFor="stability-section">Section</label>
        <IdSelect
          id="stability-section"
          value={filters.sectionId}
          options={sections.data && sectionOptions(sections.data)}
          none="All sections"
          onChange={(sectionId) => apply({ sectionId })}
        />
      </div>
      <div className="stability-field">
        <label htmlFor="stability-label">Label</label>
        <IdSelect
          id="stability-label"
          value={filters.labelId}
          options={labels.data?.map((l) => ({ id: l.labelId, name: l.labelName }))}
          none="All labels"
          onChange={(labelId) => apply({ labelId })}
        />
      </div>
      <div className="stability-field">
        <label htmlFor="stability-sort">Sort by</label>
        <select id="stability-sort" value={filters.sort} onChange={(e) => apply({ sort: e.target.value as StabilitySort })}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {counted && (
        <NumberField id="stability-min-flips" label="Flaky at (flips)" value={minFlips} max={MAX_WINDOW} onChange={setMinFlips} />
      )}
      {filters.view === 'stale' && (
        <NumberField id="stability-stale-days" label="Not executed in (days)" value={staleDays} max={3650} onChange={setStaleDays} />
      )}
      {(counted || filters.view === 'stale') && (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
    </form>
  );
}
