import type { Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import { WEBHOOK_DELIVERY_QUEUE } from '../../src/jobs/queues';
import { openDatabase } from '../../src/db/client';
import { startJobQueue } from '../../src/jobs/queue';
import { startWebhookDeliveries } from '../../src/domain/webhooks/worker';
import { createLogger } from '../../src/logger';

/**
 * The server's delivery workers, as `casebook serve` starts them (src/server.ts), on a database
 * connection of their own: another instance, as far as the queue can tell.
 */
export async function startWorker(config: Config) {
  const database = await openDatabase(config);
  const queue = await startJobQueue(database, createLogger('silent'), { pollingIntervalMs: config.jobPollIntervalMs });
  const stopPruning = await startWebhookDeliveries(queue, database.prisma, { ...config.webhooks, publicUrl: config.publicUrl });
  return {
    /** Stops taking jobs, waits for those in hand, closes the connections. */
    stop: async () => {
      stopPruning();
      await queue.stop();
      await database.close();
    },
  };
}
export type Worker = Awaited<ReturnType<typeof startWorker>>;

/** Waits until `check` answers true (polling the database or the API), or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The delivery jobs (pg-boss rows, in any state) ever made for one webhook. */
export async function deliveryJobs(db: Db, webhookId: number): Promise<number> {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${WEBHOOK_DELIVERY_QUEUE.name} AND (data->>'webhookId')::int = ${webhookId}`;
  return n;
}
