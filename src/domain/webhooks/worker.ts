import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { WEBHOOK_DELIVERY_QUEUE } from '../../jobs/queues';
import { deliver, type DeliverySettings } from './deliver';
import type { DeliveryJob } from './enqueue';

// Deliveries one instance makes at once (workers × batch): each waits on a receiver (up to the
// timeout), not on the CPU. Several workers, so one slow receiver holds back only its own batch.
export const DELIVERY_WORKERS = 4;
const BATCH = 4;

/** Starts delivering webhook events from the queue. */
export async function startWebhookDeliveries(queue: JobQueue, db: Db, settings: DeliverySettings): Promise<void> {
  for (let i = 0; i < DELIVERY_WORKERS; i++) {
    await queue.work<DeliveryJob>(WEBHOOK_DELIVERY_QUEUE, (job, complete) => deliver(db, settings, job, complete), {
      batchSize: BATCH,
    });
  }
}
