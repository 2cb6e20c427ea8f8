// Query keys of a project's tests: every query and invalidation of them. The catalog's lists
// (catalog/api/query-keys.ts) and each open test sit under `all(projectId)`, so a write to the
// project's tests (a bulk edit in the catalog, say) refreshes both.

export const testKeys = {
  all: (projectId: number) => ['tests', projectId] as const,
  detail: (projectId: number, testId: number) => ['tests', projectId, 'detail', testId] as const,
  /** A test's results across runs: results are written in runs, not here, so it stands apart. */
  statusHistory: (projectId: number, testId: number) => ['test-status-history', projectId, testId] as const,
};
