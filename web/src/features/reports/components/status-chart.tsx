import { percentOf, STATUS_COLORS, STATUS_LABELS, STATUSES, summaryText, type StatusCounts } from '../../../lib/status-counts';
import '../../../components/status-bar.css';

const WIDTH = 400;
const BAR = 26;
const GAP = 12;
const LABEL = 80;

/** Horizontal bars of the five statuses (colors of the PDF/HTML reports); the table beside it is its text alternative. */
export function StatusChart({ counts }: { counts: StatusCounts }) {
  const max = Math.max(1, ...STATUSES.map((s) => counts[s]));
  const height = STATUSES.length * (BAR + GAP);
  const plot = WIDTH - LABEL - 85;
  return (
    <div className="status-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="status-chart-title" className="status-chart-svg">
        <title id="status-chart-title">{`Results chart: ${summaryText(counts)}`}</title>
        {STATUSES.map((s, i) => {
          const y = i * (BAR + GAP);
          const w = (counts[s] / max) * plot;
          return (
            <g key={s} data-status={s}>
              <text x={0} y={y + BAR * 0.7} fontSize="15" fill="#1d2330">
                {STATUS_LABELS[s]}
              </text>
              <rect x={LABEL} y={y} width={Math.max(w, counts[s] > 0 ? 2 : 0)} height={BAR} rx={3} fill={STATUS_COLORS[s]} />
              <text
                x={LABEL + w + 8}
                y={y + BAR * 0.7}
                fontSize="15"
                fill="#1d2330"
              >{`${counts[s]} (${percentOf(counts[s], counts.total)}%)`}</text>
            </g>
          );
        })}
      </svg>
      <table className="report-table summary-table">
        <caption>Counts by status</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Tests</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {STATUSES.map((s) => (
            <tr key={s} data-status={s}>
              <th scope="row">
                <span className="status-swatch" style={{ background: STATUS_COLORS[s] }} />
                {STATUS_LABELS[s]}
              </th>
              <td>{counts[s]}</td>
              <td>{percentOf(counts[s], counts.total)}%</td>
            </tr>
          ))}
          <tr data-status="total">
            <th scope="row">Total</th>
            <td>{counts.total}</td>
            <td>100%</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
