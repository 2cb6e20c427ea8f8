// Query keys of a project's milestones: every query and invalidation of them. Everything of a
// project's milestones sits under `all(projectId)`, so one write refreshes the lists and details.

export type MilestoneListQuery = { status?: 'open' | 'completed'; limit: number; offset: number };

export const milestoneKeys = {
  all: (projectId: number) => ['milestones', projectId] as const,
  list: (projectId: number, q: MilestoneListQuery) => ['milestones', projectId, 'list', q] as const,
  detail: (projectId: number, milestoneId: number) => ['milestones', projectId, milestoneId, 'detail'] as const,
};
