import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { chunk } from '../bulk-edit';
import { filterQuery, type TestFilters } from './get-tests';
import { testKeys } from './query-keys';
import { IDS_PER_REQUEST } from './read-selected-tests';

/**
 * How many of the selected tests the current filters show (GET /project/tests-count with the
 * selection's ids, IDS_PER_REQUEST at a time); the rest are hidden by them. Unfiltered, every
 * selected test is shown and nothing is asked. Undefined while counting. The counts sit under the
 * project's test keys, so an edit that moves tests in or out of the filter recounts.
 */
export function useSelectionShown(projectId: number, filters: TestFilters, ids: ReadonlySet<number>): number | undefined {
  const filtered = Object.keys(filters).length > 0;
  const chunks = filtered
    ? chunk(
        [...ids].sort((a, b) => a - b),
        IDS_PER_REQUEST,
      )
    : [];
  const counts = useQueries({
    queries: chunks.map((chunkIds) => {
      const testIds = chunkIds.join(',');
      return {
        queryKey: testKeys.shown(projectId, filters, testIds),
        queryFn: () =>
          unwrap(
            api.GET('/api/v1/project/tests-count', {
              params: {
                query: {
                  projectId,
                  ...filterQuery(filters),
                  testIds,
                },
              },
            }),
          ),
      };
    }),
  });
  if (!filtered) return ids.size;
  if (counts.some((c) => c.data === undefined)) return undefined;
  return counts.reduce((sum, c) => sum + (c.data?.count ?? 0), 0);
}
