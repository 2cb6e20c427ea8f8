import { ErrorMessage } from '../../../components/error-message';
import { RunMilestone } from './run-milestone';
import { RunPlanLink } from './run-plan-link';

/** Under a run's title: the milestone it counts towards (a User may move it), the plan it is part of, its description, and what failed to load. */
export function RunAbout({
  projectId,
  run,
  error,
  canWrite,
  locked,
}: {
  projectId: number;
  run: { runId: number; runDescription: string | null; milestoneId: number | null; planId: number | null } | undefined;
  error: unknown;
  canWrite: boolean;
  locked: boolean;
}) {
  return (
    <>
      {run && <RunMilestone projectId={projectId} runId={run.runId} milestoneId={run.milestoneId} canWrite={canWrite} locked={locked} />}
      {run && <RunPlanLink projectId={projectId} planId={run.planId} />}
      {run?.runDescription && <p className="muted">{run.runDescription}</p>}
      <ErrorMessage error={error} />
    </>
  );
}
