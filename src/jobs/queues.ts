export interface QueueDefinition {
  name: string;
  /** How long a job may run before the queue takes it as lost and runs it again. */
  expireInSeconds: number;
  /** Runs again after a handler throws (a lost database, a bug); the handler's own retries are its own. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/** The queue of webhook deliveries (src/domain/webhooks): one job per attempt to post one event to one webhook. */
export const WEBHOOK_DELIVERY_QUEUE: QueueDefinition = {
  name: 'webhook-delivery',
  // A POST waits 10 s at most; a job held far longer was lost with its instance.
  expireInSeconds: 60,
  // Runs again after the handler itself fails (a lost database): the delivery's own retries are the handler's.
  retryLimit: 5,
  retryDelaySeconds: 5,
};

/** Every queue, created when the database is migrated. */
export const JOB_QUEUES: QueueDefinition[] = [WEBHOOK_DELIVERY_QUEUE];
