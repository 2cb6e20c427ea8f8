// Query keys of the caller's own work: every page of it under `all`, so one invalidation refreshes the page and the header's count.

export const myWorkKeys = {
  all: ['my-work'] as const,
  page: (page: { limit: number; offset: number }) => ['my-work', page] as const,
};
