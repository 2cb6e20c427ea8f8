import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { RequestContext } from '../core/context';
import type { AnyRoute } from '../core/route';
import { codeIdentity } from './code-identity';

// Conditional reads. A route with `caching` reads its version first (one indexed
// row, e.g. the project's change counter); its ETag is that version with a digest
// of the route and the validated query, so each page of each list has its own. A
// matching If-None-Match is a 304 before the handler runs: no page is built.
//
// Answers carry `Cache-Control: private, no-cache` instead of the API's no-store:
// a browser may keep them but must revalidate every time (which fetch does on its
// own with If-None-Match), and no shared cache may store them.

// A digest per route and query, kept: the same pages are asked for again and again (at each version),
// and a digest is a SHA-1. Bounded, as queries may vary without end: a full map starts over, and a
// long query (a search) is digested each time.
const MAX_DIGESTS = 10_000;
const MAX_KEY = 256;
const digests = new Map<string, string>();

/** The weak ETag of the route's answer to `query` at `version`. */
export function etagFor(spec: AnyRoute, query: unknown, version: string): string {
  const key = `${spec.method} ${spec.path} ${JSON.stringify(query)}`;
  let digest = digests.get(key);
  if (!digest) {
    digest = crypto.hash('sha1', `${codeIdentity()} ${key}`, 'base64url').slice(0, 16);
    if (key.length > MAX_KEY) return `W/"${version}-${digest}"`;
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digests.set(key, digest);
  }
  return `W/"${version}-${digest}"`;
}

/** The weak ETag of the route's answer to `input`, or undefined when the route has no version for it. */
export async function etagOf(spec: AnyRoute, ctx: RequestContext, input: { query: unknown; body: unknown }): Promise<string | undefined> {
  const version = await spec.caching?.etag(ctx, input);
  return version === undefined ? undefined : etagFor(spec, input.query, version);
}

/**
 * The ETag from a version read with the credential (`rider`: `[owning org, counter]` or `[org, counter, stamp]`, or
 * null when the caller's organizations do not hold the row): it counts only where the
 * route allows the caller (`orgIds`), as the plain read does; else undefined.
 */
export function riddenEtag(spec: AnyRoute, input: { query: unknown; body: unknown }, read: unknown, orgIds: number[]): string | undefined {
  const rider = spec.caching?.etag.rider;
  if (!rider || !Array.isArray(read) || read.length < 2 || read.length > 3 || !orgIds.includes(Number(read[0]))) return undefined;
  const stamp = read[2] === undefined || read[2] === null ? null : Number(read[2]);
  return etagFor(spec, input.query, rider.version(input, Number(read[1]), stamp));
}

/**
 * Whether an If-None-Match header (a list of tags) holds `etag`; weak comparison, as RFC 9110 asks for it.
 * `*` holds no tag: it asks whether there is an answer at all, which a version does not tell (a run's
 * page has its project's version, whether the run exists or not): the router asks it of the handler (anyAnswerAsked).
 */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the request's If-None-Match is `*`: any current answer is a 304, once the handler has found one. */
export const anyAnswerAsked = (req: Request): boolean => req.get('if-none-match')?.trim() === '*';

export function tagAnswer(res: Response, etag: string): void {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'private, no-cache');
}

/** Answers 304 when the request's If-None-Match holds `etag`; whether it did. */
export function answeredNotModified(req: Request, res: Response, etag: string): boolean {
  if (!ifNoneMatchHolds(req.get('if-none-match'), etag)) return false;
  tagAnswer(res, etag);
  res.status(304).end();
  return true;
}
