import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** One run: name, description, lock state (who, when) and status counts. */
export const runDetailQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: ['runs', projectId, runId, 'detail'],
    queryFn: () => unwrap(api.GET('/api/v1/run/detail', { params: { query: { projectId, runId } } })),
  });

export const useRunDetail = (projectId: number, runId: number) => useQuery(runDetailQueryOptions(projectId, runId));
