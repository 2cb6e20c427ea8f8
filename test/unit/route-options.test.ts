import type { RequestContext } from '../../src/core/context';
import type { FileDownload } from '../../src/core/download';
import type { EventFeed } from '../../src/core/event-feed';
import {
  jsonBodyOf,
  multipartBodyOf,
  rawBodyOf,
  route,
  stagedMultipartOf,
  type FormParts,
  type RawBody,
  type VersionRead,
} from '../../src/core/route';
import { z } from '../../src/core/schemas';

// A route's options come in groups a GET and a write each take their own of
// (src/core/route.ts): caching, paging metadata and downloads on a GET; a JSON or
// raw body, Idempotency-Key and what it changes on a write. A combination the router could not
// honour does not compile: each line marked below as an expected error must stay
// one (`npm run typecheck` and ts-jest fail on an unused directive).

const thing = z.object({ thingId: z.number().int() });
const things = z.array(thing);
const query = z.object({ thingId: z.number().int() });
const body = z.strictObject({ thingId: z.number().int(), name: z.string() });
const version: VersionRead<{ query: { thingId: number } }> = async ({ userId }, { query: q }) => `${userId}.${q.thingId}`;
const raw: RawBody<unknown, string[]> = {
  types: ['text/plain'],
  limitBytes: 1024,
  parse: async (chunks) => {
    const lines: string[] = [];
    for await (const chunk of chunks) lines.push(...chunk.toString().split('\n'));
    return lines;
  },
  description: 'Lines of text',
};
const file = {} as FileDownload;
const common = { path: '/thing', resource: 'thing', action: 'read', summary: 'A thing', tag: 'Things' } as const;
const get = { ...common, method: 'get' } as const;
// What a write changes (src/core/changes.ts) is required; these change nothing a GET shows.
const post = { ...common, method: 'post', changes: { nothing: 'No GET shows a thing' } } as const;
const one = async () => ({ thingId: 1 });
const feed = async (): Promise<EventFeed<{ thingId: number }>> => ({ channel: 'things', eventOf: (p) => ({ thingId: Number(p) }) });
const list = async () => [{ thingId: 1 }];

