// Query keys of a project's configurations: every query and invalidation of them.
export const configurationKeys = { list: (projectId: number) => ['configurations', projectId] as const };
