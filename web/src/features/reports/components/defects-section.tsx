import { DefectLinks } from '../../../components/defect-links';
import { ErrorMessage } from '../../../components/error-message';
import { useDefects } from '../api/get-defects';

/** The defects the run's results link to: each as a link, with how many of its results failed and which tests they are. */
export function DefectsSection({ projectId, runId }: { projectId: number; runId: number }) {
  const defects = useDefects(projectId, runId);
  const list = defects.data?.defects;
  return (
    <section aria-labelledby="defects-heading" className="report-section">
      <h2 id="defects-heading">Defects</h2>
      <ErrorMessage error={defects.error} />
      {list && list.length === 0 && <p className="muted">No result of this run links to a defect.</p>}
      {list && list.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Defects of the run">
          <table className="report-table defects-table">
            <thead>
              <tr>
                <th scope="col">Defect</th>
                <th scope="col">Failed</th>
                <th scope="col">Results</th>
                <th scope="col">Tests</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    <DefectLinks defects={[d]} label={`Defect ${d.id}`} />
                  </th>
                  <td>{d.failedCount}</td>
                  <td>{d.resultCount}</td>
                  <td className="defect-tests">
                    {d.results.map((r) => (
                      <bdi key={r.testId}>
                        #{r.testId} {r.title}
                      </bdi>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {defects.data && defects.data.total > (list?.length ?? 0) && (
        <p className="muted">
          The {list?.length} most failed of {defects.data.total} defects.
        </p>
      )}
    </section>
  );
}
