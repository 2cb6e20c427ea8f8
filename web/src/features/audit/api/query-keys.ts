// Query keys of organizations' audit logs and of the people they name: every query and invalidation of them.

export const auditKeys = {
  all: () => ['audit'] as const,
  org: (orgId: number) => ['audit', orgId] as const,
  page: (orgId: number, query: object) => ['audit', orgId, 'page', query] as const,
  people: (orgId: number) => ['audit', orgId, 'people'] as const,
};
