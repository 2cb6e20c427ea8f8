import { MilestoneLink } from '../../milestones';

/** Under a run's title: the milestone it counts towards, and its description. */
export function RunAbout({ projectId, run }: { projectId: number; run: { runDescription: string | null; milestoneId: number | null } }) {
  return (
    <>
      {run.milestoneId !== null && (
        <p>
          <MilestoneLink projectId={projectId} milestoneId={run.milestoneId} />
        </p>
      )}
      {run.runDescription && <p className="muted">{run.runDescription}</p>}
    </>
  );
}
