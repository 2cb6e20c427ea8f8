import { useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { getMatchingTestIds, MAX_SELECT_ALL } from '../api/get-matching-test-ids';
import type { TestFilters } from '../api/get-tests';
import { selectIds, type Selection } from '../catalog-selection';

/** "Select all N that match": fetches the matching ids a page of 1000 at a time, with progress. */
export function SelectAllMatching({
  projectId,
  filters,
  total,
  onSelect,
}: {
  projectId: number;
  filters: TestFilters;
  total: number | undefined;
  onSelect: (update: (s: Selection) => Selection) => void;
}) {
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (!total) return null;
  const tooMany = total > MAX_SELECT_ALL;
  const run = async () => {
    setError(null);
    setProgress(`Selecting… 0 of ${total}`);
    try {
      const ids = await getMatchingTestIds(projectId, filters, (done, of) => setProgress(`Selecting… ${done} of ${of}`));
      onSelect((s) => selectIds(s, ids));
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="select-all">
      <button type="button" className="button secondary" disabled={progress !== null || tooMany} onClick={() => void run()}>
        Select all {total} that match
      </button>
      {tooMany && <span className="muted"> At most {MAX_SELECT_ALL}: narrow the filters.</span>}
      {progress && (
        <span role="status" className="muted">
          {' '}
          {progress}
        </span>
      )}
      <ErrorMessage error={error} />
    </div>
  );
}
