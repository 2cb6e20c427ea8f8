import { Link } from 'react-router';
import { useAllMilestones } from '../api/get-milestones';

/** `Milestone: Release 2.4`, linked to it, for a run that counts towards one; nothing for one that does not. */
export function MilestoneLink({ projectId, milestoneId }: { projectId: number; milestoneId: number | null }) {
  const all = useAllMilestones(projectId);
  if (milestoneId === null) return null;
  const name = all.data?.milestones.find((m) => m.milestoneId === milestoneId)?.name ?? `#${milestoneId}`;
  return (
    <span className="milestone-link">
      Milestone:{' '}
      <Link to={`/projects/${projectId}/milestones/${milestoneId}`} dir="auto">
        {name}
      </Link>
    </span>
  );
}
