import { StatusDot } from '../../../components/status-badge';
import { StatusBar } from '../../../components/status-bar';
import { STATUS_LABELS, STATUSES, type StatusCounts } from '../../../lib/status-counts';
import type { TestStatus } from '../run-execution';

/** The run's progress bar, and its counts as toggle buttons that show only the tests of one status. */
export function RunProgress({
  counts,
  filter,
  onFilter,
}: {
  counts: StatusCounts;
  filter: TestStatus | null;
  onFilter: (f: TestStatus | null) => void;
}) {
  return (
    <div className="run-progress">
      <StatusBar counts={counts} legend={false} />
      <div className="run-filters" role="group" aria-label="Show tests by status">
        <button type="button" className="run-filter" aria-pressed={filter === null} onClick={() => onFilter(null)}>
          All <strong data-testid="count-total">{counts.total}</strong>
        </button>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="run-filter"
            aria-pressed={filter === s}
            onClick={() => onFilter(filter === s ? null : s)}
          >
            <StatusDot status={s} />
            {STATUS_LABELS[s]} <strong data-testid={`count-${s}`}>{counts[s]}</strong>
          </button>
        ))}
      </div>
    </div>
  );
}
