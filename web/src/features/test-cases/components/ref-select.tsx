interface RefSelectProps {
  id: string;
  label: string;
  value: number | null;
  /** Undefined while the list loads. */
  options: { id: number; name: string }[] | undefined;
  readOnly: boolean;
  onChange: (id: number | null) => void;
}

/** A select of id/name options with a "none" entry; the current id stays selected while its list loads. */
export function RefSelect({ id, label, value, options, readOnly, onChange }: RefSelectProps) {
  const missing = value !== null && !options?.some((o) => o.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={readOnly}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">— None —</option>
        {missing && <option value={value}>{options ? `#${value}` : 'Loading…'}</option>}
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
