import { z } from './zod-messages';
import { queryCursor } from './cursor';

// Shared building blocks of request schemas. Query values arrive as strings and
// are parsed strictly: "12" is an id, "12abc", "1e3" and "" are not.

const decimal = /^[0-9]+$/;

/** A positive integer id given in a query string. */
export const queryId = z
  .string()
  .regex(decimal, 'Expected a positive integer')
  .transform(Number)
  .pipe(z.number().int().positive('Expected a positive integer').max(2147483647, 'Too large'));

/**
 * Up to `max` positive integer ids given in a query string, comma-separated: "12,15,40". A string in
 * OpenAPI (one parameter, not a repeated one), a number[] once parsed.
 */
export const queryIdList = (max: number) =>
  z
    .string()
    .regex(/^[0-9]+(,[0-9]+)*$/, 'Expected comma-separated positive integers')
    .meta({ example: '12,15,40' })
    .transform((text, ctx) => {
      const ids = text.split(',').map(Number);
      if (ids.length > max) ctx.addIssue({ code: 'custom', message: `At most ${max} ids` });
      else if (ids.some((id) => id < 1 || id > 2147483647))
        ctx.addIssue({ code: 'custom', message: 'Expected positive integers up to 2147483647' });
      else return ids;
      return z.NEVER;
    });

export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?[0-9]+$/, 'Expected an integer')
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`));

export const queryBoolean = z.enum(['true', 'false'], 'Expected true or false').transform((v) => v === 'true');

/** A positive integer id in a JSON body. */
export const bodyId = z.number().int('Expected an integer').positive('Expected a positive integer').max(2147483647, 'Too large');

export const MAX_PAGE = 1000;
export const MAX_BULK = 5000;

/** A list's paging parameters: `limit` (1 to MAX_PAGE, `defaultLimit` when absent), `offset` and `cursor`. */
export const pageParams = (defaultLimit: number) => ({
  limit: queryInt(1, MAX_PAGE).default(defaultLimit),
  offset: queryInt(0, Number.MAX_SAFE_INTEGER).default(0),
  cursor: queryCursor.optional(),
});

/** The paging parameters of the lists answering `{ <rows>, total, limit, offset }`: 100 rows by default (API.md). */
export const limitOffset = pageParams(100);

/**
 * The paging parameters of a list answered as a bare array (the status histories):
 * MAX_PAGE entries unless `limit` says fewer, so an answer of up to that many stays
 * whole; the list's total and the next cursor come as answer metadata (ctx.answer).
 */
export const arrayPageParams = {
  ...pageParams(MAX_PAGE),
  cursor: queryCursor
    .optional()
    .describe(
      'Where the page starts: the X-Next-Cursor header of the previous answer (keyset paging; offset, if given, skips entries after it)',
    ),
};

/** A bulk array: 1 to `max` items (MAX_BULK unless a route says more, API.md), called `noun`s in its messages. */
export const bulkArray = <T extends z.ZodType>(item: T, noun: string, max = MAX_BULK) =>
  z.array(item).min(1, `At least one ${noun}`).max(max, `At most ${max} ${noun}s`);

/**
 * A refinement naming every repeated id of an array, at validation time (400
 * before any lookup): `<name>.<i>[.<field>]: Duplicate of <name>.<first>[.<field>]`.
 */
export function noDuplicateIds<T>(name: string, idOf: (item: T) => number, field?: string) {
  const at = (i: number) => (field ? [i, field] : [i]);
  return (items: T[], ctx: z.RefinementCtx) => {
    const first = new Map<number, number>();
    items.forEach((item, i) => {
      const seen = first.get(idOf(item));
      if (seen === undefined) first.set(idOf(item), i);
      else ctx.addIssue({ code: 'custom', path: at(i), message: `Duplicate of ${[name, ...at(seen)].join('.')}` });
    });
  };
}

export const nonBlank = (max = 255) => z.string().trim().min(1, 'Must not be empty').max(max, `At most ${max} characters`);
export const optionalText = (max = 10000) => z.string().max(max, `At most ${max} characters`).nullable().optional();

export const isoDate = z.iso.datetime();

export { z };
