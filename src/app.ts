import express, { type Request, type Response, type NextFunction } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import type { Database } from './db/client';
import type { BlobStore } from './db/blobs';
import type { Logger } from './logger';
import { loadRbac } from './auth/rbac';
import { buildLoginRouter } from './auth/login-routes';
import { apiRoutes } from './domain/routes';
import { multipartBodyOf, rawBodyOf, type AnyRoute } from './core/route';
import { buildApiRouter } from './http/api-router';
import { renderSlots } from './http/render-slots';
import { sendData, sendError } from './http/envelope';
import { errorHandler } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { webApp } from './http/web-app';
import { codeIdentity } from './http/code-identity';
import { API_DOCS_PATH, apiDocs } from './http/api-docs';
import { rateLimits } from './http/rate-limit';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi/document';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where attachments' bytes go (src/db/blobs: openBlobStore); its opener closes it. */
  blobs: BlobStore;
  logger: Logger;
  /** Endpoints an entry point adds (the MCP endpoint at /mcp): this layer may not import theirs. */
  mounts?: AppMount[];
  /** True while the server shuts down: /readyz says no, so a load balancer sends nothing more here. */
  draining?: () => boolean;
}

/** A handler served at `path`, with no body parsing of ours; closed before the server stops. */
export interface AppMount {
  path: string;
  handler: express.RequestHandler;
  close(): Promise<void>;
}

/** The largest JSON body (deploy/nginx.conf lets it through). */
export const BODY_LIMIT = '5mb';

/**
 * What every API request passes before its route: no cache keeps the answer (API answers and the
 * routes that issue sessions hold tokens and private data), cookies are parsed when sent (most API
 * calls carry a Bearer token and none), and a JSON body is parsed. Requests that carry a body must
 * say it is JSON, except on raw-body and multipart routes (a JUnit report, attachments): their
 * router reads and type-checks the body itself. Then `router` (the API's routes). One middleware, not
 * four: each layer of Express's costs every request.
 */
function apiRequest(routes: AnyRoute[], router: express.RequestHandler): express.RequestHandler {
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase().replace(/\/+$/, '')}`;
  const raw = new Set(routes.filter((r) => rawBodyOf(r) || multipartBodyOf(r)).map((r) => key(r.method, r.path)));
  const parseJson = express.json({ limit: BODY_LIMIT, type: 'application/json' });
  const parseCookies = cookieParser();
  // Express passes a rejected promise of a layer on to the error handler; the router runs inside this one, so this does.
  const route = (req: Request, res: Response, next: NextFunction) => {
    const routed: unknown = router(req, res, next);
    if (routed instanceof Promise) routed.catch(next);
  };
  const body = (req: Request, res: Response, next: NextFunction) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return route(req, res, next);
    if (req.is('application/json')) return parseJson(req, res, (err?: unknown) => (err ? next(err) : route(req, res, next)));
    if (!raw.has(key(req.method, req.path))) return sendError(res, 'unsupported_media_type', 'Content-Type must be application/json');
    route(req, res, next);
  };
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (req.headers.cookie === undefined) return body(req, res, next);
    parseCookies(req, res, (err?: unknown) => (err ? next(err) : body(req, res, next)));
  };
}

function noStore(_req: Request, res: Response, next: NextFunction) {
  res.set('Cache-Control', 'no-store');
  next();
}

/**
 * Request logs (info level): method, path and status only; headers (tokens,
 * cookies) and query strings stay out. Below info they would all be dropped: no
 * middleware then, and every request's log (req.log) is the root logger, through
 * the requests' prototype.
 */
function requestLogging(app: express.Express, logger: Logger): void {
  if (!logger.isLevelEnabled('info')) {
    app.request.log = logger;
    return;
  }
  app.use(
    pinoHttp({
      logger,
      quietReqLogger: true,
      autoLogging: { ignore: (req) => req.url === '/healthz' },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
}

/** Wires middleware and routers; no business logic lives here. */
export async function buildApp({
  config,
  database,
  blobs,
  logger,
  mounts = [],
  draining = () => false,
}: AppDeps): Promise<express.Express> {
  const app = express();
  // Behind a load balancer (docker-compose.yml's nginx) X-Forwarded-For/-Proto say who called and how: TRUST_PROXY.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // No answer is hashed to make an ETag: the reads that can be revalidated carry one made
  // of their data's version (RouteSpec caching, src/http/etag.ts), decided before the page is
  // built; the web app's files keep the ETags their static server gives them.
  app.set('etag', false);
  // The ETags' digest of the code (a few MB read once): now, not in the first request's time.
  codeIdentity();
  // HSTS only where the service is really reached over https: over http a browser ignores it at
  // best, and a stray one pins a dev hostname to https.
  app.use(securityHeaders({ strictTransportSecurity: config.publicUrl.startsWith('https:') }));
  requestLogging(app, logger);

  // Counted in the database, so every instance on it shares them; /healthz, /readyz and the web app's files are not limited.
  const limits = rateLimits(config.rateLimit, database.sql);
  const rbac = await loadRbac();
  // The API comes before the login pages' router: most requests are API calls, and none of its paths is theirs.
  app.use(
    '/api/v1',
    apiRequest(
      apiRoutes,
      buildApiRouter(apiRoutes, {
        db: database.prisma,
        attachments: { blobs, ...config.attachments },
        webhookTargets: { allowPrivate: config.webhooks.allowPrivateTargets },
        rbac,
        publicUrl: config.publicUrl,
        renders: renderSlots(config.render),
        downloadIdleTimeoutMs: config.downloadIdleTimeoutMs,
        imports: renderSlots(config.imports),
        answerCacheBytes: config.answerCacheBytes,
        notifications: database.notifications,
        eventHeartbeatMs: config.eventHeartbeatMs,
        rateLimits: limits,
      }),
    ),
  );
  // After the API: most requests are API calls, and a layer before it costs each of them a path match.
  app.get('/healthz', (_req, res) => sendData(res, { ok: true }));
  app.get('/readyz', async (_req, res) => {
    if (draining()) return sendError(res, 'server_shutting_down', 'Service unavailable: shutting down');
    try {
      await database.ping();
      sendData(res, { ok: true });
    } catch {
      sendError(res, 'database_unavailable', 'Service unavailable');
    }
  });
  // Large JSON pages and exports shrink ~10x; on a busy host the bytes saved cost less than gzip. The API
  // compresses its own answers (src/http/envelope.ts: sendJsonText; send-download.ts), so its requests skip this.
  app.use(compression());
  // The API's own description, public like the login page; built on first request.
  let openapi: OpenApiDocument | undefined;
  app.get('/api/v1/openapi.json', (_req, res) => {
    openapi ??= buildOpenApiDocument(apiRoutes, rbac);
    res.json(openapi);
  });
  app.use(cookieParser());
  app.use(['/auth', '/logout'], noStore);
  app.use(buildLoginRouter(config, database.prisma, limits.perAddress));
  // The same document rendered for people.
  app.use(API_DOCS_PATH, apiDocs());
  for (const mount of mounts) app.use(mount.path, mount.handler);
  // The web app (web/dist) at `/`, after the API so its paths never shadow one.
  app.use(webApp(database.prisma));
  app.use((_req, res) => sendError(res, 'route_not_found', 'Route not found'));
  app.use(errorHandler);
  return app;
}
