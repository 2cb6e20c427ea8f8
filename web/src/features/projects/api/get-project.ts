import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrapRecord } from '../../../lib/record-versions';
import { projectKeys } from './query-keys';

/** One project with its counts of tests and runs; its ETag is kept for an edit's If-Match. */
export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ queryKey }) => unwrapRecord(queryKey, api.GET('/api/v1/project/detail', { params: { query: { projectId } } })),
  });

export const useProject = (projectId: number | undefined) =>
  useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== undefined });
