import { Link } from 'react-router';
import { StatusBar } from '../../../components/status-bar';
import { MilestoneLink } from '../../milestones';
import type { Plan } from '../api/get-plans';
import { passRateText } from '../plan-entry';

/** A plan of the list: name, milestone, runs, their progress and pass rate, locked or not (in words). */
export function PlanCard({ projectId, plan: p }: { projectId: number; plan: Plan }) {
  return (
    <li className="card" data-plan-id={p.planId}>
      <div className="card-head">
        <h2>
          <Link to={`/projects/${projectId}/plans/${p.planId}`} dir="auto">
            {p.name}
          </Link>
        </h2>
        {p.locked && <span className="badge locked">Locked</span>}
        <MilestoneLink projectId={projectId} milestoneId={p.milestoneId} />
      </div>
      <StatusBar counts={p.statusCounts} legend={false} />
      <p className="plan-facts">
        {p.runCount} {p.runCount === 1 ? 'run' : 'runs'} · {p.statusCounts.total} results · {passRateText(p.passRate)} ·{' '}
        {p.statusCounts.untested} untested
      </p>
    </li>
  );
}
