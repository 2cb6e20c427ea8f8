import { STATUS_COLORS, STATUS_LABELS, type Status } from '../lib/status-counts';
import './status-badge.css';

/** A test's status as text with the reports' color as a dot, so color is never alone. */
export function StatusBadge({ status }: { status: Status }) {
  return (
    <span className="status-badge" data-status={status}>
      <StatusDot status={status} />
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The reports' color of a status, beside text that names it. */
export function StatusDot({ status }: { status: Status }) {
  return <span className="status-dot" style={{ background: STATUS_COLORS[status] }} aria-hidden="true" />;
}
