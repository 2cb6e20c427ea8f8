import type { Readable } from 'node:stream';
import { z } from './zod-messages';
import type { Changes } from './changes';
import type { RequestContext } from './context';
import type { ErrorCode } from './error-codes';
import type { FileDownload } from './download';
import type { EventFeed } from './event-feed';
import type { JsonText } from './json-text';
import type { Prisma } from '../generated/prisma/client';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * The version of what a GET shows (src/http/etag.ts), or undefined when the caller
 * may not see it. A version kept as a counter of a row owned by one organization
 * may also say how to read it as SQL (`rider`): a request with If-None-Match then
 * reads it in the same statement as the caller's credential, and a 304 costs one
 * round trip.
 */
export interface VersionRead<I> {
  (ctx: RequestContext, input: I): Promise<string | undefined>;
  rider?: {
    /**
     * `ARRAY[owning org id, counter]` (int[]) when the row exists and its organization is one of `orgIds` (an int[] expression),
     * else NULL; a read of one record may add a third element, its stamp (src/core/record-stamp.ts).
     */
    sql(input: I, orgIds: Prisma.Sql): Prisma.Sql;
    /** The version of that counter (and stamp): what the function itself would answer. */
    version(input: I, counter: number, stamp?: number | null): string;
  };
}

/**
 * A route whose body is a document, not JSON: the router reads it (after the
 * permission check) as bytes of one of `types`, gunzipped when sent with
 * `Content-Encoding: gzip`, at most `limitBytes` once decoded, streams them to
 * `parse` as they arrive (the body is never held whole), and hands the handler
 * `body`: what `parse` made of it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface RawBody<Q = any, T = unknown> {
  types: string[];
  limitBytes: number;
  /** Reads the decoded body, piece by piece; `query` is the route's, validated. Its errors are the request's. */
  parse(body: AsyncIterable<Buffer>, query: Q): Promise<T>;
  /** What the body is, and a small example of one, for the OpenAPI document. */
  description: string;
  example?: string;
}

/**
 * A route whose body is `multipart/form-data` (files, and perhaps a few text fields): the
 * router checks its Content-Type (415), and hands the handler `body`, the parts as they arrive
 * (FormParts). Nothing is read before the handler asks for it, so a handler can refuse before
 * any byte is stored, and streams each file where it goes: a body is never held whole.
 * Part names outside `files` and `fields`, or more files than `maxCount`, are a 400.
 */
export interface MultipartBody {
  /** The file parts the route takes, by field name: at most `maxCount` of them, and what they are. */
  files: Record<string, { maxCount: number; description: string; /** The body may hold none of them. */ optional?: true }>;
  /** Text parts it takes (each at most 64 KB), by field name. */
  fields?: Record<string, { description: string }>;
  /** What the body is, for the OpenAPI document. */
  description: string;
  /** File names keep their directories as sent (`shots/a.png`), for a handler that matches files by path. */
  keepPaths?: true;
}

/**
 * A multipart body the router reads whole before the handler runs, beside a raw one on the same
 * route (which one by Content-Type): `read` stages what the parts hold (files streamed to storage,
 * never held whole) and answers what the handler gets as its body. Read first, the body's
 * fingerprint is known before an Idempotency-Key is claimed, so such a route may be idempotent.
 * `discard` removes what was staged when the handler does not run (a replay, a refusal) or fails.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface StagedMultipartBody<Q = any, T = unknown> extends MultipartBody {
  /** Reads every part; `query` is the route's, validated. All or nothing: a failure leaves nothing staged. */
  read(parts: FormParts, query: Q, ctx: RequestContext): Promise<T>;
  discard(body: T, ctx: RequestContext): Promise<void>;
}

/** One part of a multipart body: a file, streamed, or a text field. */
export type FormPart =
  | {
      kind: 'file';
      field: string;
      /** The name the client gave, as sent (not safe to use as it is). */
      fileName: string;
      /** The Content-Type the client claimed for it. */
      claimedType: string;
      /** Its bytes: read them to the end (or destroy it) before asking for the next part. */
      stream: Readable;
    }
  | { kind: 'field'; field: string; value: string };

/**
 * A multipart body as its handler gets it: its parts in the order sent. A body cut short fails
 * the file being read (and the iteration) with a 400; the rest of the body is left to the router.
 */
export type FormParts = AsyncIterable<FormPart>;

/**
 * What a handler may answer for data of type T: T as JSON carries it, so where
 * T has a plain string a Date will do too (JSON.stringify sends its ISO text),
 * and a list may come as the JSON text PostgreSQL wrote of it.
 */
