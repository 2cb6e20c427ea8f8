import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** A user who shares an organization with the caller (GET /user/details?userId=). */
export const userQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user', userId],
    queryFn: () => unwrap(api.GET('/api/v1/user/details', { params: { query: { userId } } })),
    staleTime: 5 * 60_000,
  });

/** userId → name of the users asked for, as they load (to show who did something). */
export function useUserNames(userIds: number[]): Map<number, string> {
  const unique = [...new Set(userIds)];
  const results = useQueries({ queries: unique.map((userId) => userQueryOptions(userId)) });
  const names = new Map<number, string>();
  results.forEach((r, i) => r.data && names.set(unique[i], r.data.name));
  return names;
}
