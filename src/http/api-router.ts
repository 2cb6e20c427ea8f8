import express, { type Request, type Response, type NextFunction } from 'express';
import type { Db } from '../db/client';
import type { Rbac } from '../auth/rbac';
import { authenticate } from '../auth/authenticate';
import { isForeignOrigin } from '../auth/same-origin';
import { sendData } from './envelope';
import { refuseNulCharacters } from './nul-characters';
import { AppError, forbidden, unauthorized, zodMessage } from './errors';
import type { AnyRoute, RequestContext } from './route';

export interface ApiDeps {
  db: Db;
  rbac: Rbac;
  publicUrl: string;
}

/**
 * Mounts every route on the same road: authenticate (401) → authorize with
 * Casbin (403) → validate with the route's zod schemas (400) → service →
 * envelope. Existence and state errors come from the services.
 */
export function buildApiRouter(routes: AnyRoute[], deps: ApiDeps): express.Router {
  const router = express.Router();
  for (const spec of routes) {
    router[spec.method](spec.path, async (req: Request, res: Response, _next: NextFunction) => {
      const principal = await authenticate(deps.db, req);
      if (!principal || (spec.sessionOnly && principal.via !== 'session')) throw unauthorized();
      if (principal.via === 'session' && spec.method !== 'get' && isForeignOrigin(req, deps.publicUrl)) throw forbidden();
      if (!deps.rbac.can(principal.role, spec.resource, spec.action)) throw forbidden();

      refuseNulCharacters(req.query, req.body);
      const query = spec.query ? spec.query.safeParse(req.query) : { success: true as const, data: {} };
      if (!query.success) throw new AppError('bad_request', zodMessage(query.error));
      const body = spec.body ? spec.body.safeParse(req.body ?? {}) : { success: true as const, data: {} };
      if (!body.success) throw new AppError('bad_request', zodMessage(body.error));

      const ctx: RequestContext = { ...principal, db: deps.db, can: (resource, action) => deps.rbac.can(principal.role, resource, action) };
      const data = await spec.handler(ctx, { query: query.data, body: body.data }, { req, res });
      if (!spec.download) sendData(res, data, spec.successStatus ?? 200);
    });
  }
  return router;
}

