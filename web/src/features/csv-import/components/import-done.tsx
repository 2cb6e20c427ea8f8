import { Link } from 'react-router';
import type { ImportResult } from '../api/send-csv';

/** The import's outcome: how many tests, sections and labels it created, and the way back. */
export function ImportDone({ result, catalogPath, onAgain }: { result: ImportResult; catalogPath: string; onAgain: () => void }) {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <div className="csv-done" role="status">
      <p>
        Imported {n(result.created, 'test', 'tests')}
        {result.sectionsToCreate.count > 0 && `, with ${n(result.sectionsToCreate.count, 'new section', 'new sections')}`}
        {result.labelsToCreate.count > 0 && ` and ${n(result.labelsToCreate.count, 'new label', 'new labels')}`}.
      </p>
      <div className="button-row">
        <Link className="button" to={catalogPath}>
          Open the catalog
        </Link>
        <button type="button" className="button secondary" onClick={onAgain}>
          Import another file
        </button>
      </div>
    </div>
  );
}
