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

export interface RunningServer {
  url: string;
  database: Database;
  logger: Logger;
  /** The job queue's workers (webhook deliveries); `stop()` takes no more jobs and waits for those in hand. */
  jobs: JobQueue;
  close(): Promise<void>;
}

/** Makes an endpoint for the app once its database is open (the entry point's MCP endpoint). */
export type AppMountFactory = (deps: Omit<AppDeps, 'mounts' | 'blobs'>) => Promise<AppMount>;

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
  try {
    const applied = await database.migrate();
    if (applied.length) logger.info({ applied }, 'migrations applied');
    await installJobQueue(database);
    const derived = await deriveMissingFieldValues(database.prisma);
    if (derived) logger.info({ rows: derived }, 'custom field values indexed');
    for (const make of options.mounts ?? []) mounts.push(await make({ config, database, logger }));
    const app = await buildApp({ config, database, blobs, logger, mounts });
    const server = createHttpServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    // Removes the bytes of attachments whose test, run or project was deleted, now and then.
    const sweep = startAttachmentSweep(database.prisma, blobs, logger);
    const jobs = await startJobQueue(database, logger, { pollingIntervalMs: config.jobPollIntervalMs });
    const stopPruning = await startWebhookDeliveries(jobs, database.prisma, { ...config.webhooks, publicUrl: config.publicUrl });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      database,
      logger,
      jobs,
      close: async () => {
        // First the mounts and the API's event streams (they end when the process stops listening):
        // an open event stream would keep server.close() waiting.
        await closeMounts();
        sweep.stop();
        stopPruning();
        await jobs.stop();
        await database.notifications.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await sweep.done();
        await blobs.close();
        await database.close();
      },
    };
  } catch (err) {
    await closeMounts();
    await blobs.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}
