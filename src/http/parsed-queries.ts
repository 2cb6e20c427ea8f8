import type { Request } from 'express';

// A route's parsed queries, kept by their text: the same pages are asked for again and again (every
// refresh of a run), and zod takes 10-20 µs to parse one. Only a query that was valid and held no NUL
// character is kept, and only a flat one (strings, numbers, booleans): each hit gets a copy of its own,
// so a handler can change nothing kept. One map for all routes, bounded (a full map starts over, about
// 3 MB at most); a long query is parsed each time.

const MAX_QUERIES = 5_000;
const MAX_KEY = 300;

type Flat = Record<string, string | number | boolean | undefined>;
const isFlat = (data: object): data is Flat => Object.values(data).every((v) => v === null || typeof v !== 'object');

/** The route and query string of a request (after the `?` of its URL). */
const keyOf = (route: string, req: Request) => {
  const at = req.url.indexOf('?');
  return at < 0 ? route : `${route}?${req.url.slice(at + 1)}`;
};

export class ParsedQueries {
  private readonly kept = new Map<string, Flat>();

  /** The parse of the request's query on `route` kept from an earlier request, if there is one. */
  known(route: string, req: Request): { success: true; data: Flat } | undefined {
    const data = this.kept.get(keyOf(route, req));
    return data && { success: true, data: { ...data } };
  }

  /** Keeps the parse of the request's query on `route` (valid, checked for NUL characters). */
  keep(route: string, req: Request, data: unknown): void {
    const key = keyOf(route, req);
    if (key.length > MAX_KEY || typeof data !== 'object' || data === null || !isFlat(data)) return;
    if (this.kept.size >= MAX_QUERIES) this.kept.clear();
    this.kept.set(key, { ...data });
  }
}
