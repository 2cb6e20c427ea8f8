import { useMilestone } from '../api/get-milestone';

/** A milestone's name (its number while it loads or when it cannot be read), e.g. for the breadcrumbs. */
export function MilestoneName({ projectId, milestoneId }: { projectId: number; milestoneId: number }) {
  const milestone = useMilestone(projectId, milestoneId);
  return <>{milestone.data?.name ?? `Milestone ${milestoneId}`}</>;
}
