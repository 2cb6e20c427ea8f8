import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrapRecord } from '../../../lib/record-versions';
import { testKeys } from './query-keys';

/** One test of a project with its steps and expected result; its ETag is kept for a save's If-Match. */
export const testQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: testKeys.detail(projectId, testId),
    queryFn: ({ queryKey }) => unwrapRecord(queryKey, api.GET('/api/v1/test/details', { params: { query: { projectId, testId } } })),
  });

/** testId undefined (a deleted test of a run, say): nothing is fetched. */
export const useTest = (projectId: number, testId: number | undefined) =>
  useQuery({ ...testQueryOptions(projectId, testId ?? 0), enabled: testId !== undefined });
