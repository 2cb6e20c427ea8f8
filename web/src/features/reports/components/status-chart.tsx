import { percentOf, STATUS_COLORS, STATUS_LABELS, STATUSES, summaryText, type StatusCounts } from '../../../lib/status-counts';
import '../../../components/status-bar.css';

const PLOT = 235;
const BAR = 26;
const GAP = 12;
const LABEL = 80;
/** Room after the longest bar for its count: an upper bound of a 15 px digit's width, plus the gap. */
const CHAR = 9.5;
const COUNT_GAP = 8;
const countText = (counts: StatusCounts, s: (typeof STATUSES)[number]) => `${counts[s]} (${percentOf(counts[s], counts.total)}%)`;

/** Horizontal bars of the five statuses (colors of the PDF/HTML reports); the table beside it is its text alternative. */
export function StatusChart({ counts }: { counts: StatusCounts }) {
  const max = Math.max(1, ...STATUSES.map((s) => counts[s]));
  const height = STATUSES.length * (BAR + GAP);
  const plot = PLOT;
  // The chart is as wide as its longest count needs, so "3501 (70%)" is never cut.
  const width = LABEL + plot + COUNT_GAP + Math.max(...STATUSES.map((s) => countText(counts, s).length)) * CHAR;
  return (
    <div className="status-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="status-chart-title" className="status-chart-svg">
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
              <text x={LABEL + w + COUNT_GAP} y={y + BAR * 0.7} fontSize="15" fill="#1d2330" className="status-chart-count">
                {countText(counts, s)}
              </text>
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
