import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { Prisma } from '../../../generated/prisma/client';

// The organization's counters. change_count moves with every write to what the
// organization's reads show (GET /orgs, /org/detail, /projects, /all-users): its
// projects' records, its memberships and roles, its members' names and emails.
// audit_count moves with every entry of its audit log (GET /audit). A reader takes
// a counter before building its page, so a write committing in between costs a
// client one needless refresh, never a stale 304.
//
// Lock order: a write takes its row locks as runs → projects → users →
// organizations, so no two writes wait on each other in a cycle. The organizations'
// counters move last in the transaction, several organizations in one statement
// that locks them in id order. In a write route's transaction (src/domain/tracked-writes.ts)
// they wait for its end, after the projects' and users' counters it moves there.

export type Counter = 'change_count' | 'audit_count';

/** The organizations' counter moves a transaction holds back for its end (deferOrgCounters), as SQL selecting their ids. */
const deferred = new WeakMap<object, Record<Counter, Prisma.Sql[]>>();

/** From now on the organizations' counters moved in `tx` move at its end, in moveOrgCountersAtEnd. */
export function deferOrgCounters(tx: DbOrTx): void {
  deferred.set(tx, { change_count: [], audit_count: [] });
}

const anyOf = (which: Prisma.Sql[]) => (which.length ? Prisma.join(which, ' UNION ALL ') : Prisma.sql`SELECT NULL::int WHERE false`);

/** Moves each counter of the organizations its SQL selects (ids), in one statement that locks them in id order first. */
async function move(tx: DbOrTx, which: Record<Counter, Prisma.Sql[]>): Promise<void> {
  const change = anyOf(which.change_count);
  const audit = anyOf(which.audit_count);
  await tx.$executeRaw`
    UPDATE organizations o SET change_count = o.change_count + (o.id IN (${change}))::int,
                               audit_count = o.audit_count + (o.id IN (${audit}))::int
      FROM (SELECT id FROM organizations WHERE id IN (${change} UNION ALL ${audit}) ORDER BY id FOR NO KEY UPDATE) locked
     WHERE o.id = locked.id`;
}

/** Moves `counter` of the organizations `which` selects (ids): now, or at the end of a transaction that defers them. */
async function bump(tx: DbOrTx, counter: Counter, which: Prisma.Sql): Promise<void> {
  const waiting = deferred.get(tx);
  if (waiting) waiting[counter].push(which);
  else await move(tx, counter === 'change_count' ? { change_count: [which], audit_count: [] } : { change_count: [], audit_count: [which] });
}

/**
 * The last statement of a transaction that defers the organizations' counters: moves
 * those held back, and the change counters of `orgIds`, in one statement.
 */
export async function moveOrgCountersAtEnd(tx: DbOrTx, orgIds: number[]): Promise<void> {
  const which = deferred.get(tx) ?? { change_count: [], audit_count: [] };
  deferred.delete(tx);
  const named = idList(orgIds);
  if (named) which.change_count.push(named);
  if (which.change_count.length || which.audit_count.length) await move(tx, which);
}

const idList = (orgIds: number | number[]) => {
  const ids = Array.isArray(orgIds) ? orgIds : [orgIds];
  return ids.length === 0 ? undefined : Prisma.sql`SELECT unnest(${ids}::int[])`;
};

/** Moves the change counter of each of the organizations, in the caller's transaction. */
export async function noteOrgChange(tx: DbOrTx, orgIds: number | number[]): Promise<void> {
  const which = idList(orgIds);
  if (which) await bump(tx, 'change_count', which);
}

/**
 * Moves the change counter of every organization the user belongs to (their member
 * lists show the user's name and email). Run it under the user's row lock (see
 * users/data/changes.ts), so a membership added meanwhile is either seen here or
 * made after this write.
 */
export async function noteMemberOrgsChange(tx: DbOrTx, userId: number): Promise<void> {
  await bump(tx, 'change_count', Prisma.sql`SELECT org_id FROM memberships WHERE user_id = ${userId}`);
}

/** Moves the audit counter of each of the organizations (entries were appended to their logs). */
export async function noteOrgAudit(tx: DbOrTx, orgIds: number | number[]): Promise<void> {
  const which = idList(orgIds);
  if (which) await bump(tx, 'audit_count', which);
}

// Which organizations a write changes, as SQL the router reads before the write runs
// (RouteSpec changes, src/core/changes.ts): a project never moves to another organization.

/** The organization of a project. */
export const projectOrgSql = (projectId: number): Prisma.Sql => Prisma.sql`SELECT org_id FROM projects WHERE id = ${projectId}`;

/** The installation's first organization (whose Admins administer the installation). */
export const firstOrgSql: Prisma.Sql = Prisma.sql`SELECT id FROM organizations ORDER BY id LIMIT 1`;

/** The organizations of a user among `orgIds`. */
export const memberOrgsAmongSql = (userId: number, orgIds: readonly number[]): Prisma.Sql =>
  Prisma.sql`SELECT org_id FROM memberships WHERE user_id = ${userId} AND org_id = ANY(${orgIds}::int[])`;

/**
 * `ARRAY[id, counter]` of the organization when it is one of `orgIds` (an int[] expression), else NULL:
 * a counter read as SQL, in the caller's credential statement (RouteSpec caching etag rider).
 */
export const orgCounterSql = (counter: Counter, orgId: number, orgIds: Prisma.Sql): Prisma.Sql =>
  Prisma.sql`(SELECT ARRAY[o.id, o.${Prisma.raw(counter)}] FROM organizations o WHERE o.id = ${orgId} AND o.id = ANY(${orgIds}))`;

/** The sum of the organizations' change counters (as text): over the same organizations, it moves whenever one of them does. */
export async function orgsChangeSum(db: DbOrTx, orgIds: number[]): Promise<string> {
  const [row] = await readRows<{ n: string }>(
    db,
    Prisma.sql`SELECT coalesce(sum(change_count), 0)::text AS n FROM organizations WHERE id = ANY(${orgIds}::int[])`,
  );
  return row.n;
}
