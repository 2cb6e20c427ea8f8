import { useState } from 'react';
import { useCustomFields, type CustomField } from '../../custom-fields';
import type { FieldFilterParam, TestFilters } from '../api/get-tests';
import type { FilterName } from '../catalog-filters';
import { TypedFilter } from './typed-filter';

interface Props {
  projectId: number;
  filters: TestFilters;
  onChange: (field: FilterName, value: string | undefined) => void;
}

/** The field types a tester can filter by, and how: a choice, typed text, or a from/to range. */
const HOW = {
  select: 'choice',
  multiselect: 'choice',
  checkbox: 'choice',
  text: 'text',
  url: 'text',
  number: 'range',
  date: 'range',
} as const satisfies Partial<Record<CustomField['type'], string>>;
const filterable = (field: CustomField): field is CustomField & { type: keyof typeof HOW } => field.type in HOW;

/** The choices of a field, as the query sends them; a checkbox's are true and false. */
const choices = (field: CustomField): [string, string][] =>
  field.type === 'checkbox'
    ? [
        ['true', 'Yes'],
        ['false', 'No'],
      ]
    : (field.options ?? []).map((o) => [o, o]);

/** One field's filter controls, each bound to its cf. parameter. */
function FieldFilter({ field, filters, onChange }: Omit<Props, 'projectId'> & { field: CustomField & { type: keyof typeof HOW } }) {
  const param = `cf.${field.key}` as const;
  const id = `filter-cf-${field.key}`;
  const valueOf = (name: FieldFilterParam) => filters.fields?.[name];
  if (HOW[field.type] === 'choice') {
    return (
      <div className="filter">
        <label htmlFor={id}>{field.type === 'multiselect' ? `${field.name} includes` : field.name}</label>
        <select id={id} value={valueOf(param) ?? ''} onChange={(e) => onChange(param, e.target.value)}>
          <option value="">Any</option>
          {choices(field).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (HOW[field.type] === 'text') {
    return <TypedFilter id={id} label={field.name} value={valueOf(param)} onCommit={(text) => onChange(param, text)} />;
  }
  const type = field.type === 'number' ? 'number' : 'date';
  return (
    <>
      {(['gte', 'lte'] as const).map((bound) => (
        <TypedFilter
          key={bound}
          id={`${id}-${bound}`}
          label={`${field.name} ${bound === 'gte' ? 'from' : 'to'}`}
          type={type}
          value={valueOf(`${param}.${bound}`)}
          onCommit={(text) => onChange(`${param}.${bound}`, text)}
        />
      ))}
    </>
  );
}

/** Filters by the project's test fields, folded away until asked for (a project may have fifty). */
export function FieldFilters({ projectId, filters, onChange }: Props) {
  const fields =
    useCustomFields(projectId)
      .data?.filter((f) => f.appliesTo === 'test')
      .filter(filterable) ?? [];
  const active = Object.keys(filters.fields ?? {}).length;
  const [open, setOpen] = useState(active > 0);
  if (fields.length === 0) return null;
  return (
    <details className="field-filters" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Custom fields{active > 0 && ` (${active} set)`}</summary>
      <div className="field-filter-list">
        {fields.map((field) => (
          <FieldFilter key={field.key} field={field} filters={filters} onChange={onChange} />
        ))}
      </div>
    </details>
  );
}
