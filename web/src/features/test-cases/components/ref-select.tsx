import { IdSelect, type IdOption } from '../../../components/id-select';

interface RefSelectProps {
  id: string;
  label: string;
  value: number | null;
  /** Undefined while the list loads. */
  options: IdOption[] | undefined;
  readOnly: boolean;
  onChange: (id: number | null) => void;
}

/** One of the test's references (section, priority, squad...) as a labelled select with a "none" entry. */
export function RefSelect({ id, label, value, options, readOnly, onChange }: RefSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <IdSelect id={id} value={value} options={options} none="— None —" onChange={onChange} disabled={readOnly} />
    </div>
  );
}
