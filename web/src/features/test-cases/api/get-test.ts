import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { testKeys } from './query-keys';

/** One test of a project with its steps and expected result. */
export const testQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: testKeys.detail(projectId, testId),
    queryFn: () => unwrap(api.GET('/api/v1/test/details', { params: { query: { projectId, testId } } })),
  });

/** testId undefined (a deleted test of a run, say): nothing is fetched. */
export const useTest = (projectId: number, testId: number | undefined) =>
  useQuery({ ...testQueryOptions(projectId, testId ?? 0), enabled: testId !== undefined });
