import { segments, STATUS_COLORS, STATUS_LABELS, STATUSES, summaryText, type StatusCounts } from '../lib/status-counts';
import './status-bar.css';

/**
 * A run's progress: one bar stacked by status (colors of the reports), named by its text summary
 * for assistive technology, and the counts as text beside it (`legend`), so color is never alone.
 */
export function StatusBar({ counts, legend = true }: { counts: StatusCounts; legend?: boolean }) {
  return (
    <div className="status-bar">
      <div className="status-bar-track" role="img" aria-label={summaryText(counts)}>
        {segments(counts).map((s) => (
          <span key={s.status} className="status-bar-segment" style={{ width: `${s.percent}%`, background: STATUS_COLORS[s.status] }} />
        ))}
      </div>
      {legend && (
        <ul className="status-bar-legend">
          {STATUSES.map((s) => (
            <li key={s} data-status={s}>
              <span className="status-swatch" style={{ background: STATUS_COLORS[s] }} />
              {STATUS_LABELS[s]} <strong>{counts[s]}</strong>
            </li>
          ))}
          <li data-status="total">
            Total <strong>{counts.total}</strong>
          </li>
        </ul>
      )}
    </div>
  );
}
