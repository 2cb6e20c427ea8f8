import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { milestoneKeys } from './query-keys';

/** One milestone with its sub-milestones and its progress across their runs; read again whenever shown (see get-milestones). */
export const milestoneQueryOptions = (projectId: number, milestoneId: number) =>
  queryOptions({
    queryKey: milestoneKeys.detail(projectId, milestoneId),
    queryFn: () => unwrap(api.GET('/api/v1/milestone/detail', { params: { query: { projectId, milestoneId } } })),
    staleTime: 0,
  });

export const useMilestone = (projectId: number, milestoneId: number) => useQuery(milestoneQueryOptions(projectId, milestoneId));

export type MilestoneDetail = NonNullable<ReturnType<typeof useMilestone>['data']>;
