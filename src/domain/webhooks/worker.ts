import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { WEBHOOK_DELIVERY_QUEUE } from '../../jobs/queues';
import { deliver, type DeliverySettings } from './deliver';
import type { DeliveryJob } from './enqueue';
import { pruneWebhookHistory } from './prune';

// Deliveries one instance makes at once (workers × batch): each waits on a receiver (up to the
// timeout), not on the CPU. Several workers, so one slow receiver holds back only its own batch.
export const DELIVERY_WORKERS = 4;
const BATCH = 4;

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Starts delivering webhook events from the queue, and pruning their history hourly; the function returned stops the pruning. */
export async function startWebhookDeliveries(queue: JobQueue, db: Db, settings: DeliverySettings): Promise<() => void> {
  for (let i = 0; i < DELIVERY_WORKERS; i++) {
    await queue.work<DeliveryJob>(WEBHOOK_DELIVERY_QUEUE, (job, complete) => deliver(db, settings, job, complete), {
      batchSize: BATCH,
    });
  }
  const prune = () => void pruneWebhookHistory(db).catch(() => {}); // a lost database: the next hour tries again
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
