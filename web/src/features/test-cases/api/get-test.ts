import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/**
 * One test of a project. The key starts with ['tests', projectId] so that invalidating a
 * project's tests (after a bulk edit in the catalog, say) also refreshes the open test.
 */
export const testQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: ['tests', projectId, testId],
    queryFn: () => unwrap(api.GET('/api/v1/test/details', { params: { query: { projectId, testId } } })),
  });

export const useTest = (projectId: number, testId: number) => useQuery(testQueryOptions(projectId, testId));
