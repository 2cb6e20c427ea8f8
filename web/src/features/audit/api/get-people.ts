import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { auditKeys } from './query-keys';

/** The organization's members (the first 1000), to name who acted and to choose one to filter by. */
export const peopleQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: auditKeys.people(orgId),
    queryFn: () => unwrap(api.GET('/api/v1/all-users', { params: { query: { orgId, limit: 1000 } } })),
    staleTime: 60_000,
  });

export const usePeople = (orgId: number) => useQuery(peopleQueryOptions(orgId));
