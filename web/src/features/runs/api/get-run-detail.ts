import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { runKeys } from './query-keys';

/** One run: name, description, lock state (who, when) and status counts. */
export const runDetailQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: runKeys.detail(projectId, runId),
    queryFn: () => unwrap(api.GET('/api/v1/run/detail', { params: { query: { projectId, runId } } })),
  });

export const useRunDetail = (projectId: number, runId: number) => useQuery(runDetailQueryOptions(projectId, runId));
