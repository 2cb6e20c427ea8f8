// Query keys of the signed-in user and their organizations: every query and invalidation of them.

export const authKeys = {
  me: () => ['me'] as const,
  orgs: () => ['orgs'] as const,
};
