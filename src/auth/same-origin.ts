import type { Request } from 'express';

/**
 * True when a request comes from a page of another site. Cookie-authenticated
 * writes from there are refused, so a foreign page cannot act as a signed-in user.
 */
export function isForeignOrigin(req: Request, publicUrl: string): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  const allowed = new Set([new URL(publicUrl).origin, `${req.protocol}://${req.headers.host}`]);
  return !allowed.has(origin);
}
