import { Link } from 'react-router';
import { StatusBar } from '../../../components/status-bar';
import type { PlanDetail } from '../api/get-plan';
import { passRateText } from '../plan-entry';

/** The label of a run's configuration, from the matrix's columns ("Chrome, Linux"; "No configuration" without one). */
export function configurationLabel(plan: PlanDetail, optionIds: number[]): string {
  const key = optionIds.join(',');
  const label = plan.configurations.find((c) => c.optionIds.join(',') === key)?.label;
  return label || (optionIds.length ? optionIds.map((id) => `#${id}`).join(', ') : 'No configuration');
}

/** The plan's runs in entry order: name (to the run), configuration, counts, pass rate, locked. */
export function PlanRuns({ projectId, plan }: { projectId: number; plan: PlanDetail }) {
  return (
    <section aria-labelledby="plan-runs">
      <h2 id="plan-runs">Runs</h2>
      <div className="plan-table-scroll" tabIndex={0} role="group" aria-labelledby="plan-runs">
        <table className="plan-table">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Configuration</th>
              <th scope="col">Progress</th>
              <th scope="col">Passed</th>
              <th scope="col">Failed</th>
              <th scope="col">Untested</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {plan.runs.map((r) => (
              <tr key={r.runId} data-run-id={r.runId}>
                <td>
                  <Link to={`/projects/${projectId}/runs/${r.runId}`} dir="auto">
                    {r.runName}
                  </Link>
                  {r.locked && <span className="badge locked">Locked</span>}
                </td>
                <td>
                  <bdi>{configurationLabel(plan, r.configuration)}</bdi>
                </td>
                <td className="plan-progress">
                  <StatusBar counts={r.statusCounts} legend={false} />
                  <span className="muted">{passRateText(r.passRate)}</span>
                </td>
                <td>{r.statusCounts.passed}</td>
                <td>{r.statusCounts.failed}</td>
                <td>{r.statusCounts.untested}</td>
                <td>{r.statusCounts.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
