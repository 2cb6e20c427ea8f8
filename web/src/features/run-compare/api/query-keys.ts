import { runKeys } from '../../runs';

// Query keys of run comparisons. They sit under the project's runs, so a write that refreshes the
// project's runs (a reset, a lock, a new or deleted run) refreshes the comparisons too.

export interface CompareView {
  /** The base run; undefined: the server's default base. */
  base: number | undefined;
  /** One category's page; undefined: the first page of every category. */
  category?: string;
  offset?: number;
}

export const compareKeys = {
  comparison: (projectId: number, runId: number, view: CompareView) => [...runKeys.all(projectId), 'compare', runId, view] as const,
};
