import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The caller's organizations (id and name). */
export const orgsQueryOptions = () =>
  queryOptions({ queryKey: ['orgs'], queryFn: () => unwrap(api.GET('/api/v1/orgs')), staleTime: 5 * 60_000 });

export const useOrgs = () => useQuery(orgsQueryOptions());
