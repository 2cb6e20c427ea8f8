import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderValue = string | number | readonly string[];

/**
 * helmet's headers, copied onto each answer by one loop. With no per-request directive
 * (no CSP nonce) they are the same on every answer, so helmet runs once, on a response
 * that records what it sets, instead of as a dozen chained middleware on every request.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const set: [string, HeaderValue][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: HeaderValue) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
    finished = true;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet failed', { cause: failure });
  // helmet works synchronously; a version that did not would leave headers out here.
  if (!finished || set.length === 0) throw new Error('helmet did not set its headers at once');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
