import type { Tx } from '../../db/client';
import { sendJob } from '../../jobs/queue';
import { WEBHOOK_DELIVERY_QUEUE } from '../../jobs/queues';

export interface DeliveryJob {
  webhookId: number;
  eventId: string;
  /** 1 for a delivery's first attempt. */
  attempt: number;
  /** When the first attempt was due: retries end 24 hours after it. */
  firstAt?: string;
  /** A test ping or a redelivery: sent even to a webhook turned off. */
  manual?: boolean;
}

/** Adds the jobs that deliver events to webhooks, in the transaction `tx` that records them. */
export async function enqueueDeliveries(tx: Tx, jobs: DeliveryJob[], startAfter?: Date): Promise<void> {
  for (const job of jobs) await sendJob(tx, WEBHOOK_DELIVERY_QUEUE.name, job, { startAfter });
}
