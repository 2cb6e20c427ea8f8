import { useState } from 'react';
import { MAX_LABELS } from '../test-form';

interface Label {
  labelId: number;
  labelName: string;
}

/** Checkboxes for the project's labels, with a filter when there are many; at most MAX_LABELS checked. */
export function LabelsPicker({
  labels,
  value,
  onChange,
  readOnly,
  legend = 'Labels',
}: {
  labels: Label[];
  value: number[];
  onChange: (ids: number[]) => void;
  readOnly: boolean;
  /** What the checked labels are for (a bulk edit: "Labels to add"). */
  legend?: string;
}) {
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const full = value.length >= MAX_LABELS;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? labels.filter((l) => l.labelName.toLowerCase().includes(needle)) : labels;
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="test-labels-picker">
      <legend>
        {legend} <span className="muted">({value.length} selected)</span>
      </legend>
      {labels.length === 0 && <p className="muted">This project has no labels.</p>}
      {labels.length > 8 && (
        <input
          type="search"
          aria-label="Filter labels"
          placeholder="Filter labels"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      <ul className="test-labels-list">
        {shown.map((label) => (
          <li key={label.labelId}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(label.labelId)}
                disabled={readOnly || (full && !chosen.has(label.labelId))}
                onChange={(e) => toggle(label.labelId, e.target.checked)}
              />
              {label.labelName}
            </label>
          </li>
        ))}
      </ul>
      {full && !readOnly && <p className="muted">At most {MAX_LABELS} labels per test.</p>}
    </fieldset>
  );
}
