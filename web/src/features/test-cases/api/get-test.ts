import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/**
 * One test of a project with its steps and expected result. The key starts with
 * ['tests', projectId] so that invalidating a project's tests (after a bulk edit in the
 * catalog, say) also refreshes the open test.
 */
export const testQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: ['tests', projectId, testId],
    queryFn: () => unwrap(api.GET('/api/v1/test/details', { params: { query: { projectId, testId } } })),
  });

/** testId undefined (a deleted test of a run, say): nothing is fetched. */
export const useTest = (projectId: number, testId: number | undefined) =>
  useQuery({ ...testQueryOptions(projectId, testId ?? 0), enabled: testId !== undefined });
