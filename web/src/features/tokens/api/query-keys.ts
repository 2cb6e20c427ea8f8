// Query keys of the caller's API tokens: every query and invalidation of them.

export const tokenKeys = {
  all: () => ['tokens'] as const,
};
