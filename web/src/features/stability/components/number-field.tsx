interface Props {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}

/** A labelled whole number from 1 to `max`; what is typed stays a draft until its form is submitted. */
export function NumberField({ id, label, value, max, onChange }: Props) {
  return (
    <div className="stability-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        required
        value={Number.isNaN(value) ? '' : value}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
    </div>
  );
}
