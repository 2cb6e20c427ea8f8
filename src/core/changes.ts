import type { Prisma } from '../generated/prisma/client';
import type { RequestContext } from './context';

// What a write route changes, named by the change counters that version the reads
// showing it (the ETags of src/http/etag.ts). The route declares them; the router
// moves them in each transaction the handler commits, as its last statements
// (src/domain/tracked-writes.ts), so no service has to remember to. A handler
// therefore writes in `ctx.db.$transaction`: a statement outside one moves nothing
// (test/http/write-versions.test.ts drives every write route and would see it).

/**
 * The ids of the records whose counter a write moves: given, or an SQL subquery of
 * one int column naming them (read before the handler runs; ownership never
 * changes, so what it names then is what the write touches). Undefined: none.
 */
export type ChangedIds = number | readonly number[] | Prisma.Sql | undefined;

/** Which records of one counter a request changes, from its validated input. */
export type ChangeSelector<I> = (input: I, ctx: RequestContext) => ChangedIds;

/** What a route's writes change, by counter: the ones the router moves each with the records it names. */
export interface CounterChanges<I> {
  /** The projects whose reads (catalog, sections, labels, squads, lookups, runs, results) show the write. */
  project: ChangeSelector<I>;
  /** The organizations whose reads (GET /orgs, /org/detail, /projects, /all-users) show it. */
  org: ChangeSelector<I>;
  /** The users whose own reads (GET /user/details, /tokens) show it. */
  user: ChangeSelector<I>;
  /**
   * The route appends to audit logs (GET /audit). Each entry moves its organization's
   * audit counter as it is written (audit/data/events.ts): this says that it may.
   */
  audit: true;
}

export type ChangeKind = keyof CounterChanges<unknown>;

/** At least one of the counters: a write route that moves none says so with `nothing`. */
type SomeOf<T> = { [K in keyof T]: Pick<T, K> & Partial<Omit<T, K>> }[keyof T];

/**
 * What a write route changes: some counters, or `nothing` with the reason no GET
 * shows what it writes. Required on every write route (src/core/route.ts), so a new
 * one cannot leave the ETags of what it changes standing.
 */
export type Changes<I> = (SomeOf<CounterChanges<I>> & { nothing?: never }) | ({ nothing: string } & { [K in ChangeKind]?: never });

export const COUNTER_KINDS: readonly ChangeKind[] = ['project', 'org', 'user', 'audit'];
