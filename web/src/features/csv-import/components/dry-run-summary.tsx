import type { ImportResult } from '../api/send-csv';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Names listed after a count, with how many more there are. */
function Names({ names, count }: { names: string[]; count: number }) {
  if (count === 0) return null;
  const shown = names.slice(0, 10);
  return (
    <>
      : <bdi>{shown.join(', ')}</bdi>
      {count > shown.length && ` and ${count - shown.length} more`}
    </>
  );
}

/** What the import would do: its counts, then every row error (row, column, reason). */
export function DryRunSummary({ result }: { result: ImportResult }) {
  const { rowsRead, testsToCreate, sectionsToCreate, labelsToCreate, errorCount, errors } = result;
  return (
    <section className="csv-summary" aria-labelledby="csv-summary-heading">
      <h2 id="csv-summary-heading">What the import would do</h2>
      <ul className="csv-counts">
        <li>{plural(rowsRead, 'row read', 'rows read')}</li>
        <li>{plural(testsToCreate, 'test to create', 'tests to create')}</li>
        <li>
          {plural(sectionsToCreate.count, 'new section', 'new sections')}
          <Names {...sectionsToCreate} />
        </li>
        <li>
          {plural(labelsToCreate.count, 'new label', 'new labels')}
          <Names {...labelsToCreate} />
        </li>
      </ul>
      {errorCount > 0 && (
        <>
          <p className="error-message" role="alert">
            {plural(errorCount, 'row error', 'row errors')}: fix the file (or the columns) and choose it again; nothing can be imported
            while any remains.
            {errors.length < errorCount && ` The first ${errors.length} are listed.`}
          </p>
          <table className="data-table csv-errors">
            <caption>Row errors</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e, i) => (
                <tr key={i}>
                  <td data-label="Row">{e.row}</td>
                  <td data-label="Column">
                    <bdi>{e.column ?? '(the row)'}</bdi>
                  </td>
                  <td data-label="Reason">{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
