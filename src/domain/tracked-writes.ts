import type { Db, DbOrTx, Tx } from '../db/client';
import { readRows, shareReadPool } from '../db/raw-read';
import { Prisma } from '../generated/prisma/client';
import { COUNTER_KINDS, type ChangedIds, type ChangeKind, type Changes } from '../core/changes';
import type { RequestContext } from '../core/context';
import { deferOrgCounters, moveOrgCountersAtEnd } from './orgs/data';
import { noteProjectChange } from './projects/data';
import { noteUsersChange } from './users/data';

// A write route declares what it changes (RouteSpec changes, src/core/changes.ts);
// here the declaration moves the change counters, so no service has to. The handler
// gets a database whose every transaction ends by moving the counters of the records
// the request names: in the write's own transaction, so they move exactly when the
// write commits (a failed write moves none). They move in the lock order of
// orgs/data/changes.ts: projects, users, then the organizations, whose counters the
// transaction moved on its way (an audit entry) wait for its end.

/** The counters the router moves (an audit entry moves its own as it is written). */
type Counted = Exclude<ChangeKind, 'audit'>;
const COUNTED = COUNTER_KINDS.filter((kind): kind is Counted => kind !== 'audit');

/** The records whose counters a request's write moves, by counter. */
export type ChangeTargets = Record<Counted, number[]>;

/** The records the route's declaration names for this request; its SQL selectors are read in one statement. */
export async function changeTargets<I>(db: DbOrTx, changes: Changes<I>, input: I, ctx: RequestContext): Promise<ChangeTargets> {
  const targets: ChangeTargets = { project: [], user: [], org: [] };
  const queried: [Counted, Prisma.Sql][] = [];
  for (const kind of COUNTED) {
    const ids: ChangedIds = changes[kind]?.(input, ctx);
    if (ids instanceof Prisma.Sql) queried.push([kind, ids]);
    else if (ids !== undefined) targets[kind].push(...(typeof ids === 'number' ? [ids] : ids));
  }
  if (queried.length) {
    const columns = queried.map(([kind, sql]) => Prisma.sql`ARRAY(${sql}) AS ${Prisma.raw(`"${kind}"`)}`);
    const [row] = await readRows<Record<Counted, number[]>>(db, Prisma.sql`SELECT ${Prisma.join(columns)}`);
    for (const [kind] of queried) targets[kind].push(...row[kind]);
  }
  return targets;
}

/** Moves the counters of `targets`, and the organizations' ones `tx` held back: the last statements of a write's transaction. */
async function moveCounters(tx: DbOrTx, targets: ChangeTargets): Promise<void> {
  await noteProjectChange(tx, targets.project);
  await noteUsersChange(tx, targets.user);
  await moveOrgCountersAtEnd(tx, targets.org);
}

/** `db` for a write's handler: each of its transactions ends by moving the counters of `targets`. */
export function trackingDb(db: Db, targets: ChangeTargets): Db {
  const transaction = (fn: unknown, options?: Parameters<Db['$transaction']>[1]) => {
    // A batch ($transaction([...])) could not end with the counters: writes use a function.
    if (typeof fn !== 'function') throw new Error("A write route's transactions take a function");
    const write = fn as (tx: Tx) => Promise<unknown>;
    return db.$transaction(async (tx) => {
      deferOrgCounters(tx);
      const result = await write(tx);
      await moveCounters(tx, targets);
      return result;
    }, options);
  };
  const tracked = new Proxy(db, {
    get(target, prop): unknown {
      if (prop === '$transaction') return transaction;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  shareReadPool(tracked, db);
  return tracked;
}
