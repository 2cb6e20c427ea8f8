import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** One run with its status counts and lock state. */
export const runDetailQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: ['run', runId, 'detail'],
    queryFn: () => unwrap(api.GET('/api/v1/run/detail', { params: { query: { runId, projectId } } })),
  });

export const useRunDetail = (projectId: number, runId: number) => useQuery(runDetailQueryOptions(projectId, runId));
