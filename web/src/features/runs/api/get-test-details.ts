import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** A test of the catalog with its steps and expected result. */
export const testDetailsQueryOptions = (projectId: number, testId: number) =>
  queryOptions({
    queryKey: ['tests', projectId, testId],
    queryFn: () => unwrap(api.GET('/api/v1/test/details', { params: { query: { projectId, testId } } })),
  });

export const useTestDetails = (projectId: number, testId: number | undefined) =>
  useQuery({ ...testDetailsQueryOptions(projectId, testId ?? 0), enabled: testId !== undefined });
