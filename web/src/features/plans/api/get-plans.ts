import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { planKeys } from './query-keys';

/** A page of the project's plans, newest first, with their runs' counts; read again whenever shown (results change them). */
export const plansQueryOptions = (projectId: number, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: planKeys.list(projectId, page),
    queryFn: () => unwrap(api.GET('/api/v1/plans', { params: { query: { projectId, ...page } } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePlans = (projectId: number, page: { limit: number; offset: number }) => useQuery(plansQueryOptions(projectId, page));

export type Plan = NonNullable<ReturnType<typeof usePlans>['data']>['plans'][number];
