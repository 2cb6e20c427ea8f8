import { z } from './zod-messages';

// Keyset paging: a page's `nextCursor` is the base64url text of the last row's
// sort key (a JSON array, so a key may grow a column later without changing the
// parameter); the next request's `cursor` starts right after it, at the cost of
// an index seek however deep the list is. Opaque to clients: only this module
// reads or writes one.

const MAX_KEY = 2147483647;

/** The cursor after a row whose sort key is `key`. */
export const encodeCursor = (key: number): string => Buffer.from(JSON.stringify([key])).toString('base64url');

function decode(text: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== 1) return undefined;
    const [id] = key as unknown[];
    return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_KEY ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The `cursor` query parameter: the sort key it carries, or a 400 naming it. */
export const queryCursor = z
  .string()
  .meta({ example: encodeCursor(100) })
  .transform((text, ctx) => {
    const key = decode(text);
    if (key === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Not a cursor of this list: pass a nextCursor as it came' });
      return z.NEVER;
    }
    return key;
  })
  .describe('Where the page starts: the nextCursor of the previous page (keyset paging; offset, if given, skips rows after it)');

/** The `nextCursor` of a page answer: there while more rows follow (so a page's fields stay as they were on the last one). */
export const nextCursorField = z
  .string()
  .optional()
  .describe('Pass as cursor for the page after this one; absent on the last page')
  .meta({ example: encodeCursor(100) });

/** `{ nextCursor }` after the row whose key is `lastKey`, or nothing when no row follows (null). */
export const nextCursorAfter = (lastKey: number | null): { nextCursor?: string } =>
  lastKey === null ? {} : { nextCursor: encodeCursor(lastKey) };

/**
 * A page read with one row more than asked for: the rows to answer and, when
 * the extra row was there, the cursor of the page after them.
 */
export function pageOf<T>(rows: readonly T[], limit: number, keyOf: (row: T) => number): { rows: T[]; next: { nextCursor?: string } } {
  if (rows.length <= limit) return { rows: [...rows], next: {} };
  const shown = rows.slice(0, limit);
  return { rows: shown, next: nextCursorAfter(keyOf(shown[limit - 1])) };
}
