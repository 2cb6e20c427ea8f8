import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { runKeys } from './query-keys';

/** A page of a project's runs, newest first, each with its status counts. */
export const runsQueryOptions = (projectId: number, limit: number, offset: number) =>
  queryOptions({
    queryKey: runKeys.list(projectId, { limit, offset }),
    queryFn: () => unwrap(api.GET('/api/v1/runs', { params: { query: { projectId, limit, offset } } })),
    placeholderData: keepPreviousData,
  });

export const useRuns = (projectId: number, limit: number, offset: number) => useQuery(runsQueryOptions(projectId, limit, offset));
