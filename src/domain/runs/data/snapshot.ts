import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { sectionTreeSql } from '../../sections/data';
import { stepsSql, versionSql } from '../../test-cases/data';

// A locked run shows its tests as they were when it was locked: at lock time
// each run_tests row gets a snapshot (jsonb) of the test's title, catalog ids,
// section path and tree position, priority, squad and label names; unlocking
// clears it. Readers pick the snapshot when there is one (snapshot is set
// exactly while the run is locked), so an open run's reads stay a plain join.
// Locking also records the version of each test the run holds (run_tests.test_version):
// that version's content is the test as it was at lock, which is where a locked run's
// steps are read from (heldStepsSql) rather than copied into every snapshot.

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

/**
 * SQL text of the steps of `rt`'s test (joined as `t`) as the run holds them, read as stepsSql reads
 * them (text, or the list with shared steps expanded): an open run's are the test's now; a locked
 * run's are those of the version it recorded at lock, one lookup by the versions' key, taken only
 * where it is read. Every change of a test's steps (its own, or its shared steps') records a
 * version, so the version the run recorded holds the steps the test had at lock. A test older than versions
 * (locked at version 0) kept them as its version 1 when it was first changed (keepBaseVersions);
 * one not changed since has none, and its steps now are those it had.
 */
export const heldStepsSql = `CASE WHEN rt.snapshot IS NULL THEN ${stepsSql('t')} ELSE coalesce(
  (SELECT v.content->'steps' FROM test_versions v WHERE v.test_id = rt.test_id AND v.version = greatest(rt.test_version, 1)),
  ${stepsSql('t')}) END`;

/**
 * Joins, as `hv`, the version a locked run's `rt` recorded at lock (none while the run is open, or
 * when that version is the test's unchanged version 1, read from the test itself): a run test's
 * texts, steps and fields are read from it where it is joined (heldSql), so all of them show the
 * test as it was at lock, as heldStepsSql does for the steps alone.
 */
export const heldVersionJoin = `LEFT JOIN test_versions hv
  ON rt.snapshot IS NOT NULL AND hv.test_id = rt.test_id AND hv.version = greatest(rt.test_version, 1)`;

/** SQL text of a field of the test's content as the run holds it (with heldVersionJoin): the held version's, else `live`. */
export const heldSql = (field: string, live: string, type: 'text' | 'jsonb' = 'text'): string =>
  `CASE WHEN hv.test_id IS NULL THEN ${live} ELSE hv.content${type === 'text' ? '->>' : '->'}'${field}' END`;

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
