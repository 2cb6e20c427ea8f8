import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { authKeys } from './query-keys';

/** The signed-in user, with the role held in each organization (`memberships`). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => unwrap(api.GET('/api/v1/user/details')),
    staleTime: 5 * 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());
