// Query keys of projects' dashboards: every query and invalidation of them. One answer per project
// and period; all of a project sit under `project(projectId)`.

export const dashboardKeys = {
  all: () => ['dashboard'] as const,
  project: (projectId: number) => ['dashboard', projectId] as const,
  period: (projectId: number, days: number) => ['dashboard', projectId, days] as const,
};
