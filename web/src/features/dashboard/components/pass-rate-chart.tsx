import { useMemo } from 'react';
import { Link } from 'react-router';
import type uPlot from 'uplot';
import type { DashboardRun } from '../api/get-dashboard';
import { percentText } from '../../../lib/insight-text';

const whole = (share: number) => percentText(share, 0);
import { ChartCanvas, type ChartOptions } from './chart-canvas';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A run's build as one short text: "main · #42 · 1a2b3c4", or "" without one. */
export function buildText(r: DashboardRun): string {
  return [r.branch, r.buildNumber && `#${r.buildNumber}`, r.commit?.slice(0, 7)].filter(Boolean).join(' · ');
}

const shortDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

// Runs sit evenly along the x axis in the order they were created (a day's several runs stay
// apart), the axis naming each tick's day.
const optionsFor = (runs: DashboardRun[]) => (): ChartOptions => ({
  legend: { show: false },
  cursor: { drag: { x: false, y: false }, points: { size: 10 } },
  scales: { x: { time: false, range: () => [-0.5, runs.length - 0.5] }, y: { range: [0, 100] } },
  axes: [
    {
      incrs: [1, 2, 5, 10, 20, 50, 100],
      values: (_u: uPlot, ticks: number[]) => ticks.map((i) => (Number.isInteger(i) && runs[i] ? shortDay(runs[i].createdAt) : '')),
    },
    { values: (_u: uPlot, ticks: number[]) => ticks.map((v) => `${v}%`), size: 48 },
  ],
  series: [{}, { label: 'Pass rate', stroke: '#2457d6', width: 2, points: { show: true, size: 7, fill: '#2457d6' } }],
});

/** The pass rate of each run of the period over time; its text alternative is the table of runs under it. */
export function PassRateChart({ projectId, runs }: { projectId: number; runs: DashboardRun[] }) {
  const data = useMemo<uPlot.AlignedData>(() => [runs.map((_, i) => i), runs.map((r) => r.passRate * 100)], [runs]);
  const options = useMemo(() => optionsFor(runs), [runs]);
  const low = runs.reduce((m, r) => Math.min(m, r.passRate), 1);
  const high = runs.reduce((m, r) => Math.max(m, r.passRate), 0);
  const last = runs[runs.length - 1];
  const label =
    `Pass rate per run: ${runs.length} run${runs.length === 1 ? '' : 's'}, from ${whole(low)} to ${whole(high)}; ` +
    `the latest, ${last.runName}, ${whole(last.passRate)}. The table below lists every run.`;
  const tooltip = (i: number) => {
    const r = runs[i];
    return [r.runName, buildText(r), when(r.createdAt), `Pass rate ${whole(r.passRate)} (${r.passed} of ${r.total} passed)`].filter(
      Boolean,
    );
  };
  return (
    <div className="dashboard-chart">
      <ChartCanvas label={label} height={220} data={data} options={options} tooltip={tooltip} />
      <p className="muted chart-hint">Focus the chart and use the arrow keys to step through the runs.</p>
      <details className="chart-table">
        <summary>Pass rate per run as a table</summary>
        <table className="data-table dashboard-table">
          <caption className="sr-only">Pass rate per run, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Build</th>
              <th scope="col">Created</th>
              <th scope="col">Passed</th>
              <th scope="col">Pass rate</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.runId}>
                <th scope="row">
                  <Link to={`/projects/${projectId}/runs/${r.runId}`}>
                    <bdi>{r.runName}</bdi>
                  </Link>
                </th>
                <td data-label="Build">{buildText(r) || '–'}</td>
                <td data-label="Created">{when(r.createdAt)}</td>
                <td data-label="Passed">
                  {r.passed} of {r.total}
                </td>
                <td data-label="Pass rate">{whole(r.passRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
