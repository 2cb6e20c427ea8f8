import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { CustomField, FieldValue } from '../api/custom-fields';
import { FIELD_TYPES, hasOptions, optionsOf, TYPE_LABELS, type FieldType } from '../field-values';
import { FieldInput } from './field-input';

export interface FieldDraft {
  name: string;
  key?: string;
  type: FieldType;
  appliesTo: 'test' | 'result';
  options: string[];
  required: boolean;
  defaultValue: FieldValue | null;
}

interface Props {
  /** The field edited; absent: a new one. */
  field?: CustomField;
  idPrefix: string;
  pending: boolean;
  error: unknown;
  onSave: (draft: FieldDraft) => void;
  onCancel?: () => void;
}

/** A field's definition: name, (new: key, type, tests or results), options one a line, required, default by the type's input. */
export function FieldForm({ field, idPrefix, pending, error, onSave, onCancel }: Props) {
  const [name, setName] = useState(field?.name ?? '');
  const [key, setKey] = useState('');
  const [type, setType] = useState<FieldType>((field?.type as FieldType) ?? 'text');
  const [appliesTo, setAppliesTo] = useState<'test' | 'result'>(field?.appliesTo ?? 'test');
  const [optionText, setOptionText] = useState(field?.options.join('\n') ?? '');
  const [required, setRequired] = useState(field?.required ?? false);
  const [defaultValue, setDefaultValue] = useState<FieldValue | null>((field?.defaultValue as FieldValue | undefined) ?? null);
  const options = optionsOf(optionText);
  const id = (part: string) => `${idPrefix}-${part}`;
  const draftField = { ...(field as CustomField), key: 'default', name: 'Default', type, options, required: false };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ name: name.trim(), ...(key.trim() && { key: key.trim() }), type, appliesTo, options, required, defaultValue });
  };
  return (
    <form className="field-form" onSubmit={submit} aria-label={field ? `Edit ${field.name}` : 'New custom field'}>
      <div className="field">
        <label htmlFor={id('name')}>Name</label>
        <input id={id('name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </div>
      {!field && (
        <>
          <div className="field">
            <label htmlFor={id('key')}>Key (optional)</label>
            <input id={id('key')} value={key} onChange={(e) => setKey(e.target.value)} placeholder="from the name" maxLength={50} />
          </div>
          <div className="field">
            <label htmlFor={id('type')}>Type</label>
            <select id={id('type')} value={type} onChange={(e) => (setType(e.target.value as FieldType), setDefaultValue(null))}>
              {FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={id('applies')}>Field of</label>
            <select id={id('applies')} value={appliesTo} onChange={(e) => setAppliesTo(e.target.value as 'test' | 'result')}>
              <option value="test">Test cases</option>
              <option value="result">Results in runs</option>
            </select>
          </div>
        </>
      )}
      {hasOptions(type) && (
        <div className="field">
          <label htmlFor={id('options')}>Options, one a line</label>
          <textarea id={id('options')} rows={4} value={optionText} onChange={(e) => setOptionText(e.target.value)} />
        </div>
      )}
      <div className="field field-inline">
        <input id={id('required')} type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        <label htmlFor={id('required')}>Required</label>
      </div>
      <div className="field">
        <label htmlFor={id('default')}>Default value</label>
        <FieldInput field={draftField} id={id('default')} value={defaultValue} onChange={setDefaultValue} />
      </div>
      <div className="buttons">
        <button type="submit" className="button small" disabled={pending}>
          {field ? 'Save' : 'Add field'}
        </button>
        {onCancel && (
          <button type="button" className="button small secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <ErrorMessage error={error} />
    </form>
  );
}