export type Sendable<T> = string extends T
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly Sendable<E>[] | JsonText<readonly Sendable<E>[]>
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;

/**
 * What a route's handler resolves to: for a download a file, for an event stream its
 * feed of events (each what the response schema accepts), else the data its response
 * schema accepts. A service answering another shape fails type-checking.
 */
export type RouteAnswer<R extends z.ZodType, D, E = undefined> = E extends true
  ? EventFeed<z.input<R>>
  : D extends string[]
    ? FileDownload
    : Sendable<z.input<R>>;

/** What a route's handler and its functions (versions, changes) get: the validated query and body. */
export type RouteInput<Q extends z.ZodType, B extends z.ZodType> = { query: z.output<Q>; body: z.output<B> };

/**
 * A route's body: a zod schema of a JSON body, `raw`, a document the router reads
 * as it arrives and hands the handler as what its `parse` made of it (typed by B),
 * `multipart`, whose handler reads the parts itself (B is then z.ZodType<FormParts>), or
 * both `raw` and a staged `multipart`, chosen by the request's Content-Type, each read
 * into the same B.
 */
export type BodyOption<Q extends z.ZodType, B extends z.ZodType> =
  | B
  | { raw: RawBody<z.output<Q>, z.output<B>> }
  | (z.output<B> extends FormParts ? { multipart: MultipartBody } : never)
  | { raw: RawBody<z.output<Q>, z.output<B>>; multipart: StagedMultipartBody<z.output<Q>, z.output<B>> };

/**
 * Conditional reads (src/http/etag.ts): `etag` is the version of what this GET shows,
 * read before the handler (e.g. its project's change counter), or undefined when the
 * caller may not see it (the handler then answers as it would). The router tags the
 * answer with an ETag of the version, the route and the query, and answers a matching
 * If-None-Match with 304 without running the handler.
 */
export interface Caching<I> {
  etag: VersionRead<I>;
  /**
   * The handler names the `etag` version of what it shows in `ctx.answer.version`,
   * read with its data in one statement: the router then reads the version first
   * only to answer an If-None-Match, and a plain GET costs one round trip less.
   */
  versionInAnswer?: true;
  /**
   * The answer depends on nothing but the route, the query and the `etag` version
   * (not on who asks, beyond being allowed to see it): the router may keep it by its
   * ETag and send it again while the version holds (src/http/answer-cache.ts).
   */
  answerCache?: true;
  /**
   * The handler's first read (its data with the `versionInAnswer` version) as SQL over the caller's
   * organizations: at most one row, with the organization owning what it read as `"orgId"`
   * (CredentialRider.row). Where no version is compared or kept (no If-None-Match, no answer cache),
   * the router reads it in the credential's statement and hands the handler its row as `ctx.ridden`:
   * the GET costs one round trip. Undefined for an input it cannot read so.
   */
  ride?: (input: I) => ((orgIds: Prisma.Sql) => Prisma.Sql) | undefined;
}

/** What every route says, GET or write. */
interface RouteCommon<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  D extends string[] | undefined,
  H extends z.ZodType,
  E extends true | undefined,
> {
  /** Path under /api/v1. */
  path: string;
  /** Casbin object and action: RBAC decides on (role, resource, action). */
  resource: string;
  action: string;
  summary: string;
  tag: string;
  query?: Q;
  /**
   * Request headers the handler reads, as a zod object keyed by lower-case header name
   * (optional ones `.optional()`): validated with the query, before any body is read (400).
   */
  headers?: H;
  /** Schema of the success envelope's `data` (documentation and response checks). */
  response?: R;
  successStatus?: 200 | 201;
  /**
   * Accepts only the browser session cookie, not a Bearer token; `unless` names a
   * permission whose holders (in any of their organizations) may use a token too.
   */
  sessionOnly?: boolean | { unless: { resource: string; action: string } };
  /** Also counts against the client address's limit of sign-ins (LOGIN_RATE_LIMIT_PER_MINUTE): it mints credentials. */
  limitByAddress?: true;
  /**
   * Error codes of its own this route can answer (src/core/error-codes.ts), beyond those that follow
   * from the rest of its spec (src/core/route-errors.ts): authentication, validation, its body, its
   * ids' `<kind>_not_found`, downloads and idempotency.
   */
  errors?: ErrorCode[];
  /** `headers` is what the route's `headers` schema made of the request's (absent without one). */
  handler: (ctx: RequestContext, input: RouteInput<Q, B> & { headers?: z.output<H> }) => Promise<RouteAnswer<R, D, E>>;
}

