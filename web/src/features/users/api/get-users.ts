import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { userKeys } from './query-keys';

/** One page of an organization's members, each with the role held there (Admin only). */
export const usersQueryOptions = (orgId: number, limit: number, offset: number) =>
  queryOptions({
    queryKey: userKeys.page(orgId, { limit, offset }),
    queryFn: () => unwrap(api.GET('/api/v1/all-users', { params: { query: { orgId, limit, offset } } })),
  });

// The previous page stays on screen while the next loads, so paging does not jump.
export const useUsers = (orgId: number, limit: number, offset: number) =>
  useQuery({ ...usersQueryOptions(orgId, limit, offset), placeholderData: keepPreviousData });
