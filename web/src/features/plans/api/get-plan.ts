import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { planKeys } from './query-keys';

/** Matrix rows (tests) per page of the plan page. */
export const MATRIX_PAGE = 50;

/** One plan: its runs, totals, assignees and a page of its status matrix; read again whenever shown. */
export const planQueryOptions = (projectId: number, planId: number, offset: number) =>
  queryOptions({
    queryKey: planKeys.detail(projectId, planId, { limit: MATRIX_PAGE, offset }),
    queryFn: () => unwrap(api.GET('/api/v1/plan/detail', { params: { query: { projectId, planId, limit: MATRIX_PAGE, offset } } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePlan = (projectId: number, planId: number, offset = 0) => useQuery(planQueryOptions(projectId, planId, offset));

export type PlanDetail = NonNullable<ReturnType<typeof usePlan>['data']>;
