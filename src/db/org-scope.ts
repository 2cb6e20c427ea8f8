import { Prisma } from '../generated/prisma/client';

/**
 * The caller's organizations as an int[] SQL expression: ids as one parameter, or an expression as it
 * is (the credential statement's, when a page rides in it: src/domain/users/data/sessions.ts, withRider).
 */
export const orgIdsSql = (orgIds: number[] | Prisma.Sql): Prisma.Sql => (Array.isArray(orgIds) ? Prisma.sql`${orgIds}::int[]` : orgIds);
