export interface IdOption {
  id: number;
  name: string;
}

interface Props {
  id: string;
  value: number | null;
  /** Undefined while the list loads. */
  options: IdOption[] | undefined;
  /** The first entry, which chooses none (e.g. "(none)", "Any"). */
  none: string;
  onChange: (id: number | null) => void;
  disabled?: boolean;
}

/**
 * A <select> of records by name, with a first entry for none. A value the list lacks (still
 * loading, or gone from it) stays selected under its number rather than showing another entry.
 */
export function IdSelect({ id, value, options, none, onChange, disabled }: Props) {
  const missing = value !== null && !options?.some((o) => o.id === value);
  return (
    <select
      id={id}
      value={value ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">{none}</option>
      {missing && <option value={value}>{options ? `#${value}` : 'Loading…'}</option>}
      {options?.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
