import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createLogger, type Logger } from './logger';
import { buildApp } from './app';
import { createHttpServer } from './http/http-server';

export interface RunningServer {
  url: string;
  database: Database;
  logger: Logger;
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations, and serves the app. */
export async function startServer(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const database = await openDatabase(config, logger);
  try {
    const applied = await database.migrate();
    if (applied.length) logger.info({ applied }, 'migrations applied');
    const app = await buildApp({ config, database, logger });
    const server = createHttpServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      database,
      logger,
      close: async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
