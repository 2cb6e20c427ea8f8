import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { reportKeys } from './query-keys';

/** The run's status counts per section (tree order, unsectioned first), counted by the server. */
export const sectionCountsQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: reportKeys.sectionCounts(projectId, runId),
    queryFn: () => unwrap(api.GET('/api/v1/run/section-counts', { params: { query: { runId, projectId } } })),
  });

export const useSectionCounts = (projectId: number, runId: number) => useQuery(sectionCountsQueryOptions(projectId, runId));
