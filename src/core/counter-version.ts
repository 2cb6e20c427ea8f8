import { readRows } from '../db/raw-read';
import { Prisma } from '../generated/prisma/client';
import type { RequestContext } from './context';
import type { VersionRead } from './route';

/**
 * A version kept as a counter of a row one organization owns, from its one SQL
 * (`rider.sql`: `ARRAY[owning org, counter]`, perhaps with a record's stamp, when that org is one of `orgIds`, else
 * NULL): read on its own before a handler, or in the credential's statement (the
 * rider, src/http/etag.ts). Undefined where the caller may not see the row.
 */
export function counterVersion<I>(rider: NonNullable<VersionRead<I>['rider']>): VersionRead<I> {
  const read = async (ctx: RequestContext, input: I): Promise<string | undefined> => {
    const [row] = await readRows<{ v: number[] | null }>(
      ctx.db,
      Prisma.sql`SELECT ${rider.sql(input, Prisma.sql`${ctx.orgIds}::int[]`)} AS v`,
    );
    return row?.v ? rider.version(input, row.v[1], row.v[2]) : undefined;
  };
  return Object.assign(read, { rider });
}
