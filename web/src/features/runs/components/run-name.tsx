import { useRunDetail } from '../api/get-run-detail';

/** A run's name (its number while it loads or when it cannot be read), e.g. for the breadcrumbs. */
export function RunName({ projectId, runId }: { projectId: number; runId: number }) {
  const run = useRunDetail(projectId, runId);
  return <>{run.data?.runName ?? `Run ${runId}`}</>;
}
