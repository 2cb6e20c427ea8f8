import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { sectionTreeSql } from '../../sections/data';
import { versionSql } from '../../test-cases/data';

// A locked run shows its tests as they were when it was locked: at lock time
// each run_tests row gets a snapshot (jsonb) of the test's title, catalog ids,
// section path and tree position, priority, squad and label names; unlocking
// clears it. Readers pick the snapshot when there is one (snapshot is set
// exactly while the run is locked), so an open run's reads stay a plain join.
// Locking also records the version of each test the run holds (run_tests.test_version).

/** Takes the snapshot of every test of the run (inside the lock's transaction). */
function takeSnapshotSql(runId: number, projectId: number): Prisma.Sql {
  return Prisma.sql`
    WITH RECURSIVE ${sectionTreeSql(projectId)}
    UPDATE run_tests rt SET snapshot = jsonb_build_object(
      'title', t.title, 'sectionId', t.section_id, 'sectionPath', ords.path, 'sectionOrder', ords.ord,
      'priorityId', t.priority_id, 'priority', pr.name, 'typeId', t.type_id,
      'automationStatusId', t.automation_status_id, 'squadId', t.squad_id, 'squad', sq.name,
      'labels', coalesce((
        SELECT jsonb_agg(l.name ORDER BY l.name, l.id) FROM test_labels tl JOIN labels l ON l.id = tl.label_id WHERE tl.test_id = t.id
      ), '[]'::jsonb)), test_version = ${Prisma.raw(versionSql('t'))}
    FROM tests t
    LEFT JOIN ords ON ords.id = t.section_id
    LEFT JOIN lookup_entries pr ON pr.id = t.priority_id
    LEFT JOIN squads sq ON sq.id = t.squad_id
    WHERE rt.run_id = ${runId} AND t.id = rt.test_id`;
}

const CASTS = { text: '', int: '::int' } as const;

/** SQL text of a field as the run shows it: from the snapshot of `rt` when there is one, else `live`. */
export function shown(field: string, live: string, type: keyof typeof CASTS = 'int'): string {
  return `CASE WHEN rt.snapshot IS NULL THEN ${live} ELSE (rt.snapshot->>'${field}')${CASTS[type]} END`;
}

/** SQL text of the names a locked run froze for `rt`, null while the run is open (the API's `snapshot`). */
export const frozenNamesJson = `CASE WHEN rt.snapshot IS NULL THEN NULL ELSE json_build_object(
  'sectionPath', rt.snapshot->'sectionPath', 'priority', rt.snapshot->'priority',
  'squad', rt.snapshot->'squad', 'labels', rt.snapshot->'labels') END`;

/** Freezes every test of the run (the caller holds the run's row lock, in the lock's transaction). */
export async function snapshotRunTests(tx: DbOrTx, runId: number, projectId: number): Promise<void> {
  await tx.$executeRaw(takeSnapshotSql(runId, projectId));
}

/** Drops the run's snapshot: its tests show the live catalog again. */
export async function clearRunSnapshot(tx: DbOrTx, runId: number): Promise<void> {
  await tx.$executeRaw`UPDATE run_tests SET snapshot = NULL WHERE run_id = ${runId}`;
}
