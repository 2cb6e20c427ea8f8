import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrapRecord } from '../../../lib/record-versions';
import { runKeys } from './query-keys';

/** One run: name, description, lock state (who, when) and status counts; its ETag is kept for an edit's If-Match. */
export const runDetailQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: runKeys.detail(projectId, runId),
    queryFn: ({ queryKey }) => unwrapRecord(queryKey, api.GET('/api/v1/run/detail', { params: { query: { projectId, runId } } })),
  });

export const useRunDetail = (projectId: number, runId: number) => useQuery(runDetailQueryOptions(projectId, runId));
