import type { NextFunction, Request, RequestHandler, Response } from 'express';

// The API's routes by method and path in a map: one lookup a request, where an Express
// router tries each of its ~200 routes' patterns in turn (a tenth of the CPU of a small
// read in the profile of `npm run bench`). Every API path is static (ids travel in the
// query and body), so a map finds the route as the router would: case-insensitive, one
// trailing slash allowed, HEAD served by GET, OPTIONS answered with the methods allowed.

type Handler = (req: Request, res: Response, next: NextFunction) => void | Promise<void>;

const keyOf = (path: string) => {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
};

export interface RouteTable {
  add(method: string, path: string, handler: Handler): void;
  /** The middleware serving the table's routes; other requests go on to `next`. */
  handler: RequestHandler;
}

export function routeTable(): RouteTable {
  const paths = new Map<string, Map<string, Handler>>();
  const add = (method: string, path: string, handler: Handler) => {
    const key = keyOf(path);
    const methods = paths.get(key) ?? new Map<string, Handler>();
    const name = method.toUpperCase();
    if (methods.has(name)) throw new Error(`${name} ${path}: two routes`);
    paths.set(key, methods.set(name, handler));
  };
  const handler: RequestHandler = (req, res, next) => {
    const methods = paths.get(keyOf(req.path));
    if (!methods) return next();
    const route = methods.get(req.method) ?? (req.method === 'HEAD' ? methods.get('GET') : undefined);
    // Express 5 passes a rejected promise on to the error handler, as it does for a route's handler.
    if (route) return route(req, res, next);
    if (req.method !== 'OPTIONS') return next();
    const allowed = [...methods.keys(), ...(methods.has('GET') ? ['HEAD'] : [])].sort().join(', ');
    res.set('Allow', allowed).type('text').send(allowed);
  };
  return { add, handler };
}
