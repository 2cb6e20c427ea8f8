import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// Who uses a value of a project's metadata (a label, a squad, a lookup entry): the
// tests of the catalog, and the runs. An open run shows its tests' current values,
// deleted tests included; a locked run shows its snapshot (runs/data/snapshot.ts),
// which keeps the ids of the priority, type, automation status and squad and only
// the names of the labels. A value is deletable when nothing shows it by id.

/** How tests name a value: the test column holding its id, or the test_labels link. */
export type ValueRef =
  | { column: 'priority_id' | 'type_id' | 'automation_status_id' | 'platform_id' | 'test_covered_by_id' | 'squad_id'; snapshotKey?: string }
  | { column: 'label' };

export interface ValueUsage {
  /** Live tests of the catalog that hold the value. */
  tests: number;
  /** Runs whose tests show it: an open run's tests (deleted ones too), a locked run's snapshot. */
  runs: number;
}

// Column and key names come from the constants of the callers, never from input.
function holds(ref: ValueRef, id: number): Prisma.Sql {
  return ref.column === 'label'
    ? Prisma.sql`EXISTS (SELECT 1 FROM test_labels tl WHERE tl.test_id = t.id AND tl.label_id = ${id})`
    : Prisma.sql`${Prisma.raw(`t.${ref.column}`)} = ${id}`;
}

function frozen(ref: ValueRef, id: number): Prisma.Sql {
  if (ref.column === 'label' || ref.snapshotKey === undefined) return Prisma.sql`FALSE`;
  return Prisma.sql`(rt.snapshot->>${ref.snapshotKey})::int = ${id}`;
}

/** How many live tests and runs of the project use the value. */
export async function valueUsage(db: DbOrTx, projectId: number, ref: ValueRef, id: number): Promise<ValueUsage> {
  const [row] = await db.$queryRaw<ValueUsage[]>`
    SELECT
      (SELECT count(*) FROM tests t WHERE t.project_id = ${projectId} AND t.deleted_at IS NULL AND ${holds(ref, id)})::int AS tests,
      (SELECT count(DISTINCT rt.run_id) FROM runs r JOIN run_tests rt ON rt.run_id = r.id JOIN tests t ON t.id = rt.test_id
        WHERE r.project_id = ${projectId}
          AND ((rt.snapshot IS NULL AND ${holds(ref, id)}) OR ${frozen(ref, id)}))::int AS runs`;
  return row;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "3 tests and 1 run", "2 runs": what uses a value, for the in_use refusal; empty when nothing does. */
export function usageText(usage: ValueUsage): string {
  return [usage.tests && count(usage.tests, 'test'), usage.runs && count(usage.runs, 'run')].filter(Boolean).join(' and ');
}
