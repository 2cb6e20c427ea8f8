import type express from 'express';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Notifications } from '../db/notifications';
import type { Rbac } from '../auth/rbac';
import { authenticate, type Principal } from '../auth/authenticate';
import { allowedAnywhere, orgsAllowing, roleIn } from '../auth/org-roles';
import { isForeignOrigin } from '../auth/same-origin';
import { orgsOwning, ownedRefs } from '../domain/access';
import { envelopeJson, sendJsonText } from './envelope';
import { answerCache } from './answer-cache';
import { sendDownload } from './send-download';
import { sendEvents } from './send-events';
import { refuseNulCharacters } from './nul-characters';
import { answerIdempotently, idempotencyKeyOf, streamedFingerprint, writesNothing } from './idempotency';
import { answeredNotModified, anyAnswerAsked, etagFor, etagOf, riddenEtag, tagAnswer } from './etag';
import { sendAnswerMeta } from './answer-meta';
import { routeTable } from './route-table';
import { limitAddress, limitCredential, type RateLimits } from './rate-limit';
import { rawBodyReader } from './raw-body';
import { ParsedQueries } from './parsed-queries';
import { RefusedCredentials } from './refused-credentials';
import { MULTIPART_TYPE, readMultipart } from './multipart-body';
import { changeTargets, trackingDb } from '../domain/tracked-writes';
import { AppError, forbidden, forbiddenOrigin, unauthorized, zodMessage } from '../core/errors';
import type { RenderSlots } from './render-slots';
import type { AttachmentStorage, RequestContext } from '../core/context';
import type { FileDownload } from '../core/download';
import type { EventFeed } from '../core/event-feed';
import { jsonBodyOf, multipartBodyOf, rawBodyOf, stagedMultipartOf, type AnyRoute } from '../core/route';

export interface ApiDeps {
  db: Db;
  /** Where attachments go (the app's blob store) and their limits. */
  attachments: AttachmentStorage;
  /** Whether webhooks may post to private addresses (the SSRF guard off). */
  webhookTargets?: { allowPrivate: boolean };
  rbac: Rbac;
  publicUrl: string;
  /** Downloads (reports, exports) render in one of these slots. */
  renders: RenderSlots;
  /** A download whose client reads nothing for this long is cut, freeing its slot (0: never). */
  downloadIdleTimeoutMs?: number;
  /** Raw-body routes (JUnit imports) hold one of these from before their body is read until answered. */
  imports?: RenderSlots;
  /** Bytes of answers kept by their ETag (routes with answerCache); 0 keeps none. */
  answerCacheBytes?: number;
  /** What routes with `events` stream from (LISTEN/NOTIFY); they answer 503 without it. */
  notifications?: Notifications;
  /** How often a quiet event stream sends a comment line (src/http/send-events.ts). */
  eventHeartbeatMs: number;
  /** Requests per credential (and sign-ins per address) in a window, shared by the instances; absent: none. */
  rateLimits?: RateLimits;
}

/**
 * A session-only route takes an API token only from holders of its `unless` permission; a
 * session started from a token counts as that token (it has the token's rights, never more).
 */
function credentialAccepted(spec: AnyRoute, principal: Principal, rbac: Rbac): boolean {
  if (!spec.sessionOnly || principal.tokenId === null) return true;
  if (spec.sessionOnly === true) return false;
  const { resource, action } = spec.sessionOnly.unless;
  return orgsAllowing(rbac, principal.memberships, resource, action).length > 0;
}

/**
 * Mounts every route on the same road: authenticate (401) → rate limit (429) → authorize with
 * Casbin (403: no role of the caller allows the action) → validate with the
 * route's zod schemas (400) → authorize in the owning organization (403: the
 * caller's role there is too low) → service → envelope. Existence and state
 * errors come from the services, which see only the organizations allowed.
 */
