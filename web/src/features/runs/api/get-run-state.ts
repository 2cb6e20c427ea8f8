import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { runKeys } from './query-keys';

/** Counts of the five statuses, the total and the lock state: the progress bar's source. */
export const runStateQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: runKeys.state(projectId, runId),
    queryFn: () => unwrap(api.GET('/api/v1/run/state-detail', { params: { query: { projectId, runId } } })),
  });

export type RunState = Awaited<ReturnType<NonNullable<ReturnType<typeof runStateQueryOptions>['queryFn']>>>;

export const useRunState = (projectId: number, runId: number) => useQuery(runStateQueryOptions(projectId, runId));
