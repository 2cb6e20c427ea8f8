import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The squads of a project (GET /squads); invalidate ['squads', projectId] after adding some. */
export const projectSquadsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['squads', projectId],
    queryFn: () => unwrap(api.GET('/api/v1/squads', { params: { query: { projectId } } })),
  });

export const useProjectSquads = (projectId: number) => useQuery(projectSquadsQueryOptions(projectId));
