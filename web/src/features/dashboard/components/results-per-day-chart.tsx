import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Dashboard } from '../api/get-dashboard';
import { DAY_STATUSES, STATUS_LABELS, statusPattern } from '../status-patterns';
import { ChartCanvas, type ChartOptions } from './chart-canvas';

type Day = Dashboard['resultsPerDay'][number];
const HALF_DAY = 43_200;
/** Tick steps of counts: whole numbers only (1, 2, 5, 10, 20, 50, … up to a billion). */
const WHOLE_STEPS = Array.from({ length: 27 }, (_, i) => [1, 2, 5][i % 3] * 10 ** Math.floor(i / 3));
const total = (d: Day) => DAY_STATUSES.reduce((n, s) => n + d[s], 0);
const dayText = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

// Stacked bars: series k is the sum of the statuses up to the k-th from the top, drawn tallest
// first, so each status shows as its own band (passed at the bottom, retest on top).
const TOP_DOWN = [...DAY_STATUSES].reverse();

const options = (U: typeof uPlot): ChartOptions => ({
  legend: { show: false },
  cursor: { drag: { x: false, y: false }, points: { show: false } },
  tzDate: (ts) => U.tzDate(new Date(ts * 1000), 'Etc/UTC'),
  scales: {
    x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
    y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
  },
  axes: [{}, { size: 44, incrs: WHOLE_STEPS }],
  series: [
    {},
    ...TOP_DOWN.map((s) => ({
      label: STATUS_LABELS[s],
      fill: (u: uPlot) => statusPattern(u.ctx, s),
      stroke: '#fff',
      width: 0,
      paths: U.paths.bars!({ size: [0.8, 24], gap: 1 }),
      points: { show: false },
    })),
  ],
});

/** Results recorded per day of the period, by status; its text alternative is the table of days under it. */
export function ResultsPerDayChart({ days }: { days: Day[] }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
      ...TOP_DOWN.map((_, k) => days.map((d) => TOP_DOWN.slice(k).reduce((n, s) => n + d[s], 0))),
    ],
    [days],
  );
  const sums = Object.fromEntries(DAY_STATUSES.map((s) => [s, days.reduce((n, d) => n + d[s], 0)])) as Record<
    (typeof DAY_STATUSES)[number],
    number
  >;
  const active = days.filter((d) => total(d) > 0);
  const label =
    `Results per day over ${days.length} days: ${DAY_STATUSES.map((s) => `${sums[s]} ${s}`).join(', ')}, ` +
    `on ${active.length} day${active.length === 1 ? '' : 's'}. The table below lists them.`;
  const tooltip = (i: number) => [dayText(days[i].date), ...DAY_STATUSES.map((s) => `${STATUS_LABELS[s]}: ${days[i][s]}`)];
  return (
    <div className="dashboard-chart">
      <ChartCanvas label={label} height={200} data={data} options={options} tooltip={tooltip} />
      <ul className="status-legend" aria-label="Legend">
        {DAY_STATUSES.map((s) => (
          <li key={s}>
            <span className={`legend-swatch swatch-${s}`} aria-hidden="true" /> {STATUS_LABELS[s]}
          </li>
        ))}
      </ul>
      <p className="muted chart-hint">Focus the chart and use the arrow keys to step through the days.</p>
      <details className="chart-table">
        <summary>Results per day as a table</summary>
        {active.length === 0 ? (
          <p className="muted">No results were recorded in this period.</p>
        ) : (
          <table className="data-table dashboard-table">
            <caption className="sr-only">Results per day (days without results left out)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {DAY_STATUSES.map((s) => (
                  <th key={s} scope="col">
                    {STATUS_LABELS[s]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {active.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{dayText(d.date)}</th>
                  {DAY_STATUSES.map((s) => (
                    <td key={s} data-label={STATUS_LABELS[s]}>
                      {d[s]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </div>
  );
}
