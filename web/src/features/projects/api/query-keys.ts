import type { ProjectsQuery } from './get-projects';

// Query keys of projects: every query and invalidation of them. All sit under `all()`, so a
// project write refreshes every list and every project's detail at once.

export const projectKeys = {
  all: () => ['projects'] as const,
  list: (q: ProjectsQuery) => ['projects', 'list', q] as const,
  /** One project with its counts (the header, the breadcrumbs); a write in it changes the counts. */
  detail: (projectId: number) => ['projects', projectId] as const,
};
