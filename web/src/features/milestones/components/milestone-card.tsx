import { Link } from 'react-router';
import { StatusBar } from '../../../components/status-bar';
import type { Milestone } from '../api/get-milestones';
import { dueText, passRateText } from '../milestone-form';

/** A milestone of the list: its name, due date (overdue marked), and its runs' progress. */
export function MilestoneCard({ projectId, milestone: m, parentName }: { projectId: number; milestone: Milestone; parentName?: string }) {
  return (
    <li className="card milestone-card" data-milestone-id={m.milestoneId}>
      <div className="card-head">
        <h2>
          <Link to={`/projects/${projectId}/milestones/${m.milestoneId}`} dir="auto">
            {m.name}
          </Link>
        </h2>
        <MilestoneBadges milestone={m} />
      </div>
      {parentName && (
        <p className="muted">
          Part of <bdi>{parentName}</bdi>
        </p>
      )}
      <StatusBar counts={m.statusCounts} legend={false} />
      <p className="milestone-facts">
        {m.runCount} {m.runCount === 1 ? 'run' : 'runs'} · {passRateText(m.statusCounts)} · {m.statusCounts.untested} untested
      </p>
    </li>
  );
}

/** Its state and due date, in words (never by color alone). */
export function MilestoneBadges({ milestone: m }: { milestone: Pick<Milestone, 'status' | 'overdue' | 'dueDate' | 'completedAt'> }) {
  const kind = m.status === 'completed' ? 'completed' : m.overdue ? 'overdue' : 'due';
  return <span className={`milestone-badge milestone-${kind}`}>{dueText(m)}</span>;
}
