// Query keys of a project's custom fields: every query and invalidation of them.
export const customFieldKeys = { list: (projectId: number) => ['custom-fields', projectId] as const };