export function buildApiRouter(routes: AnyRoute[], deps: ApiDeps): express.RequestHandler {
  const table = routeTable();
  const answers = answerCache(deps.answerCacheBytes);
  const parsedQueries = new ParsedQueries();
  const refused = new RefusedCredentials();
  for (const spec of routes) {
    const rawBody = rawBodyOf(spec);
    const readRawBody = rawBody && rawBodyReader(rawBody);
    const multipart = multipartBodyOf(spec);
    // Read by the router before the handler (beside the raw body), so fingerprinted before a key is claimed.
    const staged = stagedMultipartOf(spec);
    // Its handler reads a multipart body, after an Idempotency-Key would be claimed: no fingerprint to claim it with.
    if (multipart && !staged && spec.idempotent) throw new Error(`${spec.path}: a route with a multipart body cannot be idempotent`);
    // The schemas as zod types (AnyRoute erases them to any): what they parse is unknown until the handler's types apply.
    const schemas: { query?: z.ZodType; body?: z.ZodType; headers?: z.ZodType } = { ...spec, body: jsonBodyOf(spec) };
    const { caching, changes } = spec;
    const rider = spec.method === 'get' ? caching?.etag.rider : undefined;
    // Kept answers are found by the version: where they are, the version rides, not the page.
    const ride = spec.method === 'get' && caching?.versionInAnswer && !(caching.answerCache && answers.keeps) ? caching.ride : undefined;
    table.add(spec.method, spec.path, async (req: Request, res: Response) => {
      // A GET whose version can be read as SQL reads it with the credential, in one statement (etag.ts),
      // or, where no version is compared or kept, the handler's first read (Caching.ride); its query is
      // parsed first for that, and a bad one is still answered after the credential's 401.
      // Express 5 parses the query string again at each reading of req.query: it is read once, if at all.
      const known = schemas.query && parsedQueries.known(spec.path, req);
      const rawQuery: unknown = known ? undefined : req.query;
      const early = (rider || ride) && schemas.query ? (known ?? schemas.query.safeParse(rawQuery)) : undefined;
      const earlyInput = early?.success ? { query: early.data, body: {} } : undefined;
      const rowRide =
        ride && earlyInput && req.headers['if-none-match'] === undefined && !refused.holds(req) ? ride(earlyInput) : undefined;
      const ridden = !rowRide && rider ? earlyInput : undefined;
      const principal = await authenticate(
        deps.db,
        req,
        rowRide ? { row: rowRide } : ridden && { column: (orgIds) => rider!.sql(ridden, orgIds) },
      );
      if (!principal) throw unauthorized();
      // Counted before anything is done (a body read, a handler): a refused request (429) does nothing.
      try {
        const limiting = limitCredential(deps.rateLimits, principal.limitKey, res);
        if (limiting) await limiting;
      } catch (err) {
        if (err instanceof AppError && err.code === 'rate_limited') refused.note(req, Number(res.getHeader('Retry-After') ?? 1));
        throw err;
      }
      if (spec.limitByAddress) await limitAddress(deps.rateLimits?.perAddress, req, res);
      if (!credentialAccepted(spec, principal, deps.rbac)) {
        // The browser session of a token is signed in: a refusal there is 403, not the 401 that sends it to /login.
        if (principal.via === 'session') throw forbidden();
        throw unauthorized();
      }
      if (principal.via === 'session' && spec.method !== 'get' && isForeignOrigin(req, deps.publicUrl)) throw forbiddenOrigin();
      const { memberships } = principal;
      if (!allowedAnywhere(deps.rbac, memberships, spec.resource, spec.action)) throw forbidden();

      // A route taking a raw body and a multipart one reads the one its Content-Type says (else the raw one, whose 415 names its types).
      const asMultipart = multipart !== undefined && (!readRawBody || req.is(MULTIPART_TYPE) === MULTIPART_TYPE);
      const readRaw = asMultipart ? undefined : readRawBody;
      refuseNulCharacters(rawQuery, readRawBody ? undefined : req.body);
      const query = early ?? known ?? (schemas.query ? schemas.query.safeParse(rawQuery) : { success: true as const, data: {} });
      if (!query.success) throw new AppError('validation_failed', zodMessage(query.error));
      if (schemas.query && !known) parsedQueries.keep(spec.path, req, query.data);
      const headers = schemas.headers?.safeParse(req.headers);
      if (headers && !headers.success) throw new AppError('validation_failed', zodMessage(headers.error));
      // A raw body is read once the query is known good; its handler gets what the route's parse made of it.
      // An import takes its slot before its body is read: a refused one (503) has read none of it.
      if (readRawBody && deps.imports && !(await deps.imports.hold(res, principal.userId))) return;
      // A dry run writes nothing, so it is answered afresh: its Idempotency-Key is ignored.
      const keyed = spec.idempotent === true && !writesNothing(query.data);
      // A streamed body is fingerprinted for an Idempotency-Key as it is read (it is never held whole).
      const fingerprint = readRawBody && keyed && idempotencyKeyOf(req) !== undefined ? streamedFingerprint(req, spec.path) : undefined;
      const body = readRaw
        ? { success: true as const, data: await readRaw(req, query.data, fingerprint?.update) }
        : schemas.body
          ? schemas.body.safeParse(req.body ?? {})
          : { success: true as const, data: {} };
      if (!body.success) throw new AppError('validation_failed', zodMessage(body.error));

      const orgIds = orgsAllowing(deps.rbac, memberships, spec.resource, spec.action);
      if (orgIds.length < memberships.length) {
        // Allowed in some of the caller's organizations only: naming a record of another of them is 403, not 404.
        const owners = await orgsOwning(
          deps.db,
          ownedRefs(query.data, body.data),
          memberships.map((m) => m.orgId),
        );
        if (owners.some((orgId) => !orgIds.includes(orgId))) throw forbidden();
      }

      const ctx: RequestContext = {
        userId: principal.userId,
        memberships,
        orgIds,
        via: principal.via,
        tokenId: principal.tokenId,
        db: deps.db,
        attachments: deps.attachments,
        webhookTargets: deps.webhookTargets ?? { allowPrivate: false },
        can: (resource, action, orgId) => {
          const role = roleIn(memberships, orgId);
          return role !== undefined && deps.rbac.can(role, resource, action);
        },
        answer: {},
        // What the ride read, where the route allows the caller (else the handler reads it itself, as it would).
        ridden:
          principal.ridden === null
            ? null
            : principal.ridden && orgIds.includes(Number(principal.ridden.orgId))
              ? principal.ridden
              : undefined,
      };
      // A multipart body is handed over unread, its parts read by the handler as they arrive (or, staged, by
      // the route's read before the handler); what is left unread is dropped once the answer is out.
      const reading = asMultipart ? readMultipart(req, multipart) : undefined;
      if (reading) res.once('close', () => reading.finish());
      const stagedBody = reading && staged ? { data: await staged.read(reading.parts, query.data, ctx) } : undefined;
      if (stagedBody) fingerprint?.update(Buffer.from(`multipart\n${reading!.digest()}`));
      const input = { query: query.data, body: stagedBody ? stagedBody.data : reading ? reading.parts : body.data, headers: headers?.data };
      // A write's transactions end by moving the counters of what it declares it changes (src/domain/tracked-writes.ts).
      const tracked = async () =>
        changes && changes.nothing === undefined
          ? { ...ctx, db: trackingDb(deps.db, await changeTargets(deps.db, changes, input, ctx)) }
          : ctx;
      let handled = false;
      const handle = async (): Promise<unknown> => {
        const data: unknown = await spec.handler(await tracked(), input);
        handled = true;
        return data;
      };
      // What was staged and not taken by a handler that ran to its end (a replay, a refusal, a failure) goes before the answer.
      let discarded = false;
      const discardUnhandled = async () => {
        if (!stagedBody || handled || discarded) return;
        discarded = true;
        await staged!.discard(stagedBody.data, ctx).catch((err: unknown) => req.log?.warn({ err }, 'staged body not discarded'));
      };
      const discardingUnhandled = async <T>(work: () => Promise<T>): Promise<T> => {
        try {
          return await work();
        } finally {
          await discardUnhandled();
        }
      };
      // A conditional read: a matching If-None-Match is a 304 from the route's version alone, before any page is built.
      // Where the handler reads the version with its data, a request without If-None-Match skips this read.
      const preRead = caching && !ridden && (!caching.versionInAnswer || req.headers['if-none-match'] !== undefined);
      let etag = ridden ? riddenEtag(spec, input, principal.rider, orgIds) : preRead ? await etagOf(spec, ctx, input) : undefined;
      if (etag && answeredNotModified(req, res, etag)) return;
      if (etag && caching?.answerCache && !anyAnswerAsked(req) && answers.sent(res, etag)) return;
      if (keyed) {
        const call = {
          db: deps.db,
          userId: principal.userId,
          route: spec.path,
          status: spec.successStatus ?? 200,
          req,
          res,
          fingerprint: fingerprint?.digest(),
          beforeReplay: discardUnhandled,
        };
        return discardingUnhandled(() => answerIdempotently(call, handle));
      }
      // A download is rendered and sent in a render slot; the slot is freed once it is written or abandoned.
      if (spec.events) {
        const feed = (await handle()) as EventFeed<unknown>;
        if (!deps.notifications) throw new AppError('database_unavailable', 'Service unavailable');
        await sendEvents(req, res, feed, deps.notifications, deps.eventHeartbeatMs);
      } else if (spec.download) {
        const idleTimeoutMs = deps.downloadIdleTimeoutMs ?? 0;
        const send = async () => sendDownload(res, (await handle()) as FileDownload, { idleTimeoutMs });
        // Stored bytes are only copied out: no render slot for them.
        if (spec.fromStorage) await send();
        else await deps.renders.run(res, ctx.userId, send);
      } else {
        const data: unknown = await discardingUnhandled(handle);
        // The version read with the data is the answer's own (one read before it is at most older: a needless refresh, never a stale 304).
        if (caching?.versionInAnswer && ctx.answer.version !== undefined) etag = etagFor(spec, query.data, ctx.answer.version);
        if (etag) tagAnswer(res, etag);
        // If-None-Match: * holds for any current answer, and the handler found one.
        if (etag && anyAnswerAsked(req)) return void res.status(304).end();
        sendAnswerMeta(res, ctx.answer);
        const status = spec.successStatus ?? 200;
        const json = envelopeJson(data, status);
        const gzipped = etag && caching?.answerCache ? answers.keep(etag, json, ctx.answer) : undefined;
        sendJsonText(res, status, json, gzipped);
      }
    });
  }
  return table.handler;
}
