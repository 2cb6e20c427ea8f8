import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import type { Express } from 'express';
import { buildApp } from '../../src/app';
import { createMcpEndpoint } from '../../src/mcp/http-endpoint';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/client';
import { openBlobStore, type BlobStore } from '../../src/db/blobs';
import type { Notifications } from '../../src/db/notifications';
import { createLogger, type Logger } from '../../src/logger';
import { createTestDatabase } from './postgres';
import { responseChecker } from './openapi-responses';

export interface TestApp {
  app: Express;
  db: Db;
  /** The process's one LISTEN connection and its subscribers (GET /run/events). */
  notifications: Notifications;
  config: Config;
  /** Where the app keeps attachments' bytes (files under a data directory of its own, unless env says otherwise). */
  blobs: BlobStore;
  databaseUrl: string;
  http: ReturnType<typeof supertest>;
  /** Requests under /api/v1 with a Bearer token. */
  as(token: string): ApiClient;
  close(): Promise<void>;
}

export interface ApiClient {
  get(path: string, query?: Record<string, unknown>): supertest.Test;
  post(path: string, body?: unknown): supertest.Test;
  put(path: string, body?: unknown): supertest.Test;
  delete(path: string, body?: unknown): supertest.Test;
}

/**
 * The real app on a fresh PostgreSQL database of its own. `config` replaces settings after the
 * environment is read (the rate limits' window, which no setting shortens).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logger?: Logger; mcp?: boolean; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Attachments go to a directory of the app's own, removed with it.
  const dataDir = env.CASEBOOK_DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-test-'));
  const config: Config = {
    ...loadConfig({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      LOG_LEVEL: 'silent',
      // The limits are on (their code runs in every test) but high: a test file makes thousands of requests with
      // one token and signs in from one address. test/http/rate-limits.test.ts sets its own.
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      ...(dataDir ? { CASEBOOK_DATA_DIR: dataDir } : {}),
      ...env,
    }),
    ...opts.config,
  };
  const db = await openDatabase(config);
  const blobs = openBlobStore(config);
  const logger = opts.logger ?? createLogger('silent');
  // `serve` mounts the remote MCP endpoint the same way.
  const mounts = opts.mcp ? [await createMcpEndpoint({ config, database: db, logger })] : [];
  const app = await buildApp({ config, database: db, blobs, logger, mounts });
  // Every response, through `http` or `as`, is checked against the OpenAPI document.
  const checker = await responseChecker();
  const checked = (t: supertest.Test) => t.expect((res) => checker.check(res));
  const raw = supertest(app);
  const http = new Proxy(raw, {
    get: (target, prop, receiver) => {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || !['get', 'post', 'put', 'delete', 'patch'].includes(String(prop))) return value;
      return (...args: unknown[]) => checked(value.apply(target, args));
    },
  });
  const as = (token: string): ApiClient => {
    const auth = (t: supertest.Test) => t.set('Authorization', `Bearer ${token}`);
    return {
      get: (path, query) => auth(http.get(`/api/v1${path}`).query((query ?? {}) as Record<string, string>)),
      post: (path, body) => auth(http.post(`/api/v1${path}`)).send(body as object),
      put: (path, body) => auth(http.put(`/api/v1${path}`)).send(body as object),
      delete: (path, body) => auth(http.delete(`/api/v1${path}`)).send(body as object),
    };
  };
  return {
    app,
    db: db.prisma,
    notifications: db.notifications,
    config,
    blobs,
    databaseUrl: database.url,
    http,
    as,
    close: async () => {
      for (const mount of mounts) await mount.close();
      await blobs.close();
      await db.close();
      await database.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
