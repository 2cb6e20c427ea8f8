import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { projectKeys } from './query-keys';

/** One project with its counts of tests and runs. */
export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => unwrap(api.GET('/api/v1/project/detail', { params: { query: { projectId } } })),
  });

export const useProject = (projectId: number | undefined) =>
  useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== undefined });
