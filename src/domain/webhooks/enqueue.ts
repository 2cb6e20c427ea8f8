import type { Tx } from '../../db/client';
import { sendJob, type QueueDefinition } from '../../jobs/queue';

/** The queue of webhook deliveries: one job per attempt to post one event to one webhook. */
export const DELIVERY_QUEUE: QueueDefinition = {
  name: 'webhook-delivery',
  // A POST waits 10 s at most; a job held far longer was lost with its instance.
  expireInSeconds: 60,
  retryLimit: 5,
  retryDelaySeconds: 5,
};

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
  for (const job of jobs) await sendJob(tx, DELIVERY_QUEUE.name, job, { startAfter });
}
