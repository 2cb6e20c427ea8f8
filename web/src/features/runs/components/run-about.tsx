import { ErrorMessage } from '../../../components/error-message';
import { MilestoneLink } from '../../milestones';

/** Under a run's title: the milestone it counts towards, its description, and what failed to load. */
export function RunAbout({
  projectId,
  run,
  error,
}: {
  projectId: number;
  run: { runDescription: string | null; milestoneId: number | null } | undefined;
  error: unknown;
}) {
  return (
    <>
      {run && run.milestoneId !== null && (
        <p>
          <MilestoneLink projectId={projectId} milestoneId={run.milestoneId} />
        </p>
      )}
      {run?.runDescription && <p className="muted">{run.runDescription}</p>}
      <ErrorMessage error={error} />
    </>
  );
}
