import { ErrorMessage } from '../../../components/error-message';
import { RunMilestone } from './run-milestone';

/** Under a run's title: the milestone it counts towards (a User may move it), its description, and what failed to load. */
export function RunAbout({
  projectId,
  run,
  error,
  canWrite,
  locked,
}: {
  projectId: number;
  run: { runId: number; runDescription: string | null; milestoneId: number | null } | undefined;
  error: unknown;
  canWrite: boolean;
  locked: boolean;
}) {
  return (
    <>
      {run && <RunMilestone projectId={projectId} runId={run.runId} milestoneId={run.milestoneId} canWrite={canWrite} locked={locked} />}
      {run?.runDescription && <p className="muted">{run.runDescription}</p>}
      <ErrorMessage error={error} />
    </>
  );
}
