import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { metadataKeys } from './query-keys';

/** The squads of a project (GET /squads); invalidate metadataKeys.squads(projectId) after adding some. */
export const squadsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: metadataKeys.squads(projectId),
    queryFn: () => unwrap(api.GET('/api/v1/squads', { params: { query: { projectId } } })),
  });

export const useSquads = (projectId: number) => useQuery(squadsQueryOptions(projectId));
