import { Link } from 'react-router';
import { StatusBar } from '../../../components/status-bar';
import type { MilestoneDetail } from '../api/get-milestone';
import { passRateText } from '../milestone-form';

/** The milestone's runs and its sub-milestones' runs, newest first: progress, lock, which milestone. */
export function MilestoneRuns({ projectId, milestone: m }: { projectId: number; milestone: MilestoneDetail }) {
  const names = new Map([[m.milestoneId, m.name], ...m.subMilestones.map((s) => [s.milestoneId, s.name] as const)]);
  const runs = m.progress.runs;
  return (
    <section aria-labelledby="milestone-runs">
      <h2 id="milestone-runs">Runs</h2>
      {runs.length === 0 && <p className="muted">No runs yet: pick this milestone when you create a run.</p>}
      <ul className="card-list">
        {runs.map((r) => (
          <li key={r.runId} className="card" data-run-id={r.runId}>
            <div className="card-head">
              <Link to={`/projects/${projectId}/runs/${r.runId}`} dir="auto">
                {r.runName}
              </Link>
              {r.locked && <span className="badge locked">Locked</span>}
              {r.milestoneId !== m.milestoneId && (
                <span className="muted">
                  in <bdi>{names.get(r.milestoneId)}</bdi>
                </span>
              )}
            </div>
            <StatusBar counts={r.statusCounts} legend={false} />
            <p className="milestone-facts">
              {r.statusCounts.total} tests · {passRateText(r.statusCounts)} · {r.statusCounts.failed} failed · {r.statusCounts.untested}{' '}
              untested
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
