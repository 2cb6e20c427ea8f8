import { Readable } from 'node:stream';
import type { RequestContext } from '../../src/core/context';
import type { FileDownload } from '../../src/core/download';
import { route } from '../../src/core/route';
import { z } from '../../src/core/schemas';

// A route's handler is typed by its response schema, so a service answering
// another shape fails `npm run typecheck` (and ts-jest, here). Each line marked
// below as an expected error must stay one: were the check lost, the unused
// directive would fail the type-check in turn.

const thing = z.object({
  thingId: z.number().int(),
  name: z.string(),
  kind: z.enum(['small', 'large']),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
const get = { method: 'get', path: '/thing', resource: 'thing', action: 'read', summary: 'One thing', tag: 'Things' } as const;
const ctx = {} as RequestContext;
const input = { query: {}, body: {} };

// What a service reads from the database: its timestamps are still Dates.
const read = () => ({ thingId: 1, name: 'One', kind: 'small' as const, note: null, createdAt: new Date('2026-11-21T08:34:00Z') });

describe('a route handler', () => {
  it('answers its response schema, a Date standing for a timestamp: the JSON sent satisfies the schema', async () => {
    const spec = route({ ...get, response: thing, handler: async () => read() });
    const sent = JSON.parse(JSON.stringify(await spec.handler(ctx, input)));
    expect(thing.parse(sent)).toEqual({ ...read(), createdAt: '2026-11-21T08:34:00.000Z' });
  });

  it('may not answer another shape', () => {
    const wrong = [
      // @ts-expect-error a field missing
      route({ ...get, response: thing, handler: async () => ({ thingId: 1, name: 'One', kind: 'small' as const, note: null }) }),
      // @ts-expect-error a field of another type
      route({ ...get, response: thing, handler: async () => ({ ...read(), thingId: '1' }) }),
      // @ts-expect-error a value outside the enum
      route({ ...get, response: thing, handler: async () => ({ ...read(), kind: 'medium' as const }) }),
      // @ts-expect-error a service declaring a plain string where the schema has an enum
      route({ ...get, response: thing, handler: async (): Promise<Omit<ReturnType<typeof read>, 'kind'> & { kind: string }> => read() }),
      // @ts-expect-error a list where one record is due
      route({ ...get, response: thing, handler: async () => [read()] }),
    ];
    expect(wrong).toHaveLength(5);
  });

  it('of a download answers a file, and only a data route answers data', async () => {
    const file: FileDownload = { contentType: 'text/csv; charset=utf-8', filename: 'things.csv', body: Readable.from(['a,b\n']) };
    const download = route({ ...get, download: ['text/csv'], response: z.array(thing), handler: async () => file });
    expect(await download.handler(ctx, input)).toBe(file);
    // @ts-expect-error a download answering data
    route({ ...get, download: ['text/csv'], response: z.array(thing), handler: async () => [read()] });
    // @ts-expect-error a data route answering a file
    route({ ...get, response: thing, handler: async () => file });
  });
});
