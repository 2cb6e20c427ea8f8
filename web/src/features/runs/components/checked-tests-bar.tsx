import { STATUS_LABELS, STATUSES } from '../../../lib/status-counts';
import type { TestStatus } from '../run-execution';

/** With tests checked: how many, a button per status that sets it on all of them, and Uncheck all. */
export function CheckedTestsBar({
  count,
  onStatus,
  onUncheck,
}: {
  count: number;
  onStatus: (s: TestStatus) => void;
  onUncheck: () => void;
}) {
  return (
    <div className="run-bulk" role="group" aria-label="Checked tests">
      <span>
        <strong>{count}</strong> checked: a status key or button sets them all.
      </span>
      {STATUSES.map((s) => (
        <button key={s} type="button" className="button secondary" onClick={() => onStatus(s)}>
          {STATUS_LABELS[s]}
        </button>
      ))}
      <button type="button" className="button secondary" onClick={onUncheck}>
        Uncheck all
      </button>
    </div>
  );
}
