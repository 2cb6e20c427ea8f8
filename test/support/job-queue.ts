import { Client } from 'pg';
import { WEBHOOK_DELIVERY_QUEUE } from '../../src/jobs/queues';

// Whether the webhook deliveries are over, read from pg-boss's own table (the `pgboss` schema,
// src/jobs/queue.ts): a job created, waiting for a retry or running may still post; once none is,
// no delivery will be made (nor repeated) until a new event. Counting then beats sleeping "long
// enough" for a duplicate to show.

/** Waits until no delivery job (of `webhookId`, else of any webhook) is created, retry or active; fails loudly after `timeoutMs`. */
export async function untilDeliveriesSettled(
  databaseUrl: string,
  { webhookId, timeoutMs = 30_000 }: { webhookId?: number; timeoutMs?: number } = {},
) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM pgboss.job
         WHERE name = $1 AND state IN ('created', 'retry', 'active') AND ($2::int IS NULL OR (data->>'webhookId')::int = $2)
         GROUP BY state ORDER BY state`,
        [WEBHOOK_DELIVERY_QUEUE.name, webhookId ?? null],
      );
      if (!rows.length) return;
      if (Date.now() > end) {
        const open = rows.map((r) => `${r.n} ${r.state}`).join(', ');
        throw new Error(
          `${WEBHOOK_DELIVERY_QUEUE.name} jobs${webhookId ? ` of webhook ${webhookId}` : ''} still open after ${timeoutMs} ms: ${open}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