/** `true` where the response is a list: an array schema (or the erased schema of a table of routes, which may be one). */
type ListFlag<R extends z.ZodType> = R extends z.ZodArray ? true : z.ZodArray extends R ? true : never;

/** A GET: read conditionally (`caching`), answering a page with its metadata, a file, or a stream of events. */
interface ReadOptions<
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  D extends string[] | undefined,
  E extends true | undefined,
> {
  method: 'get';
  /** The handler answers a file (a FileDownload, sent without the envelope); these are its content types. */
  download?: E extends true ? never : D;
  /**
   * The download sends bytes kept in storage (an attachment), not a render: it holds no render
   * slot (a page of thumbnails is many downloads at once) and is sent as the file's own type,
   * shown inline or saved as FileDownload says.
   */
  fromStorage?: D extends string[] ? true : never;
  /**
   * The handler answers an EventFeed (src/core/event-feed.ts): the answer is a
   * text/event-stream that stays open, each event's data one JSON value of the
   * `response` schema. Not an MCP tool: a tool call answers once.
   */
  events?: E;
  /** A file is streamed as it is rendered, events as they happen: neither is tagged nor kept. */
  caching?: D extends string[] ? never : E extends true ? never : Caching<RouteInput<Q, B>>;
  /**
   * The data is one page of a longer list, sent as the bare array the contract
   * names for it; the handler puts the list's total and the next page's cursor in
   * `ctx.answer`, which the edge sends as X-Total-Count and X-Next-Cursor.
   */
  pageMeta?: D extends string[] ? never : E extends true ? never : ListFlag<R>;
  body?: never;
  idempotent?: never;
  changes?: never;
}

/** A write: what it takes as its body, and what it changes of what GETs show. */
interface WriteOptions<Q extends z.ZodType, B extends z.ZodType> {
  method: Exclude<Method, 'get'>;
  body?: BodyOption<Q, B>;
  /**
   * Honours an `Idempotency-Key` header (src/http/idempotency.ts): a repeat of the
   * same request answers the first one's stored 2xx response without running again.
   * A request whose query says `dryRun: true` writes nothing and is answered afresh
   * each time, its key ignored (a stored plan would go stale once something is written).
   */
  idempotent?: true;
  /** The change counters the write moves, in its own transactions (src/core/changes.ts). */
  changes: Changes<RouteInput<Q, B>>;
  download?: never;
  fromStorage?: never;
  events?: never;
  caching?: never;
  pageMeta?: never;
}

/**
 * One REST operation: everything the router, the RBAC policy check, the
 * OpenAPI document and the tests need to know about it. A GET and a write take
 * different options, so a combination the router could not honour does not compile.
 */
export type RouteSpec<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  D extends string[] | undefined = string[] | undefined,
  H extends z.ZodType = z.ZodType,
  E extends true | undefined = true | undefined,
> = RouteCommon<Q, B, R, D, H, E> & (ReadOptions<Q, B, R, D, E> | WriteOptions<Q, B>);

export function route<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  D extends string[] | undefined = undefined,
  H extends z.ZodType = z.ZodType,
  E extends true | undefined = undefined,
>(spec: RouteSpec<Q, B, R, D, H, E>): RouteSpec<Q, B, R, D, H, E> {
  return spec;
}

// Erased form for tables of routes of different input types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteSpec<any, any, any, any, any, any>;

/** The zod schema of the route's JSON body; undefined when it takes none, or a raw one. */
export function jsonBodyOf(spec: { body?: unknown }): z.ZodType | undefined {
  return spec.body instanceof z.ZodType ? spec.body : undefined;
}

/** The raw document the route takes as its body, if it takes one. */
export function rawBodyOf(spec: { body?: unknown }): RawBody | undefined {
  return spec.body && !(spec.body instanceof z.ZodType) ? (spec.body as { raw?: RawBody }).raw : undefined;
}

/** The multipart body the route takes, if it takes one. */
export function multipartBodyOf(spec: { body?: unknown }): MultipartBody | undefined {
  return spec.body && !(spec.body instanceof z.ZodType) ? (spec.body as { multipart?: MultipartBody }).multipart : undefined;
}

/** The multipart body the router reads before the handler (beside a raw one), if the route takes one. */
export function stagedMultipartOf(spec: { body?: unknown }): StagedMultipartBody | undefined {
  const multipart = multipartBodyOf(spec);
  return multipart && 'read' in multipart ? (multipart as StagedMultipartBody) : undefined;
}
