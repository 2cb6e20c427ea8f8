// Query keys of organizations' webhooks and their deliveries: every query and invalidation of them.

export const webhookKeys = {
  all: () => ['webhooks'] as const,
  list: (orgId: number) => ['webhooks', 'list', orgId] as const,
  deliveries: (webhookId: number) => ['webhooks', 'deliveries', webhookId] as const,
  deliveriesPage: (webhookId: number, offset: number) => ['webhooks', 'deliveries', webhookId, offset] as const,
};
