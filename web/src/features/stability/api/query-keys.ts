// Query keys of projects' test stability: every query and invalidation of them.

export const stabilityKeys = {
  all: () => ['stability'] as const,
  project: (projectId: number) => ['stability', projectId] as const,
  page: (projectId: number, query: object) => ['stability', projectId, 'page', query] as const,
};
