import { Link } from 'react-router';
import type { DashboardTest } from '../api/get-dashboard';
import { durationText, flakyReasonsText, percentText } from '../../../lib/insight-text';

const testLink = (projectId: number, t: DashboardTest) => (
  <Link to={`/projects/${projectId}/tests/${t.testId}`}>
    <bdi>{t.title}</bdi>
  </Link>
);

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const reasons = (t: DashboardTest) =>
  t.flakyReasons.length > 0 ? sentence(flakyReasonsText(t.flakyReasons)) : 'Not flaky yet (fewer than 3 flips)';

/** The 10 flakiest tests of the period: flips, failure rate and why each counts as flaky, in words. */
export function FlakiestTable({ projectId, tests }: { projectId: number; tests: DashboardTest[] }) {
  if (tests.length === 0) return <p className="muted">No test flipped between passed and failed in this period.</p>;
  return (
    <table className="data-table dashboard-table" aria-labelledby="flakiest-heading">
      <thead>
        <tr>
          <th scope="col">Test</th>
          <th scope="col">Flips</th>
          <th scope="col">Failure rate</th>
          <th scope="col">Why flaky</th>
        </tr>
      </thead>
      <tbody>
        {tests.map((t) => (
          <tr key={t.testId}>
            <th scope="row">{testLink(projectId, t)}</th>
            <td data-label="Flips">{t.flips}</td>
            <td data-label="Failure rate">{percentText(t.failureRate, 0)}</td>
            <td data-label="Why flaky">{reasons(t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The 10 slowest tests of the period by their median time. */
export function SlowestTable({ projectId, tests }: { projectId: number; tests: DashboardTest[] }) {
  if (tests.length === 0) return <p className="muted">No result of this period recorded a time.</p>;
  return (
    <table className="data-table dashboard-table" aria-labelledby="slowest-heading">
      <thead>
        <tr>
          <th scope="col">Test</th>
          <th scope="col">Median time</th>
          <th scope="col">Failure rate</th>
        </tr>
      </thead>
      <tbody>
        {tests.map((t) => (
          <tr key={t.testId}>
            <th scope="row">{testLink(projectId, t)}</th>
            <td data-label="Median time">{durationText(t.medianElapsedMs)}</td>
            <td data-label="Failure rate">{percentText(t.failureRate, 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
