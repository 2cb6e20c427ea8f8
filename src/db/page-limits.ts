import { Prisma } from '../generated/prisma/client';

/**
 * `LIMIT limit OFFSET offset` for a paged read run as a prepared statement (they all are: raw-read.ts,
 * and Prisma's through client.ts). Given as parameters, PostgreSQL prices each execution's custom
 * plan by the page's place: a first page looks cheap, so a connection whose first executions were
 * early pages keeps planning the statement anew at every execution (0.7 ms of a run's page of
 * 100 tests, about half its cost) instead of reusing its generic plan. Read through a subquery, the
 * values are unknown to every plan, all plans cost the same, and from the sixth execution on the
 * generic one is kept; the plan is the same index scan either way.
 */
export const pageLimits = (limit: number, offset: number): Prisma.Sql =>
  Prisma.sql`LIMIT (SELECT ${limit}::int) OFFSET (SELECT ${offset}::bigint)`;
