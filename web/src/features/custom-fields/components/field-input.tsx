import type { CustomField, FieldValue } from '../api/custom-fields';
import '../custom-fields.css';

interface Props {
  field: CustomField;
  id: string;
  value: FieldValue | null;
  readOnly?: boolean;
  onChange: (value: FieldValue | null) => void;
}

/** The label of a field's input; a required field is marked, for the eye and for assistive technology. */
export function FieldLabel({ field, htmlFor }: { field: CustomField; htmlFor?: string }) {
  const text = (
    <>
      {field.name}
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );
  return htmlFor ? <label htmlFor={htmlFor}>{text}</label> : <legend>{text}</legend>;
}

/** One custom field's input, by its type: empty text, number or date is no value (null). */
export function FieldInput({ field, id, value, readOnly, onChange }: Props) {
  const common = { id, disabled: readOnly, 'aria-required': field.required || undefined };
  const text = (v: string) => onChange(v === '' ? null : v);
  switch (field.type) {
    case 'textarea':
      return <textarea {...common} rows={3} value={(value as string) ?? ''} onChange={(e) => text(e.target.value)} />;
    case 'number':
      return (
        <input
          {...common}
          type="number"
          step="any"
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'checkbox':
      return <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'date':
      return <input {...common} type="date" value={(value as string) ?? ''} onChange={(e) => text(e.target.value)} />;
    case 'url':
      return <input {...common} type="url" value={(value as string) ?? ''} onChange={(e) => text(e.target.value)} />;
    case 'user':
      return (
        <input
          {...common}
          type="number"
          min={1}
          placeholder="User id"
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'select':
      return (
        <select {...common} value={(value as string) ?? ''} onChange={(e) => text(e.target.value)}>
          <option value="">— None —</option>
          {field.options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      );
    case 'multiselect': {
      const chosen = (value as string[] | null) ?? [];
      const toggle = (o: string, on: boolean) => {
        const next = field.options.filter((x) => (x === o ? on : chosen.includes(x)));
        onChange(next.length ? next : null);
      };
      return (
        <div className="field-choices" id={id}>
          {field.options.map((o) => (
            <label key={o} className="field-choice">
              <input type="checkbox" disabled={readOnly} checked={chosen.includes(o)} onChange={(e) => toggle(o, e.target.checked)} /> {o}
            </label>
          ))}
        </div>
      );
    }
    default:
      return <input {...common} value={(value as string) ?? ''} onChange={(e) => text(e.target.value)} maxLength={1000} />;
  }
}

/** Inputs for the given fields, each labelled (a group of choices as a fieldset). */
export function FieldInputs({
  fields,
  values,
  readOnly,
  idPrefix,
  onChange,
}: {
  fields: CustomField[];
  values: Record<string, FieldValue | null>;
  readOnly?: boolean;
  idPrefix: string;
  onChange: (key: string, value: FieldValue | null) => void;
}) {
  return (
    <>
      {fields.map((f) => {
        const id = `${idPrefix}-${f.key}`;
        const input = (
          <FieldInput field={f} id={id} value={values[f.key] ?? null} readOnly={readOnly} onChange={(v) => onChange(f.key, v)} />
        );
        return f.type === 'multiselect' ? (
          <fieldset className="field" key={f.key}>
            <FieldLabel field={f} />
            {input}
          </fieldset>
        ) : (
          <div className={f.type === 'checkbox' ? 'field field-inline' : 'field'} key={f.key}>
            <FieldLabel field={f} htmlFor={id} />
            {input}
          </div>
        );
      })}
    </>
  );
}
