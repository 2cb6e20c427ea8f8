import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { StatusBar } from '../../../components/status-bar';
import { STATUS_LABELS, STATUSES } from '../../../lib/status-counts';
import { useRunDetail } from '../../runs';
import { useSectionCounts } from '../api/get-section-counts';
import { catalogExportUrl, reportUrl } from '../downloads';
import { StatusChart } from './status-chart';
import { DefectsSection } from './defects-section';
import { ProblemResultsSection } from './problem-results-section';
import '../reports.css';

/** A run's summary (chart, counts per section), its report files and the catalog's export. */
export function RunReportPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const runId = Number(params.runId);
  const run = useRunDetail(projectId, runId);
  const sections = useSectionCounts(projectId, runId);
  const title = run.data ? `Report of ${run.data.runName}` : `Report of run ${runId}`;

  return (
    <Page title={title}>
      <ErrorMessage error={run.error ?? sections.error} />
      {run.data && (
        <>
          {run.data.locked && (
            <p className="report-locked">Locked {run.data.lockedAt ? new Date(run.data.lockedAt).toLocaleString() : ''}</p>
          )}
          {run.data.runDescription && <p>{run.data.runDescription}</p>}
          <section aria-labelledby="summary-heading" className="report-section">
            <h2 id="summary-heading">Summary</h2>
            <p>
              Pass rate{' '}
              <strong>
                {run.data.statusCounts.total ? Math.round((run.data.statusCounts.passed / run.data.statusCounts.total) * 1000) / 10 : 0}%
              </strong>
            </p>
            <StatusChart counts={run.data.statusCounts} />
            <p>
              <Link to={`/projects/${projectId}/runs/${runId}/compare`}>Compare with another run…</Link>
            </p>
          </section>
          <section aria-labelledby="downloads-heading" className="report-section">
            <h2 id="downloads-heading">Downloads</h2>
            <ul className="download-links">
              <li>
                <a href={reportUrl(projectId, runId, 'pdf')} download>
                  Report as PDF
                </a>
              </li>
              <li>
                <a href={reportUrl(projectId, runId, 'html')} download>
                  Report as HTML
                </a>
              </li>
              <li>
                <a href={reportUrl(projectId, runId, 'json')} download>
                  Report as JSON
                </a>
              </li>
              <li>
                <a href={catalogExportUrl(projectId, 'csv')} download>
                  Catalog as CSV
                </a>
              </li>
              <li>
                <a href={catalogExportUrl(projectId, 'json')} download>
                  Catalog as JSON
                </a>
              </li>
            </ul>
          </section>
        </>
      )}
      {sections.data && (
        <section aria-labelledby="sections-heading" className="report-section">
          <h2 id="sections-heading">By section</h2>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Counts by section">
            <table className="report-table section-table">
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col">Total</th>
                  {STATUSES.map((s) => (
                    <th key={s} scope="col">
                      {STATUS_LABELS[s]}
                    </th>
                  ))}
                  <th scope="col" className="progress-col">
                    Progress
                  </th>
                </tr>
              </thead>
              <tbody>
                {sections.data.map((row) => (
                  <tr key={row.sectionId ?? 'none'} data-section-id={row.sectionId ?? ''}>
                    <th scope="row">{row.sectionPath ?? 'No section'}</th>
                    <td>{row.total}</td>
                    {STATUSES.map((s) => (
                      <td key={s}>{row[s]}</td>
                    ))}
                    <td className="progress-col">
                      <StatusBar counts={row} legend={false} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {run.data && <ProblemResultsSection projectId={projectId} runId={runId} />}
      {run.data && <DefectsSection projectId={projectId} runId={runId} />}
    </Page>
  );
}
