import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { openBlobStore } from './db/blobs';
import { startAttachmentSweep } from './domain/attachments/sweep';
import { deriveMissingFieldValues } from './domain/test-cases/data';
import { createLogger, type Logger } from './logger';
import { buildApp, type AppDeps, type AppMount } from './app';
import { createHttpServer } from './http/http-server';
import { installJobQueue, startJobQueue, type JobQueue } from './jobs/queue';
import { startWebhookDeliveries } from './domain/webhooks/worker';
import { gracefulClose, type Drain } from './http/graceful-close';
import { startRateLimitCleanup } from './http/rate-limit';

export interface RunningServer {
  url: string;
  database: Database;
  logger: Logger;
  /** The job queue's workers (webhook deliveries); `stop()` takes no more jobs and waits for those in hand. */
  jobs: JobQueue;
  /** True once close() has begun: /readyz answers 503. */
  readonly draining: boolean;
  /**
   * Graceful shutdown: stops taking connections, lets the requests in flight finish (up to
   * SHUTDOWN_GRACE_MS) and ends event streams, then stops the workers and closes the database.
   */
  close(): Promise<void>;
}

/** What an endpoint an entry point adds is made with. */
export type MountDeps = Omit<AppDeps, 'mounts' | 'blobs'> & {
  /**
   * An address of this server on loopback for the endpoint's own calls to the API (the MCP
   * tools'): it keeps taking connections while the public port drains, until the requests in
   * flight there are done.
   */
  ownUrl: () => string;
};

/** Makes an endpoint for the app once its database is open (the entry point's MCP endpoint). */
export type AppMountFactory = (deps: MountDeps) => Promise<AppMount>;

/**
 * Work the process does beside answering requests, stopped at shutdown once no request is in
 * flight, before the database closes. The job queue (webhook deliveries) belongs here: its
 * stop() stops taking jobs and waits for the ones it runs.
 */
export interface Worker {
  name: string;
  stop(): Promise<void>;
}

/** Opens the database, applies pending migrations, and serves the app with the `mounts` given. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
  options: { mounts?: AppMountFactory[] } = {},
): Promise<RunningServer> {
  const database = await openDatabase(config, logger);
  const blobs = openBlobStore(config);
  const mounts: AppMount[] = [];
  const closeMounts = () => Promise.allSettled(mounts.map((m) => m.close()));
  let own: { server: http.Server; drain: Drain; url: string } | undefined;
  let server: http.Server | undefined;
  try {
    // Several instances may start together: migrations and the start-up writes take turns (advisory lock).
    const applied = await database.migrate();
    if (applied.length) logger.info({ applied }, 'migrations applied');
    // pg-boss's installer copes with racing instances; under the lock, the first installs and the others find it done.
    await database.exclusive(() => installJobQueue(database));
    const derived = await database.exclusive(() => deriveMissingFieldValues(database.prisma));
    if (derived) logger.info({ rows: derived }, 'custom field values indexed');
    const ownUrl = () => own!.url;
    for (const make of options.mounts ?? []) mounts.push(await make({ config, database, logger, ownUrl }));
    // The app asks whether the server drains; the server is made with the app.
    const state: { drain?: Drain } = {};
    const app = await buildApp({ config, database, blobs, logger, mounts, draining: () => state.drain?.draining ?? false });
    server = createHttpServer(app);
    const drain = (state.drain = gracefulClose(server));
    await listen(server, config.port, config.host);
    if (mounts.length) {
      const ownServer = createHttpServer(app);
      await listen(ownServer, 0, '127.0.0.1');
      own = { server: ownServer, drain: gracefulClose(ownServer), url: `http://127.0.0.1:${(ownServer.address() as AddressInfo).port}` };
    }
    // Removes the bytes of attachments whose test, run or project was deleted, now and then.
    const sweep = startAttachmentSweep(database.prisma, blobs, logger);
    // Deletes the rate limits' counts of windows long ended (from every instance: a delete is idempotent).
    const rateLimitCleanup = startRateLimitCleanup(database.sql);
    const jobs = await startJobQueue(database, logger, { pollingIntervalMs: config.jobPollIntervalMs });
    const stopPruning = await startWebhookDeliveries(jobs, database.prisma, { ...config.webhooks, publicUrl: config.publicUrl });
    const workers: Worker[] = [
      {
        name: 'attachment sweep',
        stop: async () => {
          sweep.stop();
          await sweep.done();
        },
      },
      { name: 'rate-limit cleanup', stop: () => rateLimitCleanup.stop() },
      {
        // Takes no more jobs and waits for the deliveries in hand; a job cut short is retried by an instance that runs.
        name: 'job queue',
        stop: async () => {
          stopPruning();
          await jobs.stop();
        },
      },
    ];
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      database,
      logger,
      jobs,
      get draining() {
        return drain.draining;
      },
      close: async () => {
        // Event streams never finish on their own: they end now (clients reconnect, to another instance).
        const streamsEnded = database.notifications.close();
        const { cut } = await drain.close(config.shutdownGraceMs);
        if (cut) logger.warn({ graceMs: config.shutdownGraceMs }, 'requests still in flight after the shutdown grace were cut');
        // The MCP requests were answered (or cut) with the public port's: their own calls are over too.
        await closeMounts();
        await own?.drain.close(0);
        await streamsEnded;
        const stopped = await Promise.allSettled(workers.map((w) => w.stop()));
        stopped.forEach(
          (s, i) => s.status === 'rejected' && logger.error({ err: s.reason, worker: workers[i].name }, 'worker failed to stop'),
        );
        await blobs.close();
        await database.close();
      },
    };
  } catch (err) {
    await closeMounts();
    await own?.drain.close(0);
    if (server?.listening) await gracefulClose(server).close(0);
    await blobs.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}
