import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { reportKeys } from './query-keys';

/** The most defects the report page lists (the most failed first). */
export const DEFECTS_SHOWN = 100;

/** The defects the run's current results link to, most failed first, each with its results. */
export const defectsQueryOptions = (projectId: number, runId: number) =>
  queryOptions({
    queryKey: reportKeys.defects(projectId, runId),
    queryFn: () => unwrap(api.GET('/api/v1/defects', { params: { query: { projectId, runId, limit: DEFECTS_SHOWN } } })),
  });

export const useDefects = (projectId: number, runId: number) => useQuery(defectsQueryOptions(projectId, runId));
