import type { ImportResult } from '../api/send-csv';
import { fieldOptions, IGNORE } from '../fields';

/** Each column of the file with the field it is read into, which the person may change. */
export function MappingTable({
  columns,
  overrides,
  onChange,
}: {
  columns: ImportResult['columns'];
  overrides: Record<string, string>;
  onChange: (header: string, field: string) => void;
}) {
  return (
    <table className="data-table csv-mapping">
      <caption>Columns of the file</caption>
      <thead>
        <tr>
          <th scope="col">Column</th>
          <th scope="col">Imported as</th>
        </tr>
      </thead>
      <tbody>
        {columns.map(({ header, field }, i) => {
          const value = overrides[header] ?? field ?? IGNORE;
          const id = `csv-column-${i}`;
          return (
            <tr key={`${i}-${header}`}>
              <th scope="row">
                <label htmlFor={id}>
                  <bdi>{header || `(column ${i + 1}, no header)`}</bdi>
                </label>
              </th>
              <td>
                <select id={id} value={value} onChange={(e) => onChange(header, e.target.value)}>
                  {fieldOptions(value).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
