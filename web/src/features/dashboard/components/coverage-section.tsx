import type { Dashboard } from '../api/get-dashboard';
import { percentText } from '../../../lib/insight-text';

const whole = (share: number) => percentText(share, 0);

/** A share as a bar; the share is also written beside it, so the bar only repeats it. */
const ShareBar = ({ share }: { share: number }) => (
  <span className="share-bar" aria-hidden="true">
    <span style={{ width: `${Math.round(share * 100)}%` }} />
  </span>
);

/** Execution coverage per top-level section (share of its tests executed in the period), and the automated share. */
export function CoverageSection({ coverage, automation }: Pick<Dashboard, 'coverage' | 'automation'>) {
  return (
    <>
      <table className="data-table dashboard-table coverage-table" aria-labelledby="coverage-heading">
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Tests</th>
            <th scope="col">Executed</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {coverage.map((s) => (
            <tr key={s.sectionId ?? 'none'}>
              <th scope="row">{s.sectionName === null ? 'No section' : <bdi>{s.sectionName}</bdi>}</th>
              <td data-label="Tests">{s.tests}</td>
              <td data-label="Executed">{s.executed}</td>
              <td data-label="Share" className="share-cell">
                <ShareBar share={s.share} /> {whole(s.share)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="automation-share">
        <ShareBar share={automation.automatedShare} /> Automated: <strong>{automation.automated}</strong> (
        {whole(automation.automatedShare)}), manual: <strong>{automation.manual}</strong> (
        {whole(automation.automated + automation.manual ? 1 - automation.automatedShare : 0)})
      </p>
    </>
  );
}
