import type { Request } from 'express';

/**
 * True when a request comes from a page of another site. Cookie-authenticated
 * writes from there are refused, so a foreign page cannot act as a signed-in user.
 *
 * Browsers send Sec-Fetch-Site, which pages cannot forge; it is trusted first
 * (our no-referrer policy makes a form post's Origin the opaque "null").
 * Without it, a present Origin must be ours; clients that send neither are not
 * browsers acting for someone else.
 */
export function isForeignOrigin(req: Request, publicUrl: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  const allowed = new Set([new URL(publicUrl).origin, `${req.protocol}://${req.headers.host}`]);
  return !allowed.has(origin);
}
