// Query keys of an organization's members and pending invitations: every query and invalidation of them.

export const userKeys = {
  all: () => ['users'] as const,
  org: (orgId: number) => ['users', orgId] as const,
  page: (orgId: number, page: { limit: number; offset: number }) => ['users', orgId, page] as const,
  invitations: (orgId: number) => ['users', orgId, 'invitations'] as const,
  invitationPage: (orgId: number, page: { limit: number; offset: number }) => ['users', orgId, 'invitations', page] as const,
};
