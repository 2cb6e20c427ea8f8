/**
 * The head row of a data table: a column heading each; `actions` adds a last column for the row's
 * buttons, named for screen readers only. (On a phone, .data-table shows each row as a card whose
 * cells name themselves with data-label.)
 */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
