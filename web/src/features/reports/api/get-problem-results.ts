import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { reportKeys } from './query-keys';

/** The most results of one status the report page lists (the rest are in the report files). */
export const PROBLEMS_SHOWN = 50;

/** The run's tests whose current result is failed or blocked, the first PROBLEMS_SHOWN of each, with the totals. */
export const problemResultsQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: reportKeys.problems(projectId, runId),
    queryFn: async ({ signal }) => {
      const read = (status: 'failed' | 'blocked') =>
        unwrap(api.GET('/api/v1/run/tests', { params: { query: { projectId, runId, status, limit: PROBLEMS_SHOWN } }, signal }));
      const [failed, blocked] = await Promise.all([read('failed'), read('blocked')]);
      return { failed, blocked };
    },
  });

export const useProblemResults = (projectId: number, runId: number) => useQuery(problemResultsQueryOptions(projectId, runId));
