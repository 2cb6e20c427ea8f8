import {
  hashKey,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { forgetEtag } from '../../../lib/record-versions';
import { testQueryOptions } from '../api/get-test';
import { testKeys } from '../api/query-keys';

// A test's versions (GET /test/versions, /test/version) and a restore (PUT /test/restore-version).
// The list sits under the project's tests (testKeys.all), so any save of a test refreshes it.

export type { RestoreResult, TestVersion, VersionContent, VersionEntry } from './version-types';

const PAGE = 50;

export const historyKeys = {
  list: (projectId: number, testId: number) => [...testKeys.all(projectId), 'versions', testId] as const,
  // A version never changes: its content is read once.
  one: (projectId: number, testId: number, version: number) => ['test-version', projectId, testId, version] as const,
};

export const testVersionsQueryOptions = (projectId: number, testId: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(projectId, testId),
    queryFn: ({ pageParam }) =>
      unwrap(api.GET('/api/v1/test/versions', { params: { query: { projectId, testId, limit: PAGE, offset: pageParam } } })),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.offset + page.versions.length < page.total ? page.offset + page.versions.length : undefined),
  });

/** The versions, newest first, 50 at a time. */
export const useTestVersions = (projectId: number, testId: number) => useInfiniteQuery(testVersionsQueryOptions(projectId, testId));

/** One version with its content; nothing is fetched for undefined. */
export const useTestVersion = (projectId: number, testId: number, version: number | undefined) =>
  useQuery({
    ...queryOptions({
      queryKey: historyKeys.one(projectId, testId, version ?? 0),
      queryFn: () => unwrap(api.GET('/api/v1/test/version', { params: { query: { projectId, testId, version: version ?? 0 } } })),
      staleTime: Infinity,
    }),
    enabled: version !== undefined,
  });

/** Restores a version; the open test takes the answer, and its lists and versions are read again. */
export function useRestoreVersion(projectId: number, testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => unwrap(api.PUT('/api/v1/test/restore-version', { body: { projectId, testId, version } })),
    onSuccess: async (result) => {
      const open = testQueryOptions(projectId, testId).queryKey;
      forgetEtag(open);
      queryClient.setQueryData(open, result.test);
      void queryClient.invalidateQueries({ queryKey: testKeys.all(projectId), predicate: (q) => q.queryHash !== hashKey(open) });
      // The form's next save needs the new version's ETag.
      await queryClient.refetchQueries({ queryKey: open, exact: true });
    },
  });
}
