import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { authKeys } from './query-keys';

/** The caller's organizations (id and name). */
export const orgsQueryOptions = () =>
  queryOptions({ queryKey: authKeys.orgs(), queryFn: () => unwrap(api.GET('/api/v1/orgs')), staleTime: 5 * 60_000 });

export const useOrgs = () => useQuery(orgsQueryOptions());
