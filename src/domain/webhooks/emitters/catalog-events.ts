import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../core/context';
import { percentOf } from '../../../reports/run-report';
import { emitEvent, subscribed } from '../emit';
import { EVENT_LIST_LIMIT, type CsvImportData, type MilestoneCompletedData, type TestsChangedData } from '../event-data';
import { projectName, sectionTestIds } from './data';

// The catalog's events: tests.changed (one per request: the tests it created, updated, moved
// or deleted), a CSV import completed, a milestone completed. Emitted in the write's transaction.

export interface TestChanges {
  created?: number[];
  updated?: number[];
  deleted?: number[];
}

const firstOnes = (ids: number[] | undefined) => [...new Set(ids ?? [])].slice(0, EVENT_LIST_LIMIT);
const countOf = (ids: number[] | undefined) => new Set(ids ?? []).size;

/** tests.changed for the project; nothing when the request changed no test. */
export async function emitTestsChanged(tx: Tx, ctx: RequestContext, place: { orgId: number; projectId: number }, changes: TestChanges) {
  const counts = { created: countOf(changes.created), updated: countOf(changes.updated), deleted: countOf(changes.deleted) };
  if (counts.created + counts.updated + counts.deleted === 0) return;
  await emitEvent(tx, ctx, {
    type: 'tests.changed',
    ...place,
    data: async () => {
      const data: TestsChangedData = {
        projectName: await projectName(tx, place.projectId),
        created: firstOnes(changes.created),
        updated: firstOnes(changes.updated),
        deleted: firstOnes(changes.deleted),
        counts,
        truncated: Math.max(counts.created, counts.updated, counts.deleted) > EVENT_LIST_LIMIT,
      };
      return { ...data };
    },
  });
}

/**
 * A section's deletion moves its tests to its parent: read them before (when a webhook listens),
 * and `emit` tests.changed (updated) after.
 */
export async function watchSectionTests(tx: Tx, ctx: RequestContext, place: { orgId: number; projectId: number }, sectionId: number) {
  const listening = await subscribed(tx, { type: 'tests.changed', ...place });
  const ids = listening ? await sectionTestIds(tx, sectionId) : [];
  return { emit: () => emitTestsChanged(tx, ctx, place, { updated: ids }) };
}

/** import.completed for a CSV import that wrote its tests. */
export async function emitCsvImported(
  tx: Tx,
  ctx: RequestContext,
  place: { orgId: number; projectId: number },
  counts: Omit<CsvImportData, 'source' | 'projectName'>,
) {
  await emitEvent(tx, ctx, {
    type: 'import.completed',
    ...place,
    data: async () => {
      const data: CsvImportData = { source: 'csv', projectName: await projectName(tx, place.projectId), ...counts };
      return { ...data };
    },
  });
}

/** milestone.completed, from the milestone as written (its record: runs and their counters added up). */
export async function emitMilestoneCompleted(
  tx: Tx,
  ctx: RequestContext,
  place: { orgId: number; projectId: number },
  record: () => Promise<Omit<MilestoneCompletedData, 'projectName' | 'passRate'>>,
) {
  await emitEvent(tx, ctx, {
    type: 'milestone.completed',
    ...place,
    data: async () => {
      const m = await record();
      const c = m.statusCounts;
      const data: MilestoneCompletedData = {
        milestoneId: m.milestoneId,
        name: m.name,
        projectName: await projectName(tx, place.projectId),
        parentId: m.parentId,
        dueDate: m.dueDate,
        completedAt: m.completedAt,
        runCount: m.runCount,
        statusCounts: c,
        passRate: percentOf(c.passed, c.total),
      };
      return { ...data };
    },
  });
}
