import { Link } from 'react-router';
import { DefectLinks } from '../../../components/defect-links';
import type { MilestoneDetail } from '../api/get-milestone';

/** The failed results of the milestone's runs with their comments and defects (the first page of them). */
export function MilestoneFailures({ projectId, milestone: m }: { projectId: number; milestone: MilestoneDetail }) {
  const { failedTests, failedCount } = m.progress;
  return (
    <section aria-labelledby="milestone-failed">
      <h2 id="milestone-failed">Failed tests</h2>
      {failedCount === 0 && <p className="muted">No failed tests.</p>}
      {failedCount > failedTests.length && (
        <p className="muted">
          The first {failedTests.length} of {failedCount}.
        </p>
      )}
      {failedTests.length > 0 && (
        <div className="milestone-table-scroll">
          <table className="milestone-failed">
            <thead>
              <tr>
                <th scope="col">Test</th>
                <th scope="col">Run</th>
                <th scope="col">Comment</th>
                <th scope="col">Defects</th>
              </tr>
            </thead>
            <tbody>
              {failedTests.map((f) => (
                <tr key={`${f.runId}-${f.testId}`}>
                  <td>
                    <bdi>{f.title}</bdi> <span className="muted">#{f.testId}</span>
                  </td>
                  <td>
                    <Link to={`/projects/${projectId}/runs/${f.runId}`} dir="auto">
                      {f.runName}
                    </Link>
                  </td>
                  <td className="comment">{f.comment}</td>
                  <td>
                    <DefectLinks defects={f.defects} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
