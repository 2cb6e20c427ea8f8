import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { SelectionFields } from '../selection';

/** More counts than this for one selection are not asked; its size shows as unknown. */
const MAX_COUNTS = 60;

export interface SelectionSize {
  /** Tests matching; undefined while counting or when too many counts would be needed. */
  count: number | undefined;
  /** False with several labels: a test carrying two of them is counted twice, so `count` is an upper bound. */
  exact: boolean;
  /** True when the selection needs more counts than are asked (MAX_COUNTS): its size stays unknown. */
  tooMany: boolean;
}

/**
 * How many live tests a selection takes, from GET /project/tests-count (one section, label and
 * priority per call): one count per section × priority × label chosen, added up. Checked
 * sections are disjoint (selectionFields leaves out the covered ones) and a test has one
 * priority, so the sum is exact with at most one label.
 */
export function useSelectionCount(projectId: number, fields: SelectionFields | null): SelectionSize {
  const queries = fields ? countQueries(fields) : [];
  const counts = useQueries({
    queries: (queries.length > MAX_COUNTS ? [] : queries).map((query) => ({
      queryKey: ['runs', projectId, 'selection-count', query] as const,
      queryFn: () => unwrap(api.GET('/api/v1/project/tests-count', { params: { query: { projectId, ...query } } })),
      staleTime: 0,
    })),
  });
  const exact = !fields || 'allTests' in fields || (fields.labelIds?.length ?? 0) <= 1;
  const tooMany = queries.length > MAX_COUNTS;
  if (!fields || tooMany || counts.some((c) => c.data === undefined)) return { count: undefined, exact, tooMany };
  return { count: counts.reduce((sum, c) => sum + (c.data?.count ?? 0), 0), exact, tooMany };
}

type CountQuery = { sectionId?: number; includeSubsections?: 'true'; priorityId?: number; labelId?: number };

function countQueries(fields: SelectionFields): CountQuery[] {
  if ('allTests' in fields) return [{}];
  const each = <T>(ids: number[] | undefined, make: (id: number) => T): (T | object)[] => (ids?.length ? ids.map(make) : [{}]);
  return each(fields.sectionIds, (sectionId) => ({ sectionId, includeSubsections: 'true' as const })).flatMap((s) =>
    each(fields.priorityIds, (priorityId) => ({ priorityId })).flatMap((p) =>
      each(fields.labelIds, (labelId) => ({ labelId })).map((l) => ({ ...s, ...p, ...l })),
    ),
  );
}
