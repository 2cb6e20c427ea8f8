import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client';
import type { Logger } from '../logger';
import { JOB_QUEUES, type QueueDefinition } from './queues';

// The job queue: pg-boss on the app's own database (PostgreSQL or the embedded PGlite), through
// the app's connections. A job is a row of its `pgboss` schema, fetched with FOR UPDATE SKIP
// LOCKED, so of several instances one takes each job, and a job survives a restart.

const SCHEMA = 'pgboss';
/** Sent inside a transaction that adds jobs: every instance's workers fetch at once, not at their next poll. */
export const JOBS_CHANNEL = 'casebook_jobs';

/** What pg-boss runs its statements through. */
type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

export interface Job<T> {
  id: string;
  data: T;
}

export type JobHandler<T> = (job: Job<T>, complete: (tx: Tx) => Promise<void>) => Promise<void>;

export interface JobQueue {
  /**
   * Starts a worker that runs `handler` for each job of `queue`: up to `batchSize` jobs at once,
   * fetched together. `complete` is to be called inside the transaction that records the job's work.
   */
  work<T extends object>(queue: QueueDefinition, handler: JobHandler<T>, options: { batchSize: number }): Promise<void>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for those in hand; the database stays open. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Runs pg-boss's statements through a Prisma transaction: what it writes commits or rolls back with it. */
function txExecutor(tx: Tx): Executor {
  return {
    executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values) }),
  };
}

// Sending needs only pg-boss's statements, not a started queue: one idle instance does it for all
// (the executor of each call is the caller's transaction).
let sender: PgBoss | undefined;
function senderBoss(): PgBoss {
  sender ??= new PgBoss({
    schema: SCHEMA,
    db: { executeSql: () => Promise.reject(new Error('jobs are sent in a transaction')) },
  });
  return sender;
}

/**
 * Adds a job in the transaction `tx`: it exists if and only if `tx` commits. `startAfter` delays it.
 * Returns the job's id.
 */
export async function sendJob(tx: Tx, queue: string, data: object, options: { startAfter?: Date } = {}): Promise<string> {
  const id = await senderBoss().send(queue, data, {
    db: txExecutor(tx),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
  if (!id) throw new Error(`the job queue ${queue} took no job`);
  await tx.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, ${queue})`;
  return id;
}

function bossOn(db: Executor, pollingIntervalMs: number): PgBoss {
  return new PgBoss({
    schema: SCHEMA,
    db: db,
    schedule: false, // no cron jobs: no clock monitor
    supervise: true, // expires lost jobs, archives old ones (a maintenance lock keeps it to one instance at a time)
    pollingIntervalSeconds: pollingIntervalMs / 1000,
  });
}

/**
 * Installs (or upgrades) the queue's schema and its queues: part of migrating, so a migrated
 * database (a test template too) starts its queue with one version check.
 */
export async function installJobQueue(database: Database, queues: QueueDefinition[] = JOB_QUEUES): Promise<void> {
  // pg-boss's own installer (start with migrate, nothing else), which copes with instances racing.
  const boss = new PgBoss({ schema: SCHEMA, db: database.sql, migrate: true, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const q of queues) await createQueue(boss, q);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

async function createQueue(boss: PgBoss, q: QueueDefinition): Promise<void> {
  const existing = await boss.getQueue(q.name);
  const options = {
    name: q.name,
    expireInSeconds: q.expireInSeconds,
    retryLimit: q.retryLimit,
    retryDelay: q.retryDelaySeconds,
    retryBackoff: true,
  };
  if (!existing) await boss.createQueue(q.name, options);
  else await boss.updateQueue(q.name, options);
}

/**
 * Starts the queue's workers on `database` (its schema installed by installJobQueue). Workers poll
 * every `pollingIntervalMs` for delayed jobs and wake at once on JOBS_CHANNEL for new ones.
 */
export async function startJobQueue(database: Database, logger: Logger, options: { pollingIntervalMs: number }): Promise<JobQueue> {
  const boss = bossOn(database.sql, options.pollingIntervalMs);
  boss.on('error', (err) => logger.warn({ err }, 'job queue'));
  await boss.start();
  const workers = new Map<string, string[]>(); // queue → worker ids
  const unsubscribe = await database.notifications.subscribe(JOBS_CHANNEL, {
    notify: (queue) => {
      // null: notifications may have been missed, so every worker looks.
      const ids = queue === null ? [...workers.values()].flat() : (workers.get(queue) ?? []);
      for (const id of ids) boss.notifyWorker(id);
    },
    end: () => {},
  });
  let stopped = false;
  return {
    async work<T extends object>(queue: QueueDefinition, handler: JobHandler<T>, options: { batchSize: number }) {
      const id: string = await boss.work<T>(queue.name, { batchSize: options.batchSize }, async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            // The handler completes its job in the transaction that records the job's effect: a job
            // run again after a crash finds it done. pg-boss's own completion after it is a no-op.
            const complete = async (tx: Tx) => {
              await boss.complete(queue.name, job.id, {}, { db: txExecutor(tx) } as PgBoss.ConnectionOptions);
            };
            try {
              await handler({ id: job.id, data: job.data }, complete);
            } catch (err) {
              // This job alone runs again later (the queue's retryLimit), not the rest of its batch.
              logger.warn({ err, queue: queue.name, job: job.id }, 'job failed');
              await boss.fail(queue.name, job.id, { message: (err as Error).message }).catch(() => {});
            }
          }),
        );
        // A full batch: more may be waiting, so fetch again now rather than after the polling interval.
        if (jobs.length === options.batchSize) boss.notifyWorker(id);
      });
      workers.set(queue.name, [...(workers.get(queue.name) ?? []), id]);
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      // Graceful: no new fetches; the jobs in hand finish (or, past the timeout, are failed and retried later).
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
    },
  };
}
