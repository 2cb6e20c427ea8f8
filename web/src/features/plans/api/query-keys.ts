// Query keys of a project's plans. Everything of a project's plans sits under `all(projectId)`
// (the run page's "Part of plan" name too), so one write refreshes lists, details and names.

export const planKeys = {
  all: (projectId: number) => ['plans', projectId] as const,
  list: (projectId: number, page: { limit: number; offset: number }) => ['plans', projectId, 'list', page] as const,
  detail: (projectId: number, planId: number, page: { limit: number; offset: number }) =>
    ['plans', projectId, planId, 'detail', page] as const,
};
