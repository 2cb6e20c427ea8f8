import { z } from './zod-messages';
import { AppError } from './errors';
import { Prisma } from '../generated/prisma/client';

// Edits guarded by If-Match. The ETag of a read of one record (GET /test/details,
// /run/detail, /project/detail) is its project's change counter, which moves with any
// write to the project; a write sent with that ETag would then be refused whenever
// anyone marked a result anywhere in the project. So the version of those reads also
// carries the record's own stamp: a 32-bit digest of what an edit of it can change,
// between tildes (`p12.345~1a2b3c4d~`). A write with If-Match compares only that
// stamp, read under the row's lock in the write's transaction: the record changed
// since the client read it, or it did not; nothing else in the project counts, and
// neither does which server instance (or boot) made the ETag.

/** A record's stamp as SQL: the first 32 bits of an MD5 of `text` (an SQL text expression), as an int. */
export const stampOf = (text: Prisma.Sql): Prisma.Sql => Prisma.sql`('x' || substr(md5(${text}), 1, 8))::bit(32)::int`;

/** The stamp as it appears in a version: 8 hex digits. */
export const stampText = (stamp: number): string => (stamp >>> 0).toString(16).padStart(8, '0');

/** A version with the record's stamp appended (none when the record was not found). */
export const stampedVersion = (version: string, stamp: number | null | undefined): string =>
  stamp === null || stamp === undefined ? version : `${version}~${stampText(stamp)}~`;

/** The If-Match header a write of one record takes. */
export const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .max(1024, 'If-Match: at most 1024 characters')
    .optional()
    .meta({
      param: {
        example: 'W/"p12.345~1a2b3c4d~-Qm9vdElkRGlnZXN0"',
        description:
          "The ETag of the record's read (GET /test/details, /run/detail or /project/detail) the change is based on: " +
          'when the record changed since, nothing is written and the answer is 412 edit_conflict. * matches any version; ' +
          'without the header the write is applied as it comes',
      },
    }),
});
export type IfMatchHeaders = z.output<typeof ifMatchHeaders>;

/** Whether an If-Match header holds the record whose stamp is `stamp`: any of its tags names that stamp, or it is *. */
export function ifMatchHolds(header: string, stamp: number): boolean {
  if (header.trim() === '*') return true;
  const want = stampText(stamp);
  return [...header.matchAll(/~([0-9a-f]{8})~/g)].some((m) => m[1] === want);
}

/**
 * Refuses a write (412 edit_conflict) whose If-Match names another version of the record
 * than `stamp`, its current one read under its row lock in the write's transaction. No
 * header: the write goes ahead, as for clients that never read an ETag.
 */
export function requireUnchanged(ifMatch: string | undefined, stamp: number, what: 'Test' | 'Run' | 'Project'): void {
  if (ifMatch === undefined || ifMatchHolds(ifMatch, stamp)) return;
  throw new AppError('edit_conflict', `${what} changed since it was read (If-Match does not match): read it again and resend`);
}
