// Query keys of a project's runs: every query and invalidation of them. Everything of one run sits
// under `run(projectId, runId)`, and every run of a project under `all(projectId)`, so a write
// refreshes exactly what it changed (a reset the whole run, a result one test's history).

export const runKeys = {
  all: (projectId: number) => ['runs', projectId] as const,
  list: (projectId: number, page: { limit: number; offset: number }) => ['runs', projectId, 'list', page] as const,
  /** Who the project's run tests may be assigned to (GET /project/members). */
  assignees: (projectId: number) => ['runs', projectId, 'assignees'] as const,
  run: (projectId: number, runId: number) => ['runs', projectId, runId] as const,
  detail: (projectId: number, runId: number) => [...runKeys.run(projectId, runId), 'detail'] as const,
  tests: (projectId: number, runId: number) => [...runKeys.run(projectId, runId), 'tests'] as const,
  history: (projectId: number, runId: number, testId: number) => [...runKeys.run(projectId, runId), 'history', testId] as const,
  testDetail: (projectId: number, runId: number, testId: number) => [...runKeys.run(projectId, runId), 'test-detail', testId] as const,
};
