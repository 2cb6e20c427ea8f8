import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The lookup lists the catalog filters and edits by ({ id, name } entries). */
export type LookupPath = '/api/v1/priority' | '/api/v1/automation-status';

export const lookupQueryOptions = (path: LookupPath, projectId: number) =>
  queryOptions({
    queryKey: ['lookup', path, projectId],
    queryFn: () => unwrap(api.GET(path, { params: { query: { projectId } } })),
    staleTime: 5 * 60_000,
  });

export const useLookup = (path: LookupPath, projectId: number) => useQuery(lookupQueryOptions(path, projectId));
