import { runKeys } from '../../runs';

// Query keys of a run's reports: every query of them. They sit under the run's own key, so what
// refreshes the run (a reset, a lock) refreshes its report too.

export const reportKeys = {
  sectionCounts: (projectId: number, runId: number) => [...runKeys.run(projectId, runId), 'section-counts'] as const,
  defects: (projectId: number, runId: number) => [...runKeys.run(projectId, runId), 'defects'] as const,
  problems: (projectId: number, runId: number) => [...runKeys.run(projectId, runId), 'problems'] as const,
};