describe('route options', () => {
  it('group what fits together: a read with caching and paging metadata, a write with a raw body', async () => {
    const read = route({
      ...get,
      query,
      response: things,
      caching: { etag: version, versionInAnswer: true, answerCache: true },
      pageMeta: true,
      handler: list,
    });
    expect(read.caching?.etag).toBe(version);
    const write = route<z.ZodType, z.ZodType<string[]>, typeof thing>({
      ...post,
      body: { raw },
      idempotent: true,
      response: thing,
      handler: async (_ctx, input) => ({ thingId: input.body.length }),
    });
    // The router, the document and the MCP tools tell the two kinds of body apart by these.
    expect(rawBodyOf(write)).toBe(raw);
    expect(jsonBodyOf(write)).toBeUndefined();
    const json = route({ ...post, body, response: thing, handler: async (_ctx, input) => ({ thingId: input.body.thingId }) });
    expect(jsonBodyOf(json)).toBe(body);
    expect(rawBodyOf(json)).toBeUndefined();
    expect(await write.handler({} as RequestContext, { query: {}, body: ['a', 'b'] })).toEqual({ thingId: 2 });
    // A stream of events: its handler answers a feed of events of the response schema.
    const events = route({ ...get, query, response: thing, events: true, handler: feed });
    const answer = await events.handler({} as RequestContext, { query: { thingId: 1 }, body: {} });
    expect(answer.eventOf('7')).toEqual({ thingId: 7 });
  });

  it('take a raw body or a staged multipart one on one route, each read into the same body type', () => {
    const files = { file: { maxCount: 2, description: 'A file' } };
    const staged = {
      files,
      description: 'Files',
      read: async () => ['from the form'],
      discard: async () => {},
    };
    const either = route<z.ZodType, z.ZodType<string[]>, typeof thing>({
      ...post,
      body: { raw, multipart: staged },
      idempotent: true,
      response: thing,
      handler: async (_ctx, input) => ({ thingId: input.body.length }),
    });
    expect(rawBodyOf(either)).toBe(raw);
    expect(multipartBodyOf(either)).toBe(staged);
    expect(stagedMultipartOf(either)).toBe(staged);
    // A multipart body its handler reads itself is no staged one.
    const plain = route<z.ZodType, z.ZodType<FormParts>, typeof thing>({
      ...post,
      body: { multipart: { files, description: 'Files' } },
      handler: one,
    });
    expect(stagedMultipartOf(plain)).toBeUndefined();
    route<z.ZodType, z.ZodType<string[]>, typeof thing>({
      ...post,
      // @ts-expect-error beside a raw body, a multipart one must be read before the handler (staged)
      body: { raw, multipart: { files, description: 'Files' } },
      handler: one,
    });
    route<z.ZodType, z.ZodType<string[]>, typeof thing>({
      ...post,
      // @ts-expect-error the staged read must answer what the raw parse does
      body: { raw, multipart: { ...staged, read: async () => 42 } },
      handler: one,
    });
  });

  it('keep a stream of events to itself', () => {
    const wrong = [
      // @ts-expect-error events, sent as they happen, neither tagged nor kept
      route({ ...get, query, response: thing, events: true, caching: { etag: version }, handler: feed }),
      // @ts-expect-error paging metadata of a stream
      route({ ...get, query, response: things, events: true, pageMeta: true, handler: feed }),
      // @ts-expect-error a stream is not a file
      route({ ...get, query, response: thing, events: true, download: ['text/csv'], handler: feed }),
      // @ts-expect-error a stream's handler answers a feed, not the data
      route({ ...get, query, response: thing, events: true, handler: one }),
      // @ts-expect-error a write answering a stream
      route({ ...post, body, response: thing, events: true, handler: feed }),
    ];
    expect(wrong).toHaveLength(5);
  });

  it('refuse a combination the router could not honour', () => {
    const wrong = [
      // @ts-expect-error a version in the answer without the etag it is the version of
      route({ ...get, query, response: thing, caching: { versionInAnswer: true }, handler: one }),
      // @ts-expect-error an answer kept by an ETag the route has not
      route({ ...get, query, response: thing, caching: { answerCache: true }, handler: one }),
      // @ts-expect-error a file, streamed as it is rendered, neither tagged nor kept
      route({ ...get, query, download: ['text/csv'], response: things, caching: { etag: version }, handler: async () => file }),
      // @ts-expect-error paging metadata beside a response that is not a list
      route({ ...get, query, response: thing, pageMeta: true, handler: one }),
      // @ts-expect-error paging metadata of a file
      route({ ...get, query, download: ['text/csv'], response: things, pageMeta: true, handler: async () => file }),
      // @ts-expect-error a GET with a body
      route({ ...get, body, response: thing, handler: one }),
      // @ts-expect-error a GET with a raw body
      route({ ...get, body: { raw }, response: thing, handler: one }),
      // @ts-expect-error an Idempotency-Key on a read
      route({ ...get, query, response: thing, idempotent: true, handler: one }),
      // @ts-expect-error a write read conditionally
      route({ ...post, body, response: thing, caching: { etag: async () => 'v' }, handler: one }),
      // @ts-expect-error a write answering a file
      route({ ...post, body, download: ['text/csv'], response: things, handler: async () => file }),
      // @ts-expect-error a raw body beside a JSON one: the one `body` option holds either
      route({ ...post, body, rawBody: raw, response: thing, handler: one }),
    ];
    expect(wrong).toHaveLength(11);
  });

  it('make a write say what it changes, and only a write', () => {
    const { changes: _nothing, ...silent } = post;
    const declared = route({
      ...silent,
      body,
      response: thing,
      changes: { project: ({ body: b }) => b.thingId, audit: true },
      handler: one,
    });
    expect(Object.keys(declared.changes ?? {})).toEqual(['project', 'audit']);
    const wrong = [
      // @ts-expect-error a write that does not say what it changes
      route({ ...silent, body, response: thing, handler: one }),
      // @ts-expect-error a declaration that names no counter
      route({ ...silent, body, response: thing, changes: {}, handler: one }),
      // @ts-expect-error changing nothing and a project at once
      route({ ...silent, body, response: thing, changes: { nothing: 'why', project: ({ body: b }) => b.thingId }, handler: one }),
      // @ts-expect-error a counter the route's input does not name
      route({ ...silent, body, response: thing, changes: { project: ({ body: b }) => b.projectId }, handler: one }),
      // @ts-expect-error a GET changing something
      route({ ...get, query, response: thing, changes: { nothing: 'a read' }, handler: one }),
    ];
    expect(wrong).toHaveLength(5);
  });
});
